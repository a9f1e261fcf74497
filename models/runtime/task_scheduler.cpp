#include "models/runtime/task_scheduler.hpp"

#include "models/runtime/watchdog_report.hpp"

#include "models/core/culprit.hpp"
#include "models/runtime/block_placement.hpp"
#include "models/systemc/simulation_time.hpp"

#include <algorithm>

namespace syncsim {

TaskScheduler::TaskScheduler(sc_core::sc_module_name name, std::vector<AiCore*> aic,
                             std::vector<AiCore*> aiv, const Clock& clock,
                             const SchedulerParams& params, int dies)
    : sc_module(name), m_pool(std::move(aic), std::move(aiv), dies), m_clock(clock),
      m_dispatch_cycles(params.block_dispatch_cycles),
      m_parallel_blocks(params.dispatch_parallel_blocks), m_die_friendly(params.die_friendly),
      m_op_timeout(params.op_timeout) {
    SC_HAS_PROCESS(TaskScheduler);
    m_stats.add("launches_unfinished", "records",
                "launches still running at the end: blocks dispatched, cores running, and why "
                "the rest wait",
                [this] {
                    ReportValue::List launches;
                    for (const LaunchReport& l : active_launches())
                        launches.push_back(record()
                                               .with("launch", l.launch_id)
                                               .with("kernel", l.kernel)
                                               .with("kernel_type", l.kernel_type)
                                               .with("block_num", l.block_num)
                                               .with("blocks_dispatched", l.blocks_dispatched)
                                               .with("cores_running", l.cores_running)
                                               .with("waiting_for", l.waiting_for));
                    return ReportValue(std::move(launches));
                });
    declare_watchdog_report(m_stats, *this);
    SC_THREAD(dispatcher);
    SC_METHOD(expire_due);
    sensitive << m_expire;
    dont_initialize();
}

LaunchResult TaskScheduler::run_launch(LaunchWork work) {
    if (needs_reset()) {
        // The device stays in the state the watchdog left it in until reset.
        LaunchResult refused;
        refused.timeout_code = timeout_code(work.plan.vector_task).code;
        refused.timeout_message = "not run: the device needs a reset after the op-execute "
                                  "watchdog killed launch " +
                                  std::to_string(m_kills.front().launch_id);
        return refused;
    }
    auto exec = std::make_shared<Execution>();
    exec->id = m_next_id++;
    exec->result.launch_id = exec->id;
    exec->plan = work.plan;
    exec->groups = DieGroups::of(work.plan.block_num, m_pool.dies(), m_die_friendly);
    exec->group_next.assign(static_cast<std::size_t>(exec->groups.group_dim), 0);
    exec->batch = work.batch;
    exec->stream = work.stream;
    exec->started = sc_core::sc_time_stamp();
    exec->timeout_credits = m_op_timeout.credits_for(work.timeout_us);
    exec->timeout_us = m_op_timeout.duration_us(exec->timeout_credits);
    if (const auto ps = m_op_timeout.duration_ps(exec->timeout_credits))
        exec->deadline = exec->started + from_ps(*ps);
    // A deadline nearer than where the simulation was told to stop: stop
    // there instead (the runner re-plans).
    if (exec->deadline && *exec->deadline < m_horizon) sc_core::sc_pause();
    auto kernel = std::make_shared<LaunchedKernel>(std::move(work.kernel));
    kernel->launch_id = exec->id;
    kernel->kernel_type = work.plan.kernel_type;
    kernel->block_num = work.plan.block_num;
    kernel->works = static_cast<std::uint64_t>(work.plan.block_num) *
                    static_cast<std::uint64_t>(work.plan.aic_per_block + work.plan.aiv_per_block);
    kernel->aic_subblockdim = work.plan.aic_subblockdim;
    kernel->aiv_subblockdim = work.plan.aiv_subblockdim;
    if (work.plan.ffts_context) {
        auto ctx = std::make_shared<FftsContext>();
        ctx->launch_id = exec->id;
        ctx->aic_total = work.plan.block_num * work.plan.aic_per_block;
        ctx->aiv_total = work.plan.block_num * work.plan.aiv_per_block;
        kernel->ffts_context = ctx;
    }
    exec->kernel = std::move(kernel);
    Execution& e = *exec;
    m_active.push_back(std::move(exec));
    m_dirty = true;
    m_wake.notify(sc_core::SC_ZERO_TIME);
    while (!e.finished) wait_on(e.done);
    LaunchResult result = std::move(e.result);
    m_active.remove_if([&e](const auto& p) { return p.get() == &e; });
    return result;
}

void TaskScheduler::dispatcher() {
    for (;;) {
        while (!m_dirty) wait_on(m_wake);
        m_dirty = false;
        dispatch_ready();
    }
}

TaskScheduler::Placed TaskScheduler::reserve(Execution& e, const std::vector<AiCore*>& cores,
                                             int group) {
    Placed placed{cores, group, e.groups.first_block(group) + e.group_next[group]++};
    for (AiCore* core : cores) m_pool.take(core, e);
    return placed;
}

void TaskScheduler::start(Execution& e, const Placed& placed) {
    const std::vector<AiCore*>& cores = placed.cores;
    const std::int64_t block = placed.block;
    // Counted when it starts: a block that ends while another waits for
    // its interval must not see the launch as fully dispatched.
    ++e.dispatched;
    auto peers = std::make_shared<BlockPeers>();
    for (AiCore* core : cores) {
        if (core->config().type == CoreType::AIC)
            peers->aic = core->config().soc_core_id;
        else
            peers->aivs.push_back(core->config().soc_core_id);
    }
    std::int64_t subblock = 0;
    for (AiCore* core : cores) {
        const bool aic = core->config().type == CoreType::AIC;
        BlockWork w;
        w.launch = e.kernel;
        w.block_idx = block;
        w.subblockid = aic ? 0 : subblock++;
        w.peers = peers;
        w.on_done = [this, &e, core, block](const std::optional<std::string>& fault) {
            m_pool.release(core);
            e.cores.erase(std::find(e.cores.begin(), e.cores.end(), core));
            if (fault)
                e.result.faults.push_back(std::string(core->basename()) + " block " +
                                          std::to_string(block) + ": " + *fault);
            if (--e.cores_running == 0 && e.dispatched == e.plan.block_num) {
                e.finished = true;
                e.done.notify(sc_core::SC_ZERO_TIME);
            }
            // Freed cores matter only to blocks still waiting for a place.
            if (blocks_waiting()) {
                m_dirty = true;
                m_wake.notify(sc_core::SC_ZERO_TIME);
            }
        };
        ++e.cores_running;
        e.cores.push_back(core);
        core->start_block(std::move(w));
    }
}

void TaskScheduler::dispatch_ready() {
    // Round robin over the launches, one block each per pass: launches that
    // share the device interleave their blocks.
    // Dispatching waits, and launches come and go meanwhile: a pass walks
    // the launches as they were when it began.
    bool progress = true;
    while (progress) {
        progress = false;
        const std::vector<std::shared_ptr<Execution>> launches(m_active.begin(), m_active.end());
        for (const auto& exec : launches) progress = dispatch_from(*exec) || progress;
    }
}

std::optional<int> TaskScheduler::next_group(const Execution& e) const {
    // The groups in turn, from the one after the last that started a block:
    // each die's blocks go to its cores, and a full die does not hold up the
    // other's blocks.
    for (int i = 1; i <= e.groups.group_dim; ++i) {
        const int g = (e.last_group + i) % e.groups.group_dim;
        const std::int64_t end =
            std::min(e.groups.first_block(g + 1), std::int64_t(e.plan.block_num));
        if (e.groups.first_block(g) + e.group_next[g] < end && m_pool.place(e, g)) return g;
    }
    return std::nullopt;
}

bool TaskScheduler::dispatch_from(Execution& e) {
    if (e.dispatched >= e.plan.block_num) return false;
    const LaunchPlan& plan = e.plan;
    // Batch mode starts every block together, once all of them fit (no
    // core is held for it meanwhile: other launches go on).
    const bool all_at_once = e.batch && e.dispatched == 0;
    if (all_at_once && !m_pool.all_fit(e)) return false;
    bool started = false;
    do {
        // One dispatch interval places up to dispatch_parallel_blocks blocks
        // (their cores are taken at once), which start when it ends.
        std::vector<Placed> interval;
        while (static_cast<std::int64_t>(interval.size()) < m_parallel_blocks) {
            const auto group = next_group(e);
            if (!group) break; // only in normal mode: the rest waits for cores
            interval.push_back(reserve(e, *m_pool.place(e, *group), *group));
            e.last_group = *group;
        }
        if (interval.empty()) break;
        wait_for(m_clock.cycles(m_dispatch_cycles));
        // The watchdog may have killed the launch meanwhile: nothing of it
        // starts after that, and the cores it was given are free again.
        if (e.finished) {
            for (const Placed& p : interval)
                for (AiCore* core : p.cores) m_pool.release(core);
            break;
        }
        for (const Placed& p : interval) start(e, p);
        started = true;
    } while (all_at_once && e.dispatched < plan.block_num);
    return started;
}

bool TaskScheduler::blocks_waiting() const {
    for (const auto& exec : m_active)
        if (exec->dispatched < exec->plan.block_num) return true;
    return false;
}

std::vector<LaunchReport> TaskScheduler::active_launches() const {
    std::vector<LaunchReport> out;
    for (const auto& exec : m_active) {
        const Execution& e = *exec;
        if (e.finished) continue;
        LaunchReport r{e.id,
                       e.kernel->kernel_name,
                       e.plan.kernel_type,
                       e.plan.block_num,
                       e.dispatched,
                       e.cores_running,
                       "",
                       e.stream,
                       {}};
        if (e.dispatched < e.plan.block_num) {
            r.waiting_for = m_pool.why_waiting(e);
            for (const auto& holder : m_pool.holders_of(e)) r.held_by.push_back(holder.first->id);
        }
        out.push_back(r);
    }
    return out;
}

// ---------------------------------------------------------------- watchdog

std::optional<sc_core::sc_time> TaskScheduler::next_deadline() const {
    std::optional<sc_core::sc_time> next;
    for (const auto& exec : m_active)
        if (!exec->finished && !exec->expiring && exec->deadline &&
            (!next || *exec->deadline < *next))
            next = exec->deadline;
    return next;
}

std::vector<TaskScheduler::PendingDeadline> TaskScheduler::pending_deadlines() const {
    std::vector<PendingDeadline> out;
    for (const auto& exec : m_active)
        if (!exec->finished)
            out.push_back({exec->id, exec->kernel->kernel_name, exec->deadline,
                           timeout_code(exec->plan.vector_task)});
    return out;
}

void TaskScheduler::deadline_reached(bool deadlocked) {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    for (auto& exec : m_active)
        if (!exec->finished && exec->deadline && *exec->deadline <= now) exec->expiring = true;
    m_deadlocked = deadlocked;
    m_expire.notify(sc_core::SC_ZERO_TIME); // kill() needs a process to call it
}

void TaskScheduler::expire_due() {
    for (auto& exec : m_active)
        if (exec->expiring && !exec->finished) kill(*exec);
    m_deadlocked = false;
}

void TaskScheduler::kill(Execution& e) {
    WatchdogKill k{e.id,
                   e.kernel->kernel_name,
                   e.plan.kernel_type,
                   e.started,
                   sc_core::sc_time_stamp(),
                   e.timeout_us,
                   e.timeout_credits,
                   timeout_code(e.plan.vector_task),
                   e.plan.block_num - e.dispatched,
                   {},
                   {},
                   {},
                   {},
                   m_deadlocked,
                   sc_core::SC_ZERO_TIME};
    const std::string why = "killed by the op-execute watchdog (" + std::string(k.code.log_text) +
                            ", launch " + std::to_string(e.id) + ")";
    std::vector<CoreReport> everyone;
    for (const AiCore* core : m_pool.all())
        everyone.push_back(core->report(sc_core::sc_time_stamp()));
    CulpritReport culprits = find_culprits(everyone, e.id);
    k.culprits = std::move(culprits.culprits);
    k.waits = std::move(culprits.waits);
    k.groups = std::move(culprits.groups);
    for (AiCore* core : e.cores) {
        const CoreReport r = core->report(sc_core::sc_time_stamp());
        std::string doing = r.waiting_on;
        for (const PipeReport& p : r.busy_pipes)
            if (!p.blocked_on.empty())
                doing += std::string(doing.empty() ? "" : "; ") + "pipe " + to_string(p.pipe) +
                         ": " + p.blocked_on;
        if (doing.empty()) doing = "running (last intrinsic " + r.last_intrinsic + ")";
        k.cores.push_back({core->basename(), to_string(r.state), doing, r.state_since});
        k.stuck_since = std::max(k.stuck_since, r.state_since);
        core->kill_block(why);
    }
    // Its cores stay taken and its undispatched blocks never start: the
    // device needs a reset before it runs anything else.
    e.dispatched = e.plan.block_num;
    e.cores.clear();
    e.cores_running = 0;
    e.result.timeout_code = k.code.code;
    e.result.timeout_message = std::string(k.code.name) + " (" + k.code.log_text +
                               "): the kernel ran past the op-execute timeout of " +
                               std::to_string(e.timeout_us) + " us";
    e.finished = true;
    e.done.notify(sc_core::SC_ZERO_TIME);
    m_kills.push_back(std::move(k));
}

} // namespace syncsim
