#include "models/core/core_activity.hpp"

#include <algorithm>

#include "syncsim/fault.hpp"

namespace syncsim {

void CoreActivity::set_state(CoreState state) {
    if (state == m_state) return;
    // A core's local time can step back when its lag is dropped (a kill, a
    // sync): a stretch is never negative, and a state never starts earlier
    // than the one before it.
    const sc_core::sc_time now = std::max(m_time.now(), m_state_since);
    m_time_in[static_cast<std::size_t>(m_state)] += now - m_state_since;
    m_state = state;
    m_state_since = now;
    if (m_tracer) m_tracer->core_state(m_core, state, to_ps(m_time.now()));
}

void CoreActivity::set_external_wait(CoreState state, std::function<std::string()> describe,
                                     std::function<std::optional<WaitTarget>()> target) {
    // An external wait's reason is its kind and text alone (no other field
    // is read for it), so only those are reset: this runs twice per round.
    m_reason.kind = WaitReason::Kind::External;
    m_reason.text.clear();
    m_external_describe = std::move(describe);
    m_external_target = std::move(target);
    set_state(state);
}

void CoreActivity::clear_external_wait() {
    m_reason.kind = WaitReason::Kind::None;
    m_reason.text.clear();
    m_external_describe = nullptr;
    m_external_target = nullptr;
    set_state(CoreState::Running);
}

void CoreActivity::enter(const char* intrinsic) {
    ++m_counters.intrinsics;
    m_counters.last_intrinsic = intrinsic;
    if (m_fault) throw KernelFault(*m_fault);
}

void CoreActivity::mark_round() {
    ++m_round;
    m_round_open = true;
    if (m_ledger) m_ledger->arrive(m_core, to_ps(m_time.now()));
    if (m_tracer) m_tracer->core_round(m_core, m_round, to_ps(m_time.now()));
}

void CoreActivity::mark_release() {
    if (!m_round_open) return;
    m_round_open = false;
    if (m_ledger) m_ledger->release(m_core, to_ps(m_time.now()));
    if (m_tracer) m_tracer->core_release(m_core, m_round, to_ps(m_time.now()));
}

void CoreActivity::block_started(std::uint64_t launch_id, std::uint64_t works) {
    m_fault.reset();
    m_round = 0;
    m_round_open = false;
    if (m_ledger) m_ledger->work_started(launch_id, works, m_core);
    if (m_tracer) m_tracer->core_round(m_core, 0, to_ps(m_time.now()));
}

void CoreActivity::block_ended() {
    ++m_counters.blocks_run;
    set_state(m_fault ? CoreState::Faulted : CoreState::Done);
    if (m_ledger) m_ledger->work_finished(m_core);
}

void CoreActivity::block_killed(const std::string& why) {
    forget_wait();
    m_fault = why;
    set_state(CoreState::Faulted);
    if (m_ledger) m_ledger->work_finished(m_core);
}

namespace {
// A poll on a GM word (a soft barrier's counter or slots) names no signaller:
// whoever has not marked the poller's barrier round, in its launch, has not
// come.
WaitTarget poll_target(const WaitReason& reason, std::int64_t barrier_n) {
    WaitTarget t;
    t.object = "GM " + hex_address(reason.addr);
    t.among_both_types = true;
    t.barrier_callers_only = barrier_n != 0;
    t.need = barrier_n; // a soft barrier's N, as this core computed it
    // What the pollers of one word agree on (not their poll counts).
    const bool sum = reason.slots > 0 && reason.slot_sum;
    t.detail = "poll" + (reason.slots > 0 ? " of " + std::to_string(reason.slots) + " slots" : "") +
               " until " +
               (sum                  ? "the sum "
                : reason.slot_quorum ? std::to_string(reason.slot_quorum) + " of them "
                : reason.slots > 0   ? "every slot "
                                     : "the value ") +
               to_string(reason.until) + " " + std::to_string(reason.target) + ": last " +
               (sum                ? "sum "
                : reason.slots > 0 ? "ready "
                                   : "value ") +
               std::to_string(reason.value);
    return t;
}
} // namespace

void CoreActivity::report_into(CoreReport& r, const sc_core::sc_time& at,
                               const std::function<std::string()>& own_wait) const {
    r.state = m_state;
    r.state_since = m_state_since;
    r.blocks_run = m_counters.blocks_run;
    r.intrinsics = m_counters.intrinsics;
    r.last_intrinsic = m_counters.last_intrinsic;
    r.barrier_rounds = m_round;
    r.round_open = m_round_open;
    r.last_barrier_n = m_counters.last_barrier_n;
    if (m_state == CoreState::Waiting || m_state == CoreState::Polling ||
        m_state == CoreState::Blocked) {
        r.waiting_on = m_external_describe ? m_external_describe() : own_wait();
        if (m_external_target)
            r.target = m_external_target();
        else if (m_reason.kind == WaitReason::Kind::Poll)
            r.target = poll_target(m_reason, m_counters.last_barrier_n);
    }
    r.fault = m_fault;
    r.cache_hits = m_counters.cache_hits;
    r.cache_misses = m_counters.cache_misses;
    r.writebacks = m_counters.writebacks;
    r.polls = m_counters.polls;
    r.poll_timeouts = m_counters.poll_timeouts;
    for (std::size_t s = 0; s < m_time_in.size(); ++s) r.time_in_ps[s] = to_ps(m_time_in[s]);
    if (at > m_state_since)
        r.time_in_ps[static_cast<std::size_t>(m_state)] += to_ps(at - m_state_since);
}

} // namespace syncsim
