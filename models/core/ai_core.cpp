// The core's lifecycle (blocks, state, time) and its report. The intrinsics
// live beside it by concern: ai_core_memory.cpp (scalar GM, atomics),
// ai_core_pipes.cpp (pipes, intra-core flags, DMA, local buffers),
// ai_core_poll.cpp (poll loops and round marks), ai_core_ffts.cpp.
#include "models/core/ai_core.hpp"

#include "syncsim/current_kernel.hpp"
#include "syncsim/fault.hpp"

#include <unordered_map>

namespace syncsim {

AiCore::AiCore(sc_core::sc_module_name name, const CoreConfig& config, const Clock& clock)
    : sc_module(name), m_config(config), m_time(clock), m_activity(m_time, config.soc_core_id),
      m_memory(*this, m_config, m_time, m_activity),
      m_pipes(*this, m_config, m_time, m_activity, m_memory),
      m_poll(m_config, m_time, m_activity, m_memory, m_pipes),
      m_sync(*this, m_config, m_time, m_activity, m_pipes, m_work) {
    // The scalar unit's thread is counted now and started with the core's
    // first block: a core that never runs a block costs no thread (its
    // process object and stack were a third of an idle core's memory).
    ThreadBudget::take(sc_object::name());
}

void AiCore::start_block(BlockWork work) {
    m_pending = std::move(work);
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
    const auto& args = m_work->launch->args;
    if (index >= args.size())
        throw KernelFault("kernel argument " + std::to_string(index) +
                          " requested, launch passed " + std::to_string(args.size()));
    return args[index];
}

const ParamValue& AiCore::param(const std::string& name) const {
    const ParamMap& params = *m_work->launch->params;
    auto it = params.find(name);
    if (it == params.end()) throw KernelFault("kernel parameter '" + name + "' not given");
    return it->second;
}

// ---------------------------------------------------------------- lifecycle

namespace {

// The core whose scalar unit is the running SystemC process.
std::unordered_map<const sc_core::sc_object*, AiCore*>& cores_by_process() {
    static std::unordered_map<const sc_core::sc_object*, AiCore*> cores;
    return cores;
}

} // namespace

KernelContext* running_kernel() {
    const sc_core::sc_process_handle process = sc_core::sc_get_current_process_handle();
    if (!process.valid()) return nullptr;
    const auto& cores = cores_by_process();
    const auto it = cores.find(process.get_process_object());
    return it == cores.end() ? nullptr : it->second;
}

AiCore::~AiCore() {
    if (m_process) cores_by_process().erase(m_process);
}

void AiCore::run() {
    m_process = sc_core::sc_get_current_process_handle().get_process_object();
    cores_by_process()[m_process] = this;
    current_kernel_resolver() = running_kernel;
    for (;;) {
        while (!m_pending) wait_on(m_block_ready);
        m_work = std::move(m_pending);
        m_pending.reset();
        m_kernel_name = m_work->launch->kernel_name;
        m_block_idx = m_work->block_idx;
        m_regs.data_main_base.reset(0); // what a launch does to it
        m_launch_id = m_work->launch->launch_id;
        m_activity.set_fault(std::nullopt);
        m_activity.set_round(0, false);
        if (m_activity.ledger())
            m_activity.ledger()->work_started(m_launch_id, m_work->launch->works,
                                              m_config.soc_core_id);
        m_sync.block_started(m_launch_id);
        if (m_activity.tracer())
            m_activity.tracer()->core_round(m_config.soc_core_id, 0, to_ps(m_time.now()));
        m_activity.set_state(CoreState::Running);
        try {
            m_work->launch->fn(*this);
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
        ++m_activity.counters().blocks_run;
        m_finished_at = sc_core::sc_time_stamp();
        m_activity.set_state(m_activity.fault() ? CoreState::Faulted : CoreState::Done);
        if (m_activity.ledger()) m_activity.ledger()->work_finished(m_config.soc_core_id);
        auto done = std::move(m_work->on_done);
        m_work.reset();
        if (done) done(m_activity.fault());
    }
}

void AiCore::kill_block(const std::string& why) {
    if (!m_work) return;
    m_pipes.kill();
    m_memory.kill();
    if (m_thread.valid() && !m_thread.terminated()) m_thread.kill();
    m_thread_started = false; // a later block starts a new thread
    m_poll.cancel();
    m_activity.forget_wait();
    m_time.drop_lag();
    m_activity.set_fault(why);
    m_finished_at = sc_core::sc_time_stamp();
    m_activity.set_state(CoreState::Faulted);
    if (m_activity.ledger()) m_activity.ledger()->work_finished(m_config.soc_core_id);
    m_work.reset();
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

// ---------------------------------------------------------------- scalar GM

void AiCore::load_cached(GmAddr addr, void* out, unsigned bytes) {
    enter("ld");
    m_memory.load_cached(addr, out, bytes);
}

void AiCore::store_cached(GmAddr addr, const void* in, unsigned bytes) {
    enter("st");
    m_memory.store_cached(addr, in, bytes);
}

void AiCore::load_device(GmAddr addr, void* out, unsigned bytes) {
    enter("ld_dev");
    m_memory.load_device(addr, out, bytes);
}

void AiCore::store_device(GmAddr addr, const void* in, unsigned bytes) {
    enter("st_dev");
    m_memory.store_device(addr, in, bytes);
}

void AiCore::dcci(GmAddr addr, CacheScope scope, DcciMode mode) {
    enter("dcci");
    m_memory.dcci(addr, scope, mode);
}

void AiCore::dsb(DsbScope) {
    enter("dsb");
    m_memory.dsb();
}

void AiCore::set_st_atomic_cfg(AtomicType type, AtomicOp op) {
    enter("set_st_atomic_cfg");
    m_memory.set_st_atomic_cfg(type, op);
}

void AiCore::store_atomic(GmAddr addr, std::int64_t value, unsigned bytes) {
    enter("st_atomic");
    m_memory.store_atomic(addr, value, bytes);
}

std::int64_t AiCore::fetch_add(GmAddr addr, std::int64_t value, AtomicType type) {
    enter("atomicAdd");
    return m_memory.fetch_add(addr, value, type);
}

// ---------------------------------------------------------------- polls and round marks

PollResult AiCore::poll(const PollSpec& spec) {
    enter("poll");
    return m_poll.poll(spec);
}

// Marks are bookkeeping no other agent sees: they are stamped with the
// core's own time and do not make it catch up with the kernel.
void AiCore::mark_barrier_round() {
    m_activity.mark_round();
}

void AiCore::mark_barrier_release() {
    m_activity.mark_release();
}

// ---------------------------------------------------------------- report

CoreReport AiCore::report(const sc_core::sc_time& at) const {
    CoreReport r;
    r.name = basename();
    r.type = m_config.type;
    r.die = m_config.die;
    r.index = m_config.index;
    const CoreState state = m_activity.state();
    r.state = state;
    r.state_since = m_activity.state_since();
    r.has_block = m_work.has_value();
    r.kernel = m_kernel_name;
    r.block_idx = m_block_idx;
    r.launch_id = m_launch_id;
    r.blocks_run = m_activity.counters().blocks_run;
    r.intrinsics = m_activity.counters().intrinsics;
    r.last_intrinsic = m_activity.counters().last_intrinsic;
    r.barrier_rounds = m_activity.round();
    const auto& external = m_activity.external_describe();
    if (state == CoreState::Waiting || state == CoreState::Polling || state == CoreState::Blocked)
        r.waiting_on = external ? external()
                       : m_activity.reason().kind == WaitReason::Kind::IntraCoreFlag
                           ? m_pipes.describe_flag(m_activity.reason())
                           : m_activity.reason().describe();
    r.busy_pipes = m_pipes.busy();
    r.fault = m_activity.fault();
    r.finished_at = m_finished_at;
    r.cache_hits = m_activity.counters().cache_hits;
    r.cache_misses = m_activity.counters().cache_misses;
    r.writebacks = m_activity.counters().writebacks;
    r.polls = m_activity.counters().polls;
    r.poll_timeouts = m_activity.counters().poll_timeouts;
    // Asleep in a fast-forwarded poll: report the polls made by now.
    if (const auto asleep = m_poll.asleep_at(at)) {
        r.polls += asleep->first;
        r.waiting_on = asleep->second.describe();
    }
    return r;
}

} // namespace syncsim
