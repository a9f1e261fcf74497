#include "models/core/core_activity.hpp"

#include "syncsim/fault.hpp"

namespace syncsim {

void CoreActivity::set_state(CoreState state) {
    if (state == m_state) return;
    m_state = state;
    m_state_since = m_time.now();
    if (m_tracer) m_tracer->core_state(m_core, state, to_ps(m_time.now()));
}

void CoreActivity::set_external_wait(CoreState state, std::function<std::string()> describe) {
    // An external wait's reason is its kind and text alone (no other field
    // is read for it), so only those are reset: this runs twice per round.
    m_reason.kind = WaitReason::Kind::External;
    m_reason.text.clear();
    m_external_describe = std::move(describe);
    set_state(state);
}

void CoreActivity::clear_external_wait() {
    m_reason.kind = WaitReason::Kind::None;
    m_reason.text.clear();
    m_external_describe = nullptr;
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

} // namespace syncsim
