// A resident worker running one block of a dispatched task under the
// task's identity (simpler's LocalContext); its registers are the
// RegisterPort's (register_port.cpp).
#include "models/core/ai_core.hpp"
#include "syncsim/fault.hpp"

#include <utility>

namespace syncsim {

void AiCore::run_task(KernelFn fn, const LocalContext& task) {
    m_activity.enter("run_task");
    if (!m_block.current()) throw KernelFault("run_task outside a block");
    if (!fn) throw KernelFault("run_task: the payload names no kernel");
    // The FFTS sees the physical core of the resident launch, whatever the
    // task calls itself: fix the sender before the identity changes.
    (void)m_sync.sender();
    auto as_task = std::make_shared<LaunchedKernel>(*m_block.work().launch);
    as_task->kernel_name = task.name;
    as_task->fn = fn;
    as_task->args = task.args;
    as_task->block_num = task.block_num;
    as_task->works = static_cast<std::uint64_t>(task.block_num);
    as_task->aic_subblockdim = as_task->aiv_subblockdim = 1;
    // A task's function is built for its core's side (simpler compiles each
    // in-core function for the AIC or the AIV), whatever the worker's build.
    const bool cube = m_config.type == CoreType::AIC;
    as_task->build.side = cube ? BuildSide::Cube : BuildSide::Vec;
    as_task->build.target = as_task->build.arch + (cube ? "-cube" : "-vec");
    const int core = m_config.soc_core_id;
    // The task's rounds are its own: its blocks arrive at them, not the
    // resident launch's other workers. The worker's own entry ends here for
    // good (it never marks a round; the block's end finds nothing to end).
    if (m_activity.ledger()) {
        m_activity.ledger()->work_finished(core);
        m_activity.ledger()->work_started(task.task_id, as_task->works, core);
    }
    BlockSlot::Identity resident =
        m_block.swap_in({as_task, task.block_idx, 0, task.block_idx, task.name, 0, false});
    const auto restore = [&] {
        m_block.swap_in(std::move(resident));
        if (m_activity.ledger()) m_activity.ledger()->work_finished(core);
    };
    try {
        fn(*this);
        pipe_barrier(Pipe::ALL); // the task ends when its pipes have drained
    } catch (const sc_core::sc_unwind_exception&) {
        restore(); // the watchdog kills the worker: it reports as the resident launch's
        throw;
    }
    // Anything else the task throws faults the core as the task's block: the
    // identity stays for the report.
    restore();
}

} // namespace syncsim
