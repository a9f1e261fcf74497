#include "models/core/block_slot.hpp"

namespace syncsim {

const BlockWork& BlockSlot::start() {
    m_current = std::move(m_pending);
    m_pending.reset();
    m_kernel_name = m_current->launch->kernel_name;
    m_block_idx = m_current->block_idx;
    m_launch_id = m_current->launch->launch_id;
    if (m_races) {
        m_races->in_poll = false;
        m_races->site = nullptr;
        if (m_races->on() && m_current->launch->order)
            m_races->detector->acquire(m_races->agent, m_current->launch->order->start);
    }
    return *m_current;
}

std::function<void(const std::optional<std::string>&)>
BlockSlot::finish(const sc_core::sc_time& at) {
    m_finished_at = at;
    if (m_races && m_races->on() && m_current->launch->order) {
        // A block ends once its posted writes landed: they are ordered before its end.
        m_races->detector->fence(m_races->agent);
        join_release(m_current->launch->order->end, m_races->detector->release(m_races->agent));
    }
    auto done = std::move(m_current->on_done);
    m_current.reset();
    return done;
}

void BlockSlot::kill(const sc_core::sc_time& at) {
    m_finished_at = at;
    m_current.reset();
}

BlockSlot::Identity BlockSlot::swap_in(Identity id) {
    Identity was{m_current->launch, m_current->block_idx, m_current->subblockid,  m_block_idx,
                 m_kernel_name,     m_activity.round(),   m_activity.round_open()};
    m_current->launch = std::move(id.launch);
    m_current->block_idx = id.block_idx;
    m_current->subblockid = id.subblockid;
    m_block_idx = id.shown_block;
    m_kernel_name = std::move(id.shown_kernel);
    m_activity.set_round(id.round, id.round_open);
    return was;
}

void BlockSlot::report_into(CoreReport& r) const {
    r.has_block = m_current.has_value();
    r.kernel = m_kernel_name;
    r.block_idx = m_block_idx;
    r.launch_id = m_launch_id;
    r.finished_at = m_finished_at;
}

} // namespace syncsim
