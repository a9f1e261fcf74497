// The core's lifecycle (blocks, state, time) and its report. The intrinsics
// live beside it by concern: ai_core_memory.cpp (scalar GM, atomics),
// ai_core_pipes.cpp (pipes, intra-core flags, DMA, local buffers),
// ai_core_poll.cpp (poll loops and round marks), ai_core_ffts.cpp.
#include "models/core/ai_core.hpp"

#include "syncsim/current_kernel.hpp"
#include "syncsim/fault.hpp"

#include <unordered_map>

namespace syncsim {

namespace {
constexpr double kLagQuantumCycles = 1000;
}

AiCore::AiCore(sc_core::sc_module_name name, const CoreConfig& config, const Clock& clock)
    : sc_module(name), m_config(config), m_clock(clock),
      m_cache(config.cache_line_bytes, config.cache_bytes / config.cache_line_bytes),
      m_gm_link("gm"), m_intra_flags(config.intra_core_flag_ids),
      m_quantum(clock.cycles(kLagQuantumCycles)) {
    if (config.type == CoreType::AIV)
        m_ub.size = config.ub_bytes;
    else
        m_l1.size = config.l1_bytes;
    auto on_fault = [this](const std::string& what) {
        if (!m_fault) m_fault = what;
    };
    // Pipes and the write buffer are plain objects; their threads start on
    // first use, so within a delta they run in the order they were started.
    static const char* const pipe_names[] = {"s", "v", "m", "mte1", "mte2", "mte3", "fix"};
    for (int p = 1; p < kPipeCount; ++p) m_pipes[p].emplace(*this, pipe_names[p], on_fault);
    m_write_buffer = std::make_unique<WriteBuffer>(*this, on_fault);
    // Slots: 0 the scalar unit, 1..6 the pipes V..FIX, 7 the write buffer.
    for (int i = 0; i <= kPipeCount; ++i) m_ports[i] = std::make_unique<GmPort>(m_gm_link, i);
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
        m_fault.reset();
        m_round = 0;
        m_round_open = false;
        if (m_ledger)
            m_ledger->work_started(m_launch_id, m_work->launch->works, m_config.soc_core_id);
        m_ffts.block_started(m_config.soc_core_id, m_launch_id);
        if (m_tracer) m_tracer->core_round(m_config.soc_core_id, 0, to_ps(now()));
        set_state(CoreState::Running);
        try {
            m_work->launch->fn(*this);
            finish_block();
        } catch (const KernelFault& fault) {
            if (!m_fault) m_fault = fault.what();
        } catch (const sc_core::sc_unwind_exception&) {
            throw; // the process is being killed: let SystemC unwind it
        } catch (const std::exception& e) {
            // A user's kernel (a plugin) may throw anything: it faults its core.
            if (!m_fault) m_fault = std::string("the kernel threw: ") + e.what();
        }
        sync();
        ++m_counters.blocks_run;
        m_finished_at = sc_core::sc_time_stamp();
        set_state(m_fault ? CoreState::Faulted : CoreState::Done);
        if (m_ledger) m_ledger->work_finished(m_config.soc_core_id);
        auto done = std::move(m_work->on_done);
        m_work.reset();
        if (done) done(m_fault);
    }
}

void AiCore::kill_block(const std::string& why) {
    if (!m_work) return;
    for (int p = 1; p < kPipeCount; ++p) m_pipes[p]->kill();
    m_write_buffer->kill();
    if (m_thread.valid() && !m_thread.terminated()) m_thread.kill();
    m_thread_started = false; // a later block starts a new thread
    if (m_asleep) m_poll_sleep->cancel(m_asleep->word, m_asleep->ticket);
    m_asleep.reset();
    m_poll_wake.cancel(); // a wake already decided must not reach the next block
    m_external_describe = nullptr;
    m_reason = WaitReason{};
    m_lag = sc_core::SC_ZERO_TIME;
    m_fault = why;
    m_finished_at = sc_core::sc_time_stamp();
    set_state(CoreState::Faulted);
    if (m_ledger) m_ledger->work_finished(m_config.soc_core_id);
    m_work.reset();
}

