#include "models/core/write_buffer.hpp"

#include "models/systemc/simulation_time.hpp"

namespace syncsim {

WriteBuffer::WriteBuffer(const sc_core::sc_object& owner, PipeUnit::FaultHandler on_fault)
    : m_unit(std::make_unique<PipeUnit>(owner, "write_buffer", std::move(on_fault))) {}

void WriteBuffer::post(GmAddr line_base, const sc_core::sc_time& issued, const char* what,
                       std::function<void()> access) {
    const std::uint64_t seq = m_lines.post(line_base);
    m_unit->issue({issued, what, [this, seq, access = std::move(access)] {
                       access();
                       m_lines.landed(seq, m_unit->queued() == 0);
                       // Only the awaited post wakes the waiting core.
                       if (seq == m_awaited && m_landed) m_landed->notify(sc_core::SC_ZERO_TIME);
                   }});
}

void WriteBuffer::wait_for_line(GmAddr line_base) {
    const std::uint64_t seq = m_lines.pending_for(line_base);
    if (seq == 0) return;
    m_awaited = seq;
    if (!m_landed) m_landed = std::make_unique<sc_core::sc_event>();
    while (!m_lines.has_landed(m_awaited)) wait_on(*m_landed);
}

} // namespace syncsim
