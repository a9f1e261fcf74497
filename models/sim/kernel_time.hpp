// Time and process-resumption accounting shared by every model.
#pragma once

#include <cmath>
#include <cstdint>
#include <systemc>

namespace syncsim {

// A clock is a period, not a toggling sc_clock: models convert cycle counts to
// sc_time when they schedule, so nothing wakes up on an edge that changes nothing.
struct Clock {
    double period_ps = 1000.0;

    static Clock from_mhz(double mhz) { return Clock{1.0e6 / mhz}; }
    sc_core::sc_time cycles(double n) const {
        return sc_core::sc_time(std::llround(n * period_ps), sc_core::SC_PS);
    }
    double to_cycles(const sc_core::sc_time& t) const { return t.to_seconds() * 1e12 / period_ps; }
};

// Every model process resumes through these helpers, so a run can report how
// many kernel events it cost (the figure behind "events per second"), and a
// run can be bounded by that count (limits.max_events).
struct Activity {
    static std::uint64_t& resumptions() {
        static std::uint64_t count = 0;
        return count;
    }
    static std::uint64_t& limit() { // 0 = none
        static std::uint64_t value = 0;
        return value;
    }
    static bool& limit_reached() {
        static bool reached = false;
        return reached;
    }
    static void count_one() {
        if (++resumptions() == limit() && !limit_reached()) {
            limit_reached() = true;
            sc_core::sc_stop();
        }
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

} // namespace syncsim
