// The AICPU side of the simpler runtime (simpler@6ebaf771 runtime/
// tensormap_and_ringbuffer: aicpu/aicpu_executor.cpp, runtime/scheduler/):
// the scheduler threads open the register windows of the cores they own
// (clusters c with c % schedulers == thread, scheduler_cold_path.cpp:
// 989-1033) and wait for each worker's idle report; the orchestrator (the
// last thread) submits the tasks; each scheduler then loops over a dispatch
// phase (DispatchPolicy: where blocks go) and a completion poll of its busy
// cores' COND. No task finishing for scheduler_timeout_ms latches error 100
// (platform_config.h:83, 10 s): every scheduler writes the exit signal to
// its cores, waits up to a second for them to leave, and the kernel fails.
#include "workloads/simpler/dispatch_policy.hpp"
#include "workloads/simpler/simpler_runtime.hpp"

#include <algorithm>
#include <iomanip>
#include <optional>
#include <sstream>

namespace syncsim::simpler {

namespace {

struct RunState {
    RunConfig run;
    int schedulers = 0;
    std::vector<std::uint64_t> task_ids;                   // device-wide, by task
    std::vector<double> first_dispatch_ns, last_finish_ns; // by task
    // By SoC core id.
    std::vector<std::uint64_t> cond_seen, sequence, running_id, pending_id;
    std::vector<int> reported;  // the cores whose workers reported idle
    std::vector<int> worker_of; // core -> worker index, -1: none
    std::optional<DispatchPolicy> policy;
    bool submitted = false;
    double last_progress_ns = 0;
    std::optional<int> error;
    std::string error_text;

