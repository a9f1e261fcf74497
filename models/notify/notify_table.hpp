// The task scheduler's notify hardware (STARS on 950): the CntNotify id bank
// and its 32-bit counters, ordinary (binary) notifies, and the timing of
// record and wait tasks. Stream threads call the record and wait operations;
// a wait blocks only the stream that runs it.
#pragma once

#include "models/notify/cnt_notify_rules.hpp"
#include "models/notify/notify_params.hpp"
#include "models/report/first_entries.hpp"
#include "models/report/stats.hpp"
#include "models/report/trace_signals.hpp"
#include "models/systemc/simulation_time.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

class NotifyTable {
  public:
    NotifyTable(const NotifyParams& params, const Clock& clock);
    // Its statistics read it through `this`: it stays where it was made.
    NotifyTable(const NotifyTable&) = delete;
    NotifyTable& operator=(const NotifyTable&) = delete;

    IdBank& cnt_bank() { return m_cnt_bank; }
    IdBank& notify_bank() { return m_notify_bank; }
    const NotifyParams& params() const { return m_params; }
    // Declares the counters of the first kTracedCntNotifies ids with it.
    void set_tracer(SignalTracer* tracer);
    static constexpr std::uint32_t kTracedCntNotifies = 64;

    // A freshly allocated id counts from 0.
    void cnt_fresh(std::uint32_t id) { set_count(id, 0); }
    std::uint32_t cnt_count(std::uint32_t id) const;
    // Stream-side tasks; they block the calling stream thread.
    void cnt_record(std::uint32_t id, CntRecordMode mode, std::uint32_t value);
    // Returns false on timeout (timeout_s 0 = never).
    bool cnt_wait(std::uint32_t id, CntWaitMode mode, std::uint32_t value, std::uint32_t timeout_s,
                  bool clear);
    void notify_record(std::uint32_t id);
    bool notify_wait_and_reset(std::uint32_t id, std::uint32_t timeout_s);
    // What a record task spends before its counter changes, and a waiting
    // stream after the change before it goes on (events use them too):
    // each counted, so a result says whether notify.* timed anything.
    void record_delay();
    void wake_delay();

    // The last value a completed record task wrote, by id (for the result).
    const std::map<std::uint32_t, std::uint32_t>& cnt_counts() const { return m_counts; }
    // Released CntNotify waits (the first ones, and how many more): when
    // its condition came true, when the stream went on.
    struct WaitRelease {
        std::uint32_t id;
        sc_core::sc_time satisfied, released;
    };
    const FirstEntries<WaitRelease>& wait_releases() const { return m_releases; }
    // What the table reports of a run (released CntNotify waits).
    const StatsGroup& stats() const { return m_stats; }

  private:
    struct Binary {
        bool set = false;
        sc_core::sc_event changed;
    };
    void set_count(std::uint32_t id, std::uint32_t value);
    sc_core::sc_event& changed(std::uint32_t id);
    bool wait_until_released(const sc_core::sc_event& changed, std::uint32_t timeout_s,
                             const std::function<bool()>& released);

    NotifyParams m_params;
    Clock m_clock;
    IdBank m_cnt_bank, m_notify_bank;
    std::map<std::uint32_t, std::uint32_t> m_counts;
    std::map<std::uint32_t, std::unique_ptr<sc_core::sc_event>> m_changed;
    std::map<std::uint32_t, std::unique_ptr<Binary>> m_binary;
    SignalTracer* m_tracer = nullptr;
    std::vector<int> m_count_signals; // by id, the first kTracedCntNotifies
    FirstEntries<WaitRelease> m_releases;
    std::uint64_t m_timed_tasks = 0; // record and wake delays paid
    StatsGroup m_stats{"notify"};
};

} // namespace syncsim