void AiCore::finish_block() {
    // A block ends when its pipes have drained; the runtime then cleans the
    // scalar cache if the platform says it does.
    pipe_barrier(Pipe::ALL);
    if (m_config.flush_cache_at_block_end) {
        for (CacheLine& line : m_cache.maintain_all(DcciMode::CleanInvalidate))
            post_writeback(std::move(line), "block-end write-back of a scalar-cache line");
        dsb(DSB_DDR);
    }
}

void AiCore::enter(const char* intrinsic) {
    ++m_counters.intrinsics;
    m_counters.last_intrinsic = intrinsic;
    if (m_fault) throw KernelFault(*m_fault);
}

void AiCore::sync() {
    const sc_core::sc_time lag = m_lag;
    m_lag = sc_core::SC_ZERO_TIME;
    wait_for(lag);
}

void AiCore::set_state(CoreState state) {
    if (state == m_state) return;
    m_state = state;
    m_state_since = now();
    if (m_tracer) m_tracer->core_state(m_config.soc_core_id, state, to_ps(now()));
}

void AiCore::set_external_wait(CoreState state, std::function<std::string()> describe) {
    // Described when reported, so the text says how far the other side got.
    // An external wait's reason is its kind and text alone (no other field
    // is read for it), so only those are reset: this runs twice per round.
    m_reason.kind = WaitReason::Kind::External;
    m_reason.text.clear();
    m_external_describe = std::move(describe);
    set_state(state);
}

void AiCore::clear_external_wait() {
    m_reason.kind = WaitReason::Kind::None;
    m_reason.text.clear();
    m_external_describe = nullptr;
    set_state(CoreState::Running);
}

// ---------------------------------------------------------------- report

CoreReport AiCore::report(const sc_core::sc_time& at) const {
    CoreReport r;
    r.name = basename();
    r.type = m_config.type;
    r.die = m_config.die;
    r.index = m_config.index;
    r.state = m_state;
    r.state_since = m_state_since;
    r.has_block = m_work.has_value();
    r.kernel = m_kernel_name;
    r.block_idx = m_block_idx;
    r.launch_id = m_launch_id;
    r.blocks_run = m_counters.blocks_run;
    r.intrinsics = m_counters.intrinsics;
    r.last_intrinsic = m_counters.last_intrinsic;
    r.barrier_rounds = m_round;
    if (m_state == CoreState::Waiting || m_state == CoreState::Polling ||
        m_state == CoreState::Blocked)
        r.waiting_on = m_external_describe                                ? m_external_describe()
                       : m_reason.kind == WaitReason::Kind::IntraCoreFlag ? describe_flag(m_reason)
                                                                          : m_reason.describe();
    for (int p = 1; p < kPipeCount; ++p) {
        const PipeUnit& unit = *m_pipes[p];
        if (!unit.drained())
            r.busy_pipes.push_back(
                {static_cast<Pipe>(p), unit.current(), unit.queued(), unit.blocked_on()});
    }
    r.fault = m_fault;
    r.finished_at = m_finished_at;
    r.cache_hits = m_counters.cache_hits;
    r.cache_misses = m_counters.cache_misses;
    r.writebacks = m_counters.writebacks;
    r.polls = m_counters.polls;
    r.poll_timeouts = m_counters.poll_timeouts;
    if (m_asleep) {
        // Asleep in a fast-forwarded poll: report the polls made by now.
        // Its end may be decided already, the wake still to come.
        const std::uint64_t made =
            m_poll_woke ? SleepingPolls::answered_before(*m_poll_woke, at)
                        : m_poll_sleep->answered_before(m_asleep->word, m_asleep->ticket, at);
        r.polls += made - m_asleep->first;
        WaitReason reason = m_reason;
        reason.polls = made;
        r.waiting_on = reason.describe();
    }
    return r;
}

} // namespace syncsim