    void latch(int code, const std::string& why) {
        if (!error) {
            error = code;
            error_text = why;
        }
    }
    int core_of(int worker) const { return reported[static_cast<std::size_t>(worker)]; }
};

std::vector<int> owned_cores(const RunState& s, AicpuContext& a) {
    std::vector<int> out;
    for (int c = 0; c < a.cores(); ++c)
        if (a.cluster(c) % s.schedulers == a.thread_idx()) out.push_back(c);
    return out;
}

// Waits for the workers on this thread's cores to report their start and
// opens each one's register window as it does (DATA_MAIN_BASE = the AICPU's
// idle id), until every worker of the launch has reported; some thread
// builds the policy then. A core reports by changing what COND last read,
// so a value a former run left there costs no pass.
bool handshake(RunState& s, AicpuContext& a) {
    std::vector<int> waiting = owned_cores(s, a);
    std::vector<std::uint64_t> seen(waiting.size(), 0);
    const double deadline = a.now_ns() + s.run.scheduler_timeout_ms * 1e6;
    while (static_cast<std::int64_t>(s.reported.size()) < s.run.workers && !s.error) {
        const CondScan scan = a.scan_cond(waiting, seen, deadline);
        std::vector<int> still;
        std::vector<std::uint64_t> still_seen;
        for (std::size_t j = 0; j < waiting.size(); ++j) {
            if (scan.values[j] == kAicoreStartedValue) {
                a.write_reg(waiting[j], RegId::DATA_MAIN_BASE, kAicpuIdleTaskId);
                s.reported.push_back(waiting[j]);
                s.cond_seen[static_cast<std::size_t>(waiting[j])] = kAicoreIdleValue;
            } else {
                still.push_back(waiting[j]);
                still_seen.push_back(scan.values[j]);
            }
        }
        if (still.size() != waiting.size()) a.wake_threads();
        waiting = still;
        seen = still_seen;
        if (scan.end == CondScan::End::Deadline && !s.error) {
            s.latch(kNoProgress, "handshake: " + std::to_string(s.reported.size()) + " of " +
                                     std::to_string(s.run.workers) + " workers reported");
            a.wake_threads();
        }
    }
    if (s.error) return false;
    if (!s.policy) {
        std::sort(s.reported.begin(), s.reported.end());
        std::vector<WorkerCore> workers;
        for (std::size_t w = 0; w < s.reported.size(); ++w) {
            workers.push_back({a.core_type(s.reported[w]), a.cluster(s.reported[w])});
            s.worker_of[static_cast<std::size_t>(s.reported[w])] = static_cast<int>(w);
        }
        s.policy.emplace(std::move(workers), s.schedulers);
        a.wake_threads();
    }
    return true;
}

// The orchestrator: once the workers are known, refuse a task no set of
// cores can hold (it could never start), else submit every task in order.
void orchestrate(RunState& s, AicpuContext& a) {
    while (!s.policy && !s.error)
        a.scan_cond({}, {}, a.now_ns() + s.run.scheduler_timeout_ms * 1e6);
    if (s.error) return;
    for (std::size_t i = 0; i < s.run.tasks.size(); ++i) {
        const Task& t = s.run.tasks[i];
        std::int64_t cores = 0;
        for (int c : s.reported) cores += a.core_type(c) == t.shape;
        if (t.blocks > cores) {
            s.latch(kTooManyBlocks, "orchestrator: " + t.name + " has " + std::to_string(t.blocks) +
                                        " blocks of one " + to_string(t.shape) +
                                        " each; the runtime has " + std::to_string(cores));
            break;
        }
        // Submitted after its predecessors by the graph's own delay.
        if (t.submit_after_ns > 0) a.work(t.submit_after_ns);
        s.task_ids.push_back(a.new_task_id());
        s.first_dispatch_ns.push_back(-1);
        s.last_finish_ns.push_back(-1);
        s.policy->submit({t.shape, t.blocks, t.sync_start});
        a.wake_threads();
    }
    s.submitted = true;
    s.last_progress_ns = a.now_ns();
    a.wake_threads();
}

void dispatch(RunState& s, AicpuContext& a, const Placement& p) {
    const int core = s.core_of(p.worker);
    const auto at = static_cast<std::size_t>(core);
    const std::uint64_t id = ++s.sequence[at];
    const Task& t = s.run.tasks[p.task];
    std::vector<std::uint64_t> words = {
        static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(t.kernel)), s.task_ids[p.task],
        static_cast<std::uint64_t>(p.block), static_cast<std::uint64_t>(t.blocks), t.args.size()};
    words.insert(words.end(), t.args.begin(), t.args.end());
    const GmAddr payload = s.run.payloads + at * 2 * kPayloadBytes + (id & 1) * kPayloadBytes;
    a.write_gm(payload, words.data(), words.size() * 8);
    a.write_reg(core, RegId::DATA_MAIN_BASE, id);
    (p.pending ? s.pending_id : s.running_id)[at] = id;
    if (s.first_dispatch_ns[p.task] < 0) s.first_dispatch_ns[p.task] = a.now_ns();
}

// What a COND value says about a core: its pending block took over (so the
// running one finished, even if its FIN was overwritten before this read);
// the block it runs acknowledged (its pending slot may now be used) or
// finished (the pending one, if any, runs next).
bool completions(RunState& s, int core, std::uint64_t value, double now_ns) {
    const auto at = static_cast<std::size_t>(core);
    const int worker = s.worker_of[at];
    const auto finish = [&] {
        s.last_finish_ns[s.policy->running_on(worker)->task] = now_ns;
        s.policy->finished(worker);
        s.running_id[at] = s.pending_id[at];
        s.pending_id[at] = 0;
    };
    bool progress = false;
    const std::uint64_t id = value & kTaskIdMask;
    if (s.pending_id[at] != 0 && id == s.pending_id[at]) {
        finish();
        progress = true;
    }
    if (s.running_id[at] != 0 && id == s.running_id[at]) {
        if (value & kFinBit) {
            finish();
            progress = true;
        } else {
            s.policy->acknowledged(worker);
        }
    }
    return progress;
}

// Each task's span, as the schedulers saw it: first dispatch to last FIN.
void log_task_spans(const RunState& s, AicpuContext& a) {
    s.run.spans_ns->assign(s.task_ids.size(), -1);
    for (std::size_t i = 0; i < s.task_ids.size(); ++i) {
        if (s.first_dispatch_ns[i] >= 0 && s.policy->finished_blocks(i) == s.run.tasks[i].blocks)
            (*s.run.spans_ns)[i] = s.last_finish_ns[i] - s.first_dispatch_ns[i];
        std::ostringstream os;
        os << std::fixed << std::setprecision(3) << "simpler: " << s.run.tasks[i].name << " (task "
           << s.task_ids[i] << "): " << s.policy->finished_blocks(i) << " of "
           << s.run.tasks[i].blocks << " blocks finished";
        // Blocks queued in a pending slot: behind a block of their own task
        // they can start only when it ends (the waves of #197 and #1990).
        int pending = 0, behind_own = 0;
        for (std::size_t w = 0; w < s.reported.size(); ++w) {
            const auto p = s.policy->pending_on(static_cast<int>(w));
            if (!p || p->task != i) continue;
            ++pending;
            behind_own += s.policy->running_on(static_cast<int>(w))->task == i;
        }
        if (pending > 0)
            os << ", " << pending << " waiting in pending slots (" << behind_own
               << " behind a block of the same task)";
        if (s.first_dispatch_ns[i] >= 0 && s.policy->finished_blocks(i) == s.run.tasks[i].blocks)
            os << ", dispatched at " << s.first_dispatch_ns[i] / 1e6 << " ms, last FIN seen at "
               << s.last_finish_ns[i] / 1e6
               << " ms: " << (s.last_finish_ns[i] - s.first_dispatch_ns[i]) / 1e6 << " ms";
        a.log(os.str());
    }
}

void exit_cores(RunState& s, AicpuContext& a) {
    std::vector<int> waiting = owned_cores(s, a);
    for (int c : waiting) a.write_reg(c, RegId::DATA_MAIN_BASE, kAicoreExitSignal);
    waiting.erase(
        std::remove_if(waiting.begin(), waiting.end(),
                       [&](int c) { return s.worker_of[static_cast<std::size_t>(c)] < 0; }),
        waiting.end());
    const double deadline = a.now_ns() + s.run.exit_wait_ms * 1e6;
    while (!waiting.empty()) {
        std::vector<std::uint64_t> seen;
        for (int c : waiting) seen.push_back(s.cond_seen[static_cast<std::size_t>(c)]);
        const CondScan scan = a.scan_cond(waiting, seen, deadline);
        std::vector<int> still;
        for (std::size_t j = 0; j < waiting.size(); ++j) {
            s.cond_seen[static_cast<std::size_t>(waiting[j])] = scan.values[j];
            if (scan.values[j] != kAicoreExitedValue) still.push_back(waiting[j]);
        }
        waiting = still;
        if (scan.end == CondScan::End::Deadline) break;
    }
    if (!waiting.empty())
        a.log("simpler scheduler thread " + std::to_string(a.thread_idx()) + ": " +
              std::to_string(waiting.size()) +
              " of its cores did not leave after the exit signal (a block still runs there)");
}

void schedule(RunState& s, AicpuContext& a) {
    if (!handshake(s, a)) return exit_cores(s, a);
    const int me = a.thread_idx();
    while (!s.error && !(s.submitted && s.policy->all_finished())) {
        // Placing blocks changes what the others may place (a pending slot
        // only when no thread has an idle core): they look again.
        const std::vector<Placement> placed = s.policy->dispatch(me);
        for (const Placement& p : placed) dispatch(s, a, p);
        if (!placed.empty()) a.wake_threads();
        std::vector<int> cores;
        std::vector<std::uint64_t> seen;
        for (int w : s.policy->running(me)) {
            cores.push_back(s.core_of(w));
            seen.push_back(s.cond_seen[static_cast<std::size_t>(cores.back())]);
        }
        const double deadline = s.last_progress_ns + s.run.scheduler_timeout_ms * 1e6;
        const CondScan scan = a.scan_cond(cores, seen, deadline);
        bool progress = false;
        for (std::size_t j = 0; j < cores.size(); ++j) {
            s.cond_seen[static_cast<std::size_t>(cores[j])] = scan.values[j];
            progress = completions(s, cores[j], scan.values[j], a.now_ns()) || progress;
        }
        if (progress) {
            s.last_progress_ns = a.now_ns();
            a.wake_threads(); // freed cores change what the others may place
        } else if (scan.end == CondScan::End::Deadline &&
                   a.now_ns() >= s.last_progress_ns + s.run.scheduler_timeout_ms * 1e6) {
            std::ostringstream why;
            why << "scheduler thread " << me << ": no task finished for "
                << s.run.scheduler_timeout_ms << " ms";
            s.latch(kNoProgress, why.str());
            a.wake_threads();
        }
    }
    if (me == 0) log_task_spans(s, a);
    exit_cores(s, a);
}

std::string describe(const RunState& s) {
    std::ostringstream os;
    os << "simpler AICPU scheduler (" << s.schedulers << " scheduler threads): ";
    if (!s.policy)
        return os.str() + std::to_string(s.reported.size()) + " of " +
               std::to_string(s.run.workers) + " workers reported";
    for (std::size_t i = 0; i < s.policy->tasks() && i < s.task_ids.size(); ++i)
        os << (i ? "; " : "") << s.run.tasks[i].name << " (task " << s.task_ids[i]
           << "): " << s.policy->placed_blocks(i) << " of " << s.run.tasks[i].blocks
           << " blocks dispatched, " << s.policy->finished_blocks(i) << " finished";
    if (s.policy->draining()) os << "; a sync_start task waits for idle cores (drain)";
    os << "; last progress at " << s.last_progress_ns / 1e6 << " ms, watchdog at "
       << (s.last_progress_ns + s.run.scheduler_timeout_ms * 1e6) / 1e6 << " ms";
    return os.str();
}

} // namespace

