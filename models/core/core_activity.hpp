// What a core's scalar unit is doing, for tracing and for explaining a run
// that did not end: its state and since when, what it waits on, what it has
// counted, the fault that ends its block, and the barrier rounds it marked.
#pragma once

#include "models/core/core_report.hpp"
#include "models/core/core_status.hpp"
#include "models/core/local_time.hpp"
#include "models/report/round_ledger.hpp"

#include <array>
#include <functional>
#include <optional>
#include <string>

namespace syncsim {

class CoreTraceSink {
  public:
    virtual ~CoreTraceSink() = default;
    virtual void core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) = 0;
    // Arrival at round `round` (0: a block starts) and release from it, at
    // the core's own time (a mark does not make the core catch up).
    virtual void core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) = 0;
    virtual void core_release(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) {
        (void)soc_core_id;
        (void)round;
        (void)at_ps;
    }
};

class CoreActivity {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    CoreActivity(const CoreActivity&) = delete;
    CoreActivity& operator=(const CoreActivity&) = delete;
    CoreActivity(LocalTime& time, int soc_core_id) : m_time(time), m_core(soc_core_id) {}

    void set_tracer(CoreTraceSink* tracer) { m_tracer = tracer; }
    void set_round_ledger(RoundLedger* ledger) { m_ledger = ledger; }
    CoreTraceSink* tracer() const { return m_tracer; }
    RoundLedger* ledger() const { return m_ledger; }

    CoreState state() const { return m_state; }
    sc_core::sc_time state_since() const { return m_state_since; }
    void set_state(CoreState state);

    // What the core waits on (kind and details), while it waits.
    WaitReason& reason() { return m_reason; }
    const WaitReason& reason() const { return m_reason; }
    // Blocks until `pred` holds, woken by `event`, in `state` for `reason`.
    template <typename Pred>
    void block_until(Pred pred, const sc_core::sc_event& event, CoreState state,
                     const WaitReason& reason) {
        if (pred()) return;
        m_reason = reason;
        set_state(state);
        while (!pred()) m_time.wait_ahead(event);
        m_reason = WaitReason{};
        set_state(CoreState::Running);
    }
    // External agents (FFTS, notify) describe what a core waits on them for,
    // when a report asks (so the text says how far the other side got).
    // `target`, when given, says who should end the wait (the culprit's side).
    void set_external_wait(CoreState state, std::function<std::string()> describe,
                           std::function<std::optional<WaitTarget>()> target = nullptr);
    void clear_external_wait();
    const std::function<std::string()>& external_describe() const { return m_external_describe; }
    void forget_wait() {
        m_external_describe = nullptr;
        m_external_target = nullptr;
        m_reason = WaitReason{};
    }

    CoreCounters& counters() { return m_counters; }
    const CoreCounters& counters() const { return m_counters; }
    // Counts an intrinsic; a fault raised meanwhile (by a pipe, the write
    // buffer) ends the block here.
    void enter(const char* intrinsic);

    const std::optional<std::string>& fault() const { return m_fault; }
    void fault_once(const std::string& what) {
        if (!m_fault) m_fault = what;
    }
    void set_fault(std::optional<std::string> what) { m_fault = std::move(what); }

    // Barrier rounds the block marked (the software says where they are):
    // stamped with the core's own time, never making it catch up.
    std::uint32_t round() const { return m_round; }
    bool round_open() const { return m_round_open; }
    void set_round(std::uint32_t round, bool open) {
        m_round = round;
        m_round_open = open;
    }
    void mark_round();
    void mark_release();

    // A block of launch `launch_id` (`works` blocks times cores) starts on
    // the core, ends (after its last intrinsic) or is killed.
    void block_started(std::uint64_t launch_id, std::uint64_t works);
    void block_ended();
    void block_killed(const std::string& why);

    // Its part of a core's report: state, counters, rounds, fault, and what
    // it waits on (`own_wait` describes a wait no agent describes); its time
    // in each state, the current stretch up to `at` (the run's end: a core
    // asleep in fast-forwarded polls counts as polling up to there).
    void report_into(CoreReport& r, const sc_core::sc_time& at,
                     const std::function<std::string()>& own_wait) const;

  private:
    LocalTime& m_time;
    int m_core;
    CoreTraceSink* m_tracer = nullptr;
    RoundLedger* m_ledger = nullptr;
    CoreState m_state = CoreState::Idle;
    sc_core::sc_time m_state_since = sc_core::SC_ZERO_TIME;
    std::array<sc_core::sc_time, kCoreStateCount> m_time_in{}; // closed stretches
    WaitReason m_reason;
    std::function<std::string()> m_external_describe;
    std::function<std::optional<WaitTarget>()> m_external_target;
    CoreCounters m_counters;
    std::optional<std::string> m_fault;
    std::uint32_t m_round = 0; // barrier rounds the current (or last) block entered
    bool m_round_open = false; // arrived at m_round, not yet released
};

} // namespace syncsim
