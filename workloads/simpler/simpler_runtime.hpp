// The simpler runtime (hw-native-sys/simpler, tensormap_and_ringbuffer;
// device-observations.md 5), the runtime pto-isa #197 and pypto #1935/#1990
// ran on: one AICore launch over the whole device keeps a worker resident on
// every core (aicore_executor.cpp), and AICPU threads (one orchestrator,
// the rest schedulers: aicpu_executor.cpp) dispatch each task's blocks to
// the workers through the cores' registers. Software on the model: the
// AICPU's MMIO and the AICores' registers cost what the platform says.
#pragma once

#include "syncsim/aicpu_api.hpp"
#include "syncsim/host_api.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace syncsim::simpler {

// The register protocol (simpler@6ebaf771 platform_config.h:450, 647-666):
// COND holds [bit 31: FIN | task id], DATA_MAIN_BASE the dispatched id.
constexpr std::uint64_t kTaskIdMask = 0x7FFFFFFFu, kFinBit = 0x80000000u;
constexpr std::uint64_t kAicoreIdleTaskId = 0x7FFFFFFFu, kAicoreExitTaskId = 0x7FFFFFFEu,
                        kAicpuIdleTaskId = 0x7FFFFFFDu, kAicoreExitSignal = 0x7FFFFFF0u;
constexpr std::uint64_t ack_value(std::uint64_t id) {
    return id & kTaskIdMask;
}
constexpr std::uint64_t fin_value(std::uint64_t id) {
    return (id & kTaskIdMask) | kFinBit;
}
constexpr std::uint64_t kAicoreIdleValue = fin_value(kAicoreIdleTaskId);
constexpr std::uint64_t kAicoreExitedValue = fin_value(kAicoreExitTaskId);
// A started worker's first report. simpler writes it to GM (the handshake's
// aicore_done, aicore_executor.cpp:79-83) and the AICPU polls GM; here it
// goes on COND, with an id simpler leaves unused, so the AICPU opens the
// window only after the launch has reset DATA_MAIN_BASE.
constexpr std::uint64_t kAicoreStartedValue = fin_value(0x7FFFFFFCu);

// A dispatch payload in GM, two per core (a dispatch id's low bit picks
// one, so a pending task's payload never overwrites the running one's):
// the kernel's entry, the device-wide task id, block index and count, the
// argument count and the arguments.
constexpr std::size_t kMaxTaskArgs = 16;
constexpr std::uint64_t kPayloadWords = 5 + kMaxTaskArgs;
constexpr std::uint64_t kPayloadBytes = 192; // whole 64-byte lines
static_assert(kPayloadWords * 8 <= kPayloadBytes, "a payload fits its lines");

// A task as the orchestrator submits it: every block runs `kernel` on one
// core of `shape`.
struct Task {
    std::string name;
    KernelFn kernel = nullptr;
    CoreType shape = CoreType::AIV;
    std::int64_t blocks = 1;
    bool sync_start = false;
    std::vector<std::uint64_t> args;
    double submit_after_ns = 0; // the orchestrator submits it this long after the one before
};

struct RunConfig {
    std::vector<Task> tasks;
    std::int64_t workers = 0; // the resident launch's cores
    int aicpu_threads = 4;    // one orchestrator, the rest schedulers
    double scheduler_timeout_ms = 10000;
    double exit_wait_ms = 1000;
    GmAddr payloads = 0; // 2 x kPayloadBytes per core of the device
    // Filled by the run: each task's span as the schedulers saw it (first
    // dispatch to last FIN, ns; -1 for a task that did not finish).
    std::shared_ptr<std::vector<double>> spans_ns = std::make_shared<std::vector<double>>();
};

// The AICore side: the resident worker loop (arg 0: the payload area).
void aicore_executor(KernelContext& k);

// The AICPU side: the scheduler threads and the orchestrator for one run.
AicpuLaunch aicpu_executor(const RunConfig& run);

// The AICPU kernel's error codes the host can tell apart in the log.
constexpr int kNoProgress = 100;  // the scheduler's watchdog
constexpr int kTooManyBlocks = 7; // the orchestrator refuses a task

} // namespace syncsim::simpler
