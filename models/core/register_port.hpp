// A core's MMIO registers (DATA_MAIN_BASE, COND), which an AICPU writes
// work into and reads answers from, as the core's resident worker reaches
// them: read_reg, write_reg and spin_while_reg.
#pragma once

#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_time.hpp"
#include "models/core/mmio_register.hpp"

namespace syncsim {

class RegisterPort {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    RegisterPort(const RegisterPort&) = delete;
    RegisterPort& operator=(const RegisterPort&) = delete;
    RegisterPort(const CoreConfig& config, LocalTime& time, CoreActivity& activity)
        : m_config(config), m_time(time), m_activity(activity) {}

    // The registers themselves, as an AICPU reaches them by MMIO.
    CoreRegisters& registers() { return m_regs; }
    // The core's part in the race detector: a write releases into the
    // register, a read acquires what the AICPU released into it.
    void set_races(CoreRaces* races) { m_races = races; }
    std::uint64_t read(RegId reg);
    void write(RegId reg, std::uint64_t value);
    // Returns the register's value once it differs from `value`.
    std::uint64_t spin_while(RegId reg, std::uint64_t value);
    // get_sys_cnt: the device's system counter, sampled as the read issues.
    std::uint64_t sys_count();

  private:
    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    CoreRegisters m_regs;
    CoreRaces* m_races = nullptr;
};

} // namespace syncsim
