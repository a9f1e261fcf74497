// Time and process-resumption accounting shared by every model.
#pragma once

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <functional>
#include <string>
#include <systemc>
#include <utility>

namespace syncsim {

// A clock is a period, not a toggling sc_clock: models convert cycle counts to
// sc_time when they schedule, so nothing wakes up on an edge that changes nothing.
struct Clock {
    double period_ps = 1000.0;

    Clock(double period = 1000.0) : period_ps(period) {} // NOLINT: Clock{ps} reads well

    static Clock from_mhz(double mhz) { return Clock{1.0e6 / mhz}; }
    // Whole picoseconds, built from the kernel's integer time (constructing an
    // sc_time from a double and a unit costs as much as a thread resumption).
    sc_core::sc_time cycles(double n) const;
    double to_cycles(const sc_core::sc_time& t) const { return t.to_seconds() * 1e12 / period_ps; }

    // The last conversion, kept: a core converts the same few counts (one
    // scalar op, one issue) over and over, and rounding costs more than a look.
    mutable double memo_cycles = -1;
    mutable sc_core::sc_time memo_time;
};

// Kernel time units per picosecond (1 at the resolution every run sets).
inline sc_dt::uint64 units_per_ps() {
    static const sc_dt::uint64 units = sc_core::sc_time(1, sc_core::SC_PS).value();
    return units;
}
inline sc_core::sc_time from_ps(std::uint64_t ps) {
    return sc_core::sc_time::from_value(ps * units_per_ps());
}
inline sc_core::sc_time Clock::cycles(double n) const {
    if (n != memo_cycles) {
        memo_time = from_ps(static_cast<std::uint64_t>(std::llround(n * period_ps)));
        memo_cycles = n;
    }
    return memo_time;
}
// Simulated time in whole picoseconds (the unit of every result and trace).
inline std::uint64_t to_ps(const sc_core::sc_time& t) {
    return static_cast<std::uint64_t>(t.value() / units_per_ps());
}
inline std::uint64_t now_ps() {
    return to_ps(sc_core::sc_time_stamp());
}

// SystemC threads the machine can hold (by its memory and ulimit -v):
// the driver sets the limit from the machine before a run; models take one
// for each thread they start while running and get a KernelFault naming the
// limit, not a crash, when none is left.
struct ThreadBudget {
    static std::uint64_t& limit() {
        static std::uint64_t n = ~std::uint64_t(0);
        return n;
    }
    static std::uint64_t& used() {
        static std::uint64_t n = 0;
        return n;
    }
    static void take(const std::string& what);
};

// Every model thread resumes through these helpers, so a run can report how
// many thread resumptions it cost (the figure behind "resumptions per
// second"; SC_METHOD runs are not counted), and a
// run can be bounded by that count (limits.max_events) and by wall-clock time
// (limits.wall_time): no input makes the simulator run for ever.
struct Activity {
    enum class Stop { None, EventLimit, WallLimit, Interrupted };
    using Clock = std::chrono::steady_clock;

    static std::uint64_t& resumptions() {
        static std::uint64_t count = 0;
        return count;
    }
    // Resets the count and arms both bounds (0 = no bound). A pending
    // interrupt stays pending: it stops the run at its first resumption.
    static void arm(std::uint64_t max_events, double wall_seconds) {
        resumptions() = 0;
        State& s = state();
        s.max_events = max_events;
        s.wall_deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(wall_seconds));
        s.wall_bounded = wall_seconds > 0;
        s.stop = Stop::None;
    }
    // Calls `report` about every `period` of wall-clock time while the model
    // runs, the first time after `first` (an empty `report`: never).
    static void arm_progress(std::function<void()> report, Clock::duration first,
                             Clock::duration period) {
        State& s = state();
        s.progress = std::move(report);
        s.next_progress = Clock::now() + first;
        s.progress_period = period;
    }
    // Asks the running model to stop where it is (SIGINT, SIGTERM): safe to
    // call from a signal handler, which is all it may do there.
    static void request_interrupt(int signal) { interrupt_signal() = signal; }
    static int interrupt_requested() { return interrupt_signal(); }
    static Stop stopped() { return state().stop; }
    static bool limit_reached() { return state().stop != Stop::None; }
    static void count_one() {
        const std::uint64_t n = ++resumptions();
        if (n == state().max_events) stop(Stop::EventLimit);
        if (interrupt_signal() != 0) stop(Stop::Interrupted);
        // The clock is read once per 4096 resumptions: about a millisecond of work.
        if ((n & 0xFFFu) == 0 && (state().wall_bounded || state().progress)) check_clock();
    }

  private:
    struct State {
        std::uint64_t max_events = 0;
        Clock::time_point wall_deadline{};
        bool wall_bounded = false;
        Stop stop = Stop::None;
        std::function<void()> progress;
        Clock::time_point next_progress{};
        Clock::duration progress_period{};
    };
    static State& state() {
        static State s;
        return s;
    }
    static volatile std::sig_atomic_t& interrupt_signal() {
        static volatile std::sig_atomic_t signal = 0;
        return signal;
    }
    static void check_clock() {
        State& s = state();
        const Clock::time_point now = Clock::now();
        if (s.wall_bounded && now >= s.wall_deadline) stop(Stop::WallLimit);
        if (s.progress && now >= s.next_progress) {
            s.next_progress = now + s.progress_period;
            s.progress();
        }
    }
    static void stop(Stop why) {
        if (state().stop != Stop::None) return;
        state().stop = why;
        sc_core::sc_pause(); // resumable, so the driver can end what still runs
    }
};

inline void wait_for(const sc_core::sc_time& t) {
    if (t == sc_core::SC_ZERO_TIME) return;
    sc_core::wait(t);
    Activity::count_one();
}

inline void wait_on(const sc_core::sc_event& e) {
    sc_core::wait(e);
    Activity::count_one();
}

inline void wait_until(const sc_core::sc_time& t) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    if (t > now) wait_for(t - now);
}

inline double to_ns(const sc_core::sc_time& t) {
    return t.to_seconds() * 1e9;
}

// A system counter of `mhz` at `t`: whole ticks since the run began.
inline std::uint64_t sys_count_at(const sc_core::sc_time& t, double mhz) {
    return static_cast<std::uint64_t>(static_cast<long double>(to_ps(t)) * mhz / 1e6L);
}
inline std::uint64_t sys_count(double mhz) {
    return sys_count_at(sc_core::sc_time_stamp(), mhz);
}

} // namespace syncsim
