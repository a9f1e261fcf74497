// A resident worker's intrinsics: the core's MMIO registers, which an AICPU
// writes work into and reads answers from, and running one block of a
// dispatched task under the task's identity (simpler's LocalContext).
#include "models/core/ai_core.hpp"
#include "syncsim/fault.hpp"

#include <utility>

namespace syncsim {

namespace {

const char* to_string(RegId r) {
    return r == RegId::COND ? "COND" : "DATA_MAIN_BASE";
}

} // namespace

std::uint64_t AiCore::read_reg(RegId reg) {
    m_activity.enter("read_reg");
    // A register read is one scalar instruction; its value depends on when
    // it happens, so the core catches up first.
    m_time.advance(m_config.timing.scalar_op);
    m_time.sync();
    return m_regs[reg].read(m_time.now());
}

void AiCore::write_reg(RegId reg, std::uint64_t value) {
    m_activity.enter("write_reg");
    m_time.advance(m_config.timing.scalar_op);
    m_time.sync();
    // The core's own DATA_MAIN_BASE is next to it; COND lands where the
    // AICPU reads it after the path's latency.
    m_regs[reg].post(value, reg == RegId::COND ? m_regs.core_write_latency : sc_core::SC_ZERO_TIME);
}

std::uint64_t AiCore::spin_while_reg(RegId reg, std::uint64_t value) {
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
    return r.read(m_time.now());
}

void AiCore::run_task(KernelFn fn, const LocalContext& task) {
    m_activity.enter("run_task");
    if (!m_work) throw KernelFault("run_task outside a block");
    if (!fn) throw KernelFault("run_task: the payload names no kernel");
    // The FFTS sees the physical core of the resident launch, whatever the
    // task calls itself: fix the sender before the identity changes.
    (void)m_sync.sender();
    auto as_task = std::make_shared<LaunchedKernel>(*m_work->launch);
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
    struct Identity {
        std::shared_ptr<const LaunchedKernel> launch;
        std::int64_t block_idx, subblockid, shown_block;
        std::string shown_kernel;
        std::uint32_t round;
        bool round_open;
    };
    const auto swap_in = [this](Identity id) {
        Identity was{m_work->launch, m_work->block_idx,  m_work->subblockid,     m_block_idx,
                     m_kernel_name,  m_activity.round(), m_activity.round_open()};
        m_work->launch = std::move(id.launch);
        m_work->block_idx = id.block_idx;
        m_work->subblockid = id.subblockid;
        m_block_idx = id.shown_block;
        m_kernel_name = std::move(id.shown_kernel);
        m_activity.set_round(id.round, id.round_open);
        return was;
    };
    const int core = m_config.soc_core_id;
    // The task's rounds are its own: its blocks arrive at them, not the
    // resident launch's other workers. The worker's own entry ends here for
    // good (it never marks a round; the block's end finds nothing to end).
    if (m_activity.ledger()) {
        m_activity.ledger()->work_finished(core);
        m_activity.ledger()->work_started(task.task_id, as_task->works, core);
    }
    Identity resident = swap_in({as_task, task.block_idx, 0, task.block_idx, task.name, 0, false});
    const auto restore = [&] {
        swap_in(std::move(resident));
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
