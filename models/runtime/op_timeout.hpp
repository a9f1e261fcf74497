// The runtime's op-execute watchdog as a policy (device-observations.md 3;
// hicann/runtime@681ef7610df1): the hardware counts a kernel's time in
// credits of an interval the driver reports (4,294,967.296 us: 2^32 cycles
// at 1 GHz, runtime.hpp:91); a kernel still running when its credits run out
// is killed. Default and maximum 254 credits (1090.92 s, stars_base.hpp:33,
// 38), 255 never times out (stars_base.hpp:39). A requested timeout rounds
// up to whole credits (task_execute_time.cc:51); a launch's own timeout
// overrides the global one (task_execute_time.cc:82). Kernel-free; the task
// scheduler keeps the deadlines and does the killing.
#pragma once

#include "syncsim/acl_types.hpp"

#include <cstdint>
#include <optional>

namespace syncsim {

struct OpTimeoutParams {
    double interval_us = 0;           // one credit
    std::int64_t default_credits = 0; // until the host sets a timeout
    std::int64_t max_credits = 0;     // what 0, or a longer request, gives

    template <typename Declare>
    void declare(Declare& d) {
        d(interval_us, "op_execute_timeout_interval_us", "us",
          "op-execute watchdog credit: the runtime counts a kernel's timeout in whole credits of "
          "this (aclrtGetOpTimeOutInterval); a kernel still running when its credits run out "
          "is killed and its stream fails with 507034 (vector) or 507014 (AI Core)",
          1e-3, 1e12);
        d(default_credits, "op_execute_timeout_default_credits", "credits",
          "the timeout of a kernel when the host set none", 1, 254);
        d(max_credits, "op_execute_timeout_max_credits", "credits",
          "the longest timeout: what a request of 0, or a longer one, gives", 1, 254);
    }
};

// A credit count that never times out (a launch's own timeout of 0).
constexpr std::int64_t kNeverTimeoutCredits = 255;

class OpTimeout {
  public:
    explicit OpTimeout(const OpTimeoutParams& params);

    // aclrtSetOpExecuteTimeOutV2(requested, &actual): the effective value,
    // whole credits (rounded up), in microseconds rounded down.
    std::uint64_t set(std::uint64_t requested_us);
    // aclrtGetOpTimeOutInterval: one credit, in microseconds rounded down.
    std::uint64_t interval_us() const { return m_interval_ps / 1000000; }
    // The global setting: the default until the host sets one.
    std::int64_t global_credits() const { return m_credits; }
    // The credits a launch gets: its own timeout (0 = never) or else the
    // global one, or else the default.
    std::int64_t credits_for(std::optional<std::uint64_t> launch_timeout_us) const;
    // How long those credits last, in picoseconds; nothing for never.
    std::optional<std::uint64_t> duration_ps(std::int64_t credits) const;
    // Microseconds, rounded down, as the runtime reports them.
    std::uint64_t duration_us(std::int64_t credits) const;

  private:
    std::int64_t credits_of(std::uint64_t timeout_us) const;

    std::uint64_t m_interval_ps;
    std::int64_t m_max_credits;
    std::int64_t m_credits; // the global setting (the default until set)
};

// What the host and the device log show for a task the watchdog killed.
struct TimeoutCode {
    aclError code;
    const char* name;     // the aclError's name
    const char* log_text; // the device log's bracketed reason
    int ret_code;         // the device log's retCode
};
// The runtime picks the vector-core table only for a vector task
// (TS_TASK_TYPE_KERNEL_AIVEC: AIV-only and MIX_AIV kernels), the AI Core
// table for every other kernel type (davinci_kernel_task_v100.cc:547-579,
// davinci_kernel_task_v200_base.cc:239-260; program.cc:1564-1622).
const TimeoutCode& timeout_code(bool vector_task);

} // namespace syncsim