AicpuLaunch aicpu_executor(const RunConfig& run) {
    // A payload holds a kernel and kMaxTaskArgs arguments: a host program
    // that gives more is wrong before anything runs.
    for (const Task& t : run.tasks) {
        if (!t.kernel) throw HostError("simpler: task '" + t.name + "' names no kernel");
        if (t.args.size() > kMaxTaskArgs)
            throw HostError("simpler: task '" + t.name + "' has " + std::to_string(t.args.size()) +
                            " arguments; a dispatch payload holds " + std::to_string(kMaxTaskArgs));
    }
    auto s = std::make_shared<RunState>();
    s->run = run;
    s->schedulers = run.aicpu_threads - 1;
    AicpuLaunch l;
    l.name = "simpler aicpu_executor";
    l.threads = run.aicpu_threads;
    l.thread = [s](AicpuContext& a) {
        if (s->cond_seen.empty()) {
            const auto cores = static_cast<std::size_t>(a.cores());
            s->cond_seen.assign(cores, 0);
            s->sequence.assign(cores, 0);
            s->running_id.assign(cores, 0);
            s->pending_id.assign(cores, 0);
            s->worker_of.assign(cores, -1);
        }
        if (a.thread_idx() == s->schedulers)
            orchestrate(*s, a);
        else
            schedule(*s, a);
        // The kernel's return: thread 0 says it (after its cores' exit).
        if (s->error && a.thread_idx() == 0) a.fail(*s->error, s->error_text);
    };
    l.describe = [s] { return describe(*s); };
    return l;
}

} // namespace syncsim::simpler
