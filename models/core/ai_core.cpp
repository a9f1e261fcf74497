// The core's lifecycle (blocks, its thread, a killed block) and its report.
// The intrinsics are its units': gm_access_path.cpp (scalar GM, atomics,
// dcci/dsb), pipe_set.cpp (pipes, intra-core flags, DMA, local buffers),
// poll_engine*.cpp (poll loops), cross_core_sync.cpp (FFTS, intra-block
// flags); ai_core_registers.cpp holds a resident worker's.
#include "models/core/ai_core.hpp"

#include "syncsim/fault.hpp"

namespace syncsim {

AiCore::AiCore(sc_core::sc_module_name name, const CoreConfig& config, const Clock& clock)
    : sc_module(name), m_config(config), m_time(clock), m_activity(m_time, config.soc_core_id),
      m_block(m_activity), m_memory(*this, m_config, m_time, m_activity),
      m_pipes(*this, m_config, m_time, m_activity, m_memory), m_isa(m_config, m_pipes),
      m_poll(m_config, m_time, m_activity, m_memory, m_pipes),
      m_sync(*this, m_config, m_time, m_activity, m_pipes, m_block.current()),
      m_registers(m_config, m_time, m_activity) {
    // The scalar unit's thread is counted now and started with the core's
    // first block: a core that never runs a block costs no thread (its
    // process object and stack were a third of an idle core's memory).
    ThreadBudget::take(basename());
}

void AiCore::start_block(BlockWork work) {
    m_block.hand(std::move(work));
    if (!m_thread_started) {
        m_thread_started = true;
        sc_core::sc_spawn_options options;
        options.dont_initialize();
        options.set_sensitivity(&m_block_ready);
        m_thread = sc_core::sc_spawn([this] { run(); },
                                     (std::string(basename()) + "_scalar").c_str(), &options);
    }
    m_block_ready.notify(sc_core::SC_ZERO_TIME);
}

std::uint64_t AiCore::arg(std::size_t index) const {
    const auto& args = m_block.work().launch->args;
    if (index >= args.size())
        throw KernelFault("kernel argument " + std::to_string(index) +
                          " requested, launch passed " + std::to_string(args.size()));
    return args[index];
}

const ParamValue& AiCore::param(const std::string& name) const {
    const ParamMap& params = *m_block.work().launch->params;
    auto it = params.find(name);
    if (it == params.end()) throw KernelFault("kernel parameter '" + name + "' not given");
    return it->second;
}

// ---------------------------------------------------------------- lifecycle

AiCore::~AiCore() {
    if (m_process) RunningKernels::leave(m_process);
}

void AiCore::run() {
    m_process = sc_core::sc_get_current_process_handle().get_process_object();
    RunningKernels::enter(m_process, this);
    for (;;) {
        while (!m_block.handed()) wait_on(m_block_ready);
        const BlockWork& work = m_block.start();
        m_registers.registers().data_main_base.reset(0); // what a launch does to it
        m_activity.block_started(work.launch->launch_id, work.launch->works);
        m_sync.block_started(work.launch->launch_id);
        m_memory.block_started();
        m_isa.block_started();
        m_activity.set_state(CoreState::Running);
        try {
            work.launch->fn(*this);
            finish_block();
        } catch (const KernelFault& fault) {
            m_activity.fault_once(fault.what());
        } catch (const sc_core::sc_unwind_exception&) {
            throw; // the process is being killed: let SystemC unwind it
        } catch (const std::exception& e) {
            // A user's kernel (a plugin) may throw anything: it faults its core.
            m_activity.fault_once(std::string("the kernel threw: ") + e.what());
        }
        m_time.sync();
        auto done = m_block.finish(sc_core::sc_time_stamp());
        m_activity.block_ended();
        if (done) done(m_activity.fault());
    }
}

void AiCore::kill_block(const std::string& why) {
    if (!m_block.current()) return;
    m_pipes.kill();
    m_memory.kill();
    if (m_thread.valid() && !m_thread.terminated()) m_thread.kill();
    m_thread_started = false; // a later block starts a new thread
    m_poll.cancel();
    m_time.drop_lag();
    m_block.kill(sc_core::sc_time_stamp());
    m_activity.block_killed(why);
}

void AiCore::finish_block() {
    // A block ends when its pipes have drained; the runtime then cleans the
    // scalar cache if the platform says it does.
    pipe_barrier(Pipe::ALL);
    if (m_config.flush_cache_at_block_end) {
        m_memory.write_back_all();
        dsb(DSB_DDR);
    }
}

// ---------------------------------------------------------------- intrinsics of its own

void AiCore::compute(Pipe pipe, double cycles) {
    if (pipe == Pipe::S) return scalar_work(cycles);
    m_pipes.compute(pipe, cycles);
}

void AiCore::scalar_work(double cycles) {
    enter("scalar_work");
    m_time.advance(cycles);
}

void AiCore::wait_intra_block(Pipe pipe, int id) {
    if (!m_sync.hub("wait_intra_block").params().intra_block)
        throw KernelFault("wait_intra_block does not exist on this arch");
    m_sync.wait(pipe, FlagSpace::IntraBlock, id, "wait_intra_block");
    flag_taken(FlagSpace::IntraBlock, id);
}

// ---------------------------------------------------------------- report

CoreReport AiCore::report(const sc_core::sc_time& at) const {
    CoreReport r;
    r.name = basename();
    r.type = m_config.type;
    r.die = m_config.die;
    r.index = m_config.index;
    r.soc_core_id = m_config.soc_core_id;
    m_block.report_into(r);
    m_activity.report_into(r, at, [this] {
        const WaitReason& reason = m_activity.reason();
        return reason.kind == WaitReason::Kind::IntraCoreFlag ? m_pipes.describe_flag(reason)
                                                              : reason.describe();
    });
    m_pipes.report_into(r);
    // Asleep in a fast-forwarded poll: report the polls made by now.
    if (const auto asleep = m_poll.asleep_at(at)) {
        r.polls += asleep->first;
        r.waiting_on = asleep->second.describe();
    }
    return r;
}

} // namespace syncsim
