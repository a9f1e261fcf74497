#include "models/notify/notify_table.hpp"

namespace syncsim {

NotifyTable::NotifyTable(const NotifyParams& params, const Clock& clock)
    : m_params(params), m_clock(clock), m_cnt_bank(params.cnt_supported ? params.cnt_bank_ids : 0),
      m_notify_bank(params.notify_bank_ids) {
    m_stats.add(
        "cnt_notify_waits", "records",
        "released CntNotify waits: when the condition came true, when the stream went on", [this] {
            ReportValue::List waits;
            for (const WaitRelease& w : m_releases)
                waits.push_back(record()
                                    .with("id", w.id)
                                    .with("satisfied_ps", to_ps(w.satisfied))
                                    .with("released_ps", to_ps(w.released))
                                    .with("latency_ps", to_ps(w.released) - to_ps(w.satisfied)));
            return ReportValue(std::move(waits));
        });
    m_stats.add("notify_timed_tasks", "tasks",
                "notify, CntNotify and event records and waits that paid notify.record_cycles or "
                "notify.wake_cycles",
                [this] { return ReportValue(m_timed_tasks); });
    m_stats.add(
        "cnt_notify_waits_left_out", "waits", "released waits past the first listed", [this] {
            return m_releases.left_out() ? ReportValue(m_releases.left_out()) : ReportValue();
        });
}

void NotifyTable::record_delay() {
    ++m_timed_tasks;
    wait_for(m_clock.cycles(m_params.record_cycles));
}

void NotifyTable::wake_delay() {
    ++m_timed_tasks;
    wait_for(m_clock.cycles(m_params.wake_cycles));
}

void NotifyTable::set_tracer(SignalTracer* tracer) {
    m_tracer = tracer;
    m_count_signals.clear();
    if (!tracer) return;
    for (std::uint32_t id = 0; id < kTracedCntNotifies; ++id)
        m_count_signals.push_back(tracer->declare({TraceSignal::CntNotify, -1, "runtime.cnt_notify",
                                                   "id" + std::to_string(id), 32, "CntNotify",
                                                   "cnt_notify" + std::to_string(id), true}));
}

std::uint32_t NotifyTable::cnt_count(std::uint32_t id) const {
    auto it = m_counts.find(id);
    return it == m_counts.end() ? 0 : it->second;
}

sc_core::sc_event& NotifyTable::changed(std::uint32_t id) {
    auto& e = m_changed[id];
    if (!e) e = std::make_unique<sc_core::sc_event>();
    return *e;
}

void NotifyTable::set_count(std::uint32_t id, std::uint32_t value) {
    m_counts[id] = value;
    if (m_tracer && id < m_count_signals.size())
        m_tracer->change(m_count_signals[id], now_ps(), value);
    changed(id).notify(sc_core::SC_ZERO_TIME);
}

void NotifyTable::cnt_record(std::uint32_t id, CntRecordMode mode, std::uint32_t value) {
    record_delay();
    set_count(id, apply_record(cnt_count(id), mode, value, m_params.mode4));
}

bool NotifyTable::wait_until_released(const sc_core::sc_event& event, std::uint32_t timeout_s,
                                      const std::function<bool()>& released) {
    const sc_core::sc_time deadline =
        sc_core::sc_time_stamp() +
        sc_core::sc_time(static_cast<double>(timeout_s), sc_core::SC_SEC);
    while (!released()) {
        if (timeout_s == 0) {
            wait_on(event);
            continue;
        }
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        if (now >= deadline) return false;
        sc_core::wait(deadline - now, event);
        Activity::count_one();
    }
    wake_delay();
    return true;
}

bool NotifyTable::cnt_wait(std::uint32_t id, CntWaitMode mode, std::uint32_t value,
                           std::uint32_t timeout_s, bool clear) {
    sc_core::sc_time satisfied;
    const bool ok = wait_until_released(changed(id), timeout_s, [&] {
        satisfied = sc_core::sc_time_stamp();
        return wait_released(cnt_count(id), mode, value);
    });
    if (ok) m_releases.push_back({id, satisfied, sc_core::sc_time_stamp()});
    if (ok && clear) set_count(id, 0);
    return ok;
}

void NotifyTable::notify_record(std::uint32_t id) {
    record_delay();
    auto& b = m_binary[id];
    if (!b) b = std::make_unique<Binary>();
    b->set = true;
    b->changed.notify(sc_core::SC_ZERO_TIME);
}

bool NotifyTable::notify_wait_and_reset(std::uint32_t id, std::uint32_t timeout_s) {
    auto& b = m_binary[id];
    if (!b) b = std::make_unique<Binary>();
    Binary& binary = *b;
    const bool ok = wait_until_released(binary.changed, timeout_s, [&] { return binary.set; });
    if (ok) binary.set = false;
    return ok;
}

} // namespace syncsim
