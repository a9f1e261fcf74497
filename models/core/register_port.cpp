// A resident worker's MMIO registers as its scalar unit reaches them: each
// access is a scalar instruction at the core's own time; a spin sleeps until
// the AICPU's write lands.
#include "models/core/register_port.hpp"

namespace syncsim {

namespace {

const char* to_string(RegId r) {
    return r == RegId::COND ? "COND" : "DATA_MAIN_BASE";
}

} // namespace

std::uint64_t RegisterPort::read(RegId reg) {
    m_activity.enter("read_reg");
    // A register read is one scalar instruction; its value depends on when
    // it happens, so the core catches up first.
    m_time.advance(m_config.timing.scalar_op);
    m_time.sync();
    if (m_races && m_races->on())
        m_races->detector->acquire_from(
            m_races->agent, RaceDetector::register_key(m_races->agent, static_cast<int>(reg)));
    return m_regs[reg].read(m_time.now());
}

void RegisterPort::write(RegId reg, std::uint64_t value) {
    m_activity.enter("write_reg");
    m_time.advance(m_config.timing.scalar_op);
    m_time.sync();
    if (m_races && m_races->on())
        m_races->detector->release_to(
            m_races->agent, RaceDetector::register_key(m_races->agent, static_cast<int>(reg)));
    // The core's own DATA_MAIN_BASE is next to it; COND lands where the
    // AICPU reads it after the path's latency.
    m_regs[reg].post(value, reg == RegId::COND ? m_regs.core_write_latency : sc_core::SC_ZERO_TIME);
}

std::uint64_t RegisterPort::spin_while(RegId reg, std::uint64_t value) {
    m_activity.enter("spin_while_reg");
    m_time.sync();
    MmioRegister& r = m_regs[reg];
    const char* name = to_string(reg);
    bool waited = false;
    for (;;) {
        const auto differs = r.first_differing(value, m_time.now());
        if (!waited && (!differs || *differs > m_time.now())) {
            waited = true;
            m_activity.set_external_wait(CoreState::Waiting, [name, value] {
                return std::string("resident worker: spins on ") + name + " while it reads " +
                       std::to_string(value) + " (waits for the AICPU to dispatch a task)";
            });
        }
        if (differs) {
            wait_until(*differs);
            break;
        }
        wait_on(r.posted());
    }
    if (waited) m_activity.clear_external_wait();
    m_time.advance(m_config.timing.scalar_op); // the read that saw the change
    m_time.sync();
    if (m_races && m_races->on())
        m_races->detector->acquire_from(
            m_races->agent, RaceDetector::register_key(m_races->agent, static_cast<int>(reg)));
    return r.read(m_time.now());
}

std::uint64_t RegisterPort::sys_count() {
    m_activity.enter("get_sys_cnt");
    const std::uint64_t ticks = sys_count_at(m_time.now(), m_config.sys_counter_mhz);
    m_time.advance(m_config.timing.sys_counter_read);
    return ticks;
}

} // namespace syncsim
