// The runtime's op-execute watchdog as a policy (device-observations.md 3):
// which timeout a request to aclrtSetOpExecuteTimeOutV2 gives, and which code
// a host sees for a task the watchdog kills. Kernel-free; the task scheduler
// keeps the deadlines and does the killing.
#pragma once

#include "syncsim/acl_types.hpp"

#include <cstdint>

namespace syncsim {

struct OpTimeoutParams {
    double default_us = 0; // until the host sets one
    double floor_us = 0;   // a request below it is raised to it
    double max_us = 0;     // what a request of 0 (or above it) gives

    template <typename Declare>
    void declare(Declare& d) {
        d(default_us, "op_execute_timeout_us", "us",
          "op-execute watchdog: a kernel still running this long after its launch task starts "
          "is killed and its stream fails with 507034 (vector) or 507014 (cube, mix)",
          1, 1e12);
        d(floor_us, "op_execute_timeout_floor_us", "us",
          "aclrtSetOpExecuteTimeOutV2 raises a shorter request to this", 1, 1e12);
        d(max_us, "op_execute_timeout_max_us", "us",
          "aclrtSetOpExecuteTimeOutV2(0) asks for the maximum; a longer request is lowered to it",
          1, 1e12);
    }
};

class OpTimeout {
  public:
    explicit OpTimeout(const OpTimeoutParams& params);

    // aclrtSetOpExecuteTimeOutV2(requested, &actual): the effective value.
    std::uint64_t set(std::uint64_t requested_us);
    std::uint64_t current_us() const { return m_current_us; }

  private:
    std::uint64_t m_floor_us, m_max_us, m_current_us;
};

// What the host and the device log show for a task the watchdog killed.
struct TimeoutCode {
    aclError code;
    const char* name;     // the aclError's name
    const char* log_text; // the device log's bracketed reason
    int ret_code;         // the device log's retCode
};
// A task on vector cores only times out as a vector core; one that holds a
// cube core (AIC-only or mix) as an AI Core (the observed split; a mix
// task of vector cores only, MIX_AIV_1_0, counts as vector: a choice).
const TimeoutCode& timeout_code(bool holds_cube_cores);

} // namespace syncsim
