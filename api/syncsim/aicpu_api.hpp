// What an AICPU kernel's threads call. The AICPU is the device's general-
// purpose cores beside the AICores; a runtime's scheduler runs there (the
// simpler runtime: one orchestrator and scheduler threads) and reaches each
// AICore's registers by MMIO. Every call costs modelled time; the threads
// share the kernel's own C++ state, as threads share memory.
#pragma once

#include "syncsim/core_types.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace syncsim {

// How a COND scan ended (AicpuContext::scan_cond).
struct CondScan {
    enum class End { Changed, Woken, Deadline } end = End::Deadline;
    std::vector<std::uint64_t> values; // each scanned core's COND, as last read
};

class AicpuContext {
  public:
    virtual ~AicpuContext() = default;

    virtual int thread_idx() const = 0;
    virtual int thread_num() const = 0;
    // AICores by their SoC id: [0, aic_cores) AIC, then the AIV; each in a
    // cluster (one AIC and its AIV).
    virtual int cores() const = 0;
    virtual CoreType core_type(int core) const = 0;
    virtual int cluster(int core) const = 0;

    virtual std::uint64_t read_reg(int core, RegId reg) = 0; // one LDR: serial, uncached
    virtual void write_reg(int core, RegId reg, std::uint64_t value) = 0; // one posted STR
    // Writes `bytes` of GM (a payload) as the thread's stores do, then a
    // write barrier: what a later write_reg publishes is visible first.
    virtual void write_gm(GmAddr addr, const void* data, std::uint64_t bytes) = 0;
    // A scheduler's completion poll as one call: reads the COND of `cores` in
    // turn, pass after pass, and returns at the end of the first pass that
    // read a value other than `seen` (same order), the end of the pass in
    // which another thread called wake_threads(), or once `deadline_ns`
    // (absolute) has passed. With no cores, a pass is one loop of `idle` work.
    virtual CondScan scan_cond(const std::vector<int>& cores,
                               const std::vector<std::uint64_t>& seen, double deadline_ns) = 0;
    virtual void wake_threads() = 0; // the others' scans end at their pass's end
    // GM as the AICPU's cacheable, hardware-coherent loads see it: a load
    // hits the AICPU's copy of the line until a write to the line lands at
    // the L2, which invalidates it; the next load misses and reads GM.
    virtual void read_gm(GmAddr addr, void* out, std::uint64_t bytes) = 0;
    // `while (memcmp(load(addr), seen) == 0 && now < deadline)` as one call:
    // the thread sleeps until a write to the line lands, then loads again.
    // Returns whether the bytes changed (else the deadline, absolute, passed).
    virtual bool poll_gm(GmAddr addr, void* out, std::uint64_t bytes, const void* seen,
                         double deadline_ns) = 0;
    // cntvct: the device's system counter (get_sys_cnt's), in its ticks.
    virtual std::uint64_t read_sys_cnt() = 0;
    virtual double now_ns() const = 0;
    virtual void work(double ns) = 0; // the thread's own computation
    // A device-wide id for a task's barrier rounds in the result.
    virtual std::uint64_t new_task_id() = 0;
    // The kernel's return code for the host: an AICPU kernel that returns
    // non-zero surfaces as 507018 (ACL_ERROR_RT_AICPU_EXCEPTION).
    virtual void fail(int code, const std::string& why) = 0;
    virtual void log(const std::string& line) = 0;
};

// An AICPU kernel launch: `threads` threads each run `thread` (which tells
// them apart by thread_idx()); the launch ends when all return.
struct AicpuLaunch {
    std::string name;
    int threads = 1;
    std::function<void(AicpuContext&)> thread;
    // What the launch is doing, for a diagnosis while it runs.
    std::function<std::string()> describe;
};

} // namespace syncsim
