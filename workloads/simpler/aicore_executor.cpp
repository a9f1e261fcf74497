// The resident worker (simpler@6ebaf771 runtime/tensormap_and_ringbuffer/
// aicore/aicore_executor.cpp:79-250): wait for the AICPU to open the
// register window, report idle, then loop: spin on DATA_MAIN_BASE for a
// new dispatch id, invalidate the data cache over its payload, acknowledge
// on COND, run the task's block, report FIN; leave on the exit signal.
#include "workloads/simpler/simpler_runtime.hpp"

namespace syncsim::simpler {

namespace {

LocalContext read_payload(KernelContext& k, GmAddr payload, KernelFn& fn) {
    const auto word = [&](std::uint64_t i) { return k.ld<std::uint64_t>(payload + 8 * i); };
    fn = reinterpret_cast<KernelFn>(static_cast<std::uintptr_t>(word(0)));
    LocalContext task;
    task.task_id = word(1);
    task.block_idx = static_cast<std::int64_t>(word(2));
    task.block_num = static_cast<std::int64_t>(word(3));
    const std::uint64_t args = word(4);
    for (std::uint64_t i = 0; i < args && i < kMaxTaskArgs; ++i) task.args.push_back(word(5 + i));
    return task;
}

} // namespace

void aicore_executor(KernelContext& k) {
    const GmAddr mine =
        k.arg(0) + static_cast<GmAddr>(k.get_physical_core_id()) * 2 * kPayloadBytes;
    // Report the start; a launch leaves DATA_MAIN_BASE 0 until the AICPU
    // opens the window with its idle id; then answer that the worker is idle.
    k.write_reg(RegId::COND, kAicoreStartedValue);
    std::uint64_t seen = k.spin_while_reg(RegId::DATA_MAIN_BASE, 0);
    k.write_reg(RegId::COND, kAicoreIdleValue);
    std::uint64_t last = kAicpuIdleTaskId;
    for (;;) {
        if (seen == kAicoreExitSignal) {
            k.write_reg(RegId::COND, kAicoreExitedValue);
            return;
        }
        if (seen != kAicpuIdleTaskId && seen != last) {
            const GmAddr payload = mine + (seen & 1) * kPayloadBytes;
            k.dcci(payload, ENTIRE_DATA_CACHE);
            KernelFn fn = nullptr;
            LocalContext task = read_payload(k, payload, fn);
            task.name = "task " + std::to_string(task.task_id);
            k.write_reg(RegId::COND, ack_value(seen));
            k.run_task(fn, task);
            k.write_reg(RegId::COND, fin_value(seen));
            last = seen;
        }
        seen = k.spin_while_reg(RegId::DATA_MAIN_BASE, seen);
    }
}

} // namespace syncsim::simpler
