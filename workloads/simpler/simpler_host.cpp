// A host program on the simpler runtime (device-observations.md 5), as
// simpler's DeviceRunner runs one: the op-execute timeout set once (45 s,
// platform_config.h:77), then per run an AICPU launch of the scheduler
// threads and one AICore launch of the resident workers over the whole
// device (block dim min(AIC, AIV / 2, 24), Mix 1:2, batch schedule mode:
// device_runner_base.cpp:608-625, 1519-1522), both streams synchronised
// with a 50 s budget (platform_config.h:93). A failed run marks the runner
// unusable: later runs are refused (device_runner.cpp:241-248, 676-699).
// The tasks: other work holding cores (the `occupy` kernel) and the SYNCALL
// system test's body as one task of `spmd` blocks.
#include "syncsim/pto/syncall.hpp"
#include "workloads/kernels/syncall_system_test.hpp"
#include "workloads/registry.hpp"
#include "workloads/simpler/simpler_runtime.hpp"

#include <algorithm>
#include <string>

namespace syncsim {

namespace simpler {

namespace {

// simpler's DeviceRunner: the device stays unusable after a failed run.
struct Runner {
    HostApi& host;
    KernelLaunch workers;
    RunConfig config;
    bool unusable = false;

    // One run: 0, the first stream error, or -1 when refused.
    int run(std::string& what) {
        if (unusable) {
            what = "refused: DeviceRunner marked unusable by a prior AICore failure (pypto #1935 "
                   "saw code 13 from later runs until the device was reset)";
            return -1;
        }
        const StreamId aicpu = host.create_stream(), aicore = host.create_stream();
        try {
            host.launch_aicpu(aicpu, aicpu_executor(config));
        } catch (const HostError& e) {
            throw HostError("simpler_run (workload.params.aicpu_threads = " +
                            std::to_string(config.aicpu_threads) + "): " + e.what());
        }
        host.launch(aicore, workers);
        const auto budget = static_cast<std::int32_t>(host.param_int("stream_sync_timeout_ms"));
        const int a = host.aclrtSynchronizeStreamWithTimeout(host.stream_handle(aicpu), budget);
        const int b = host.aclrtSynchronizeStreamWithTimeout(host.stream_handle(aicore), budget);
        what = "AICPU stream " + std::to_string(a) + ", AICore stream " + std::to_string(b);
        if (a == 0 && b == 0) return 0;
        unusable = true;
        return a != 0 ? a : b;
    }
};

struct BarrierTask {
    Task task;
    GmAddr out = 0;
    std::int64_t participants = 0, stride = 8;
};

BarrierTask barrier_task(HostApi& host, std::int64_t workers_of_type) {
    BarrierTask b;
    const std::string type = std::get<std::string>(host.param("core_type"));
    const bool soft = std::get<std::string>(host.param("mode")) == "soft";
    b.participants = host.param_int("spmd") > 0 ? host.param_int("spmd") : workers_of_type;
    const auto bytes = static_cast<std::uint64_t>(b.participants * b.stride * 4);
    const GmAddr flags = host.malloc(bytes, "flags"), diag = host.malloc(bytes, "diag");
    b.out = host.malloc(bytes, "out");
    const GmAddr workspace = host.malloc(
        static_cast<std::uint64_t>(b.participants) * lib::SYNCALL_SOFT_SLOT_INT32 * 4 + 64,
        "workspace");
    std::uint64_t ffts = 0;
    std::uint32_t len = 0;
    if (host.device().has(Feature::FftsBaseAddr)) host.rtGetC2cCtrlAddr(&ffts, &len);
    b.task.name = "syncall (" + std::to_string(b.participants) + " blocks)";
    b.task.kernel = system_test::kernel;
    b.task.shape = type == "aic_only" ? CoreType::AIC : CoreType::AIV;
    b.task.blocks = b.participants;
    b.task.sync_start = host.param_bool("sync_start");
    b.task.args = {flags,
                   b.out,
                   ffts,
                   static_cast<std::uint64_t>(soft ? b.participants : 0),
                   static_cast<std::uint64_t>(b.stride),
                   static_cast<std::uint64_t>(b.participants),
                   workspace,
                   diag,
                   static_cast<std::uint64_t>(b.participants)};
    return b;
}

// simpler's per-family constants (simpler@6ebaf771 platform_config.h of
// src/a2a3 and src/a5): the most blocks of the resident launch and the
// default AICPU threads (one orchestrator, the rest schedulers).
struct FamilyDefaults {
    const char* arch;
    std::int64_t max_block_dim;
    int aicpu_threads;
};
constexpr FamilyDefaults kFamilies[] = {
    {"dav-c220", 24, 4}, // a2a3: lines 38 and 60
    {"dav-c310", 36, 5}, // a5: lines 37 and 59
};

const FamilyDefaults& family_of(const DeviceInfo& d) {
    for (const FamilyDefaults& f : kFamilies)
        if (d.arch == f.arch) return f;
    throw HostError("simpler_run: the simpler runtime has no constants for arch '" + d.arch + "'");
}

// The runner's configuration and its resident launch, sized to the device
// as simpler's DeviceRunner does; the blocks launched.
std::int64_t configure(HostApi& host, Runner& r) {
    const DeviceInfo& d = host.device();
    const FamilyDefaults& family = family_of(d);
    r.config.workers = host.param_int("block_dim");
    if (r.config.workers == 0)
        r.config.workers =
            std::min<std::int64_t>({d.aic_cores, d.aiv_cores / 2, family.max_block_dim});
    const std::int64_t workers = r.config.workers;
    // More blocks than clusters could never all start (batch mode).
    if (workers > std::min(d.aic_cores, d.aiv_cores / 2))
        throw HostError("simpler_run: workload.params.block_dim = " + std::to_string(workers) +
                        " resident blocks of a cube and two vectors; " + d.platform + " has " +
                        std::to_string(std::min(d.aic_cores, d.aiv_cores / 2)));
    r.config.aicpu_threads = host.param_int("aicpu_threads") > 0
                                 ? static_cast<int>(host.param_int("aicpu_threads"))
                                 : family.aicpu_threads;
    if (r.config.aicpu_threads < 2)
        throw HostError("simpler_run: aicpu_threads = 1 leaves no scheduler (the last thread "
                        "orchestrates); give 2 or more, or 0 for simpler's default");
    r.config.scheduler_timeout_ms = static_cast<double>(host.param_int("scheduler_timeout_ms"));
    r.config.payloads = host.malloc(
        static_cast<std::uint64_t>(d.aic_cores + d.aiv_cores) * 2 * kPayloadBytes, "payloads");
    r.workers.kernel = "simpler_aicore_executor";
    r.workers.target = d.arch;
    r.workers.block_dim = workers;
    r.workers.meta = KernelMeta::MixAicMain;
    r.workers.meta_aic = 1;
    r.workers.meta_aiv = 2;
    r.workers.schedule_mode = 1;
    r.workers.args = {r.config.payloads};
    if (const std::string v = std::get<std::string>(host.param("pto_isa")); !v.empty())
        r.workers.libraries["pto-isa"] = v;
    r.config.workers = workers * 3; // a cube and two vectors per block
    std::uint64_t actual = 0;
    host.aclrtSetOpExecuteTimeOutV2(
        static_cast<std::uint64_t>(host.param_int("op_execute_timeout_us")), &actual);
    return workers;
}

// The other work, task after task, then the barrier, each submitted
// submit_after_us after the one before.
std::vector<Task> measured_tasks(HostApi& host, const BarrierTask& barrier) {
    std::vector<Task> measured;
    const double after_ns = static_cast<double>(host.param_int("submit_after_us")) * 1e3;
    // The buffer the other work's co-running traffic streams, if it has any.
    const GmAddr traffic =
        host.param_int("busy_gm_bytes_per_cycle") > 0 ? host.malloc(1 << 20, "busy traffic") : 0;
    if (const std::int64_t busy = host.param_int("busy_blocks"); busy > 0)
        for (std::int64_t i = 0; i < host.param_int("busy_tasks"); ++i) {
            measured.push_back({"occupy (" + std::to_string(busy) + " blocks)",
                                occupy_kernel(),
                                barrier.task.shape,
                                busy,
                                false,
                                {traffic}});
            if (i > 0) measured.back().submit_after_ns = after_ns;
        }
    measured.push_back(barrier.task);
    measured.back().submit_after_ns = after_ns;
    return measured;
}

void check_out(HostApi& host, const BarrierTask& barrier) {
    const auto words = host.read_array<std::int32_t>(
        barrier.out, static_cast<std::size_t>(barrier.participants * barrier.stride));
    std::int64_t wrong = 0, first = -1;
    for (std::int64_t i = 0; i < barrier.participants; ++i)
        if (words[static_cast<std::size_t>(i * barrier.stride)] != 1 && wrong++ == 0) first = i;
    host.check(
        "out[i*S] == 1 for every participant", wrong == 0,
        wrong == 0
            ? std::to_string(barrier.participants) + " participants 1"
            : std::to_string(wrong) + " of " + std::to_string(barrier.participants) +
                  " wrong, the first out[" + std::to_string(first * barrier.stride) +
                  "] = " + std::to_string(words[static_cast<std::size_t>(first * barrier.stride)]));
}

} // namespace

void host(HostApi& host) {
    Runner r{host, {}, {}};
    const std::int64_t workers = configure(host, r);
    const bool aic = std::get<std::string>(host.param("core_type")) == "aic_only";
    const BarrierTask barrier = barrier_task(host, aic ? workers : 2 * workers);
    const std::vector<Task> measured = measured_tasks(host, barrier);

    // Earlier runs of the barrier alone (a model's loop), then the measured ones.
    const auto runs = [&](std::int64_t count, const std::vector<Task>& tasks, std::string& detail) {
        bool ok = true;
        r.config.tasks = tasks;
        for (std::int64_t i = 0; i < count; ++i) {
            std::string what;
            const int rc = r.run(what);
            ok = ok && rc == 0;
            detail += (detail.empty() ? "" : "; ") + std::string("run ") + std::to_string(i + 1) +
                      " returned " + std::to_string(rc) + " (" + what + ")";
        }
        return ok;
    };
    std::string warm, measured_detail;
    if (const std::int64_t w = host.param_int("warm_up_runs"); w > 0)
        host.check("warm-up runs complete", runs(w, {barrier.task}, warm), warm);
    host.check("the runs complete", runs(host.param_int("runs"), measured, measured_detail),
               measured_detail);
    // The SYNCALL task's span in the last run, as simpler's swimlane shows a
    // task (pto-isa #197's "makespan of one SPMD task").
    if (const auto& spans = *r.config.spans_ns; !spans.empty() && spans.back() >= 0)
        host.measure("syncall_task_ns", spans.back(), "ns",
                     "the SYNCALL task's span in the last run: first dispatch to last FIN");
    if (host.param_int("body") != 0) check_out(host, barrier);
}

} // namespace simpler

void register_simpler(WorkloadRegistry& r) {
    r.add(KernelEntry{"simpler_aicore_executor",
                      "the simpler runtime's resident worker: runs the blocks the AICPU dispatches "
                      "(launched by the simpler_run host program)",
                      simpler::aicore_executor,
                      {},
                      {},
                      "simpler_run"});
    std::vector<WorkloadParam> params = system_test::kernel_params();
    // A task's block takes one core here: Mix tasks (a block on a cluster)
    // are not modelled.
    for (WorkloadParam& p : params)
        if (p.name == "core_type") {
            p.choices = {"aiv_only", "aic_only"};
            p.meaning = "SYNCALL core type of the task: aiv_only or aic_only (Mix tasks, a block "
                        "on a whole cluster, are not modelled)";
        }
    const std::vector<WorkloadParam> own = {
        {"spmd", std::int64_t{0},
         "blocks of the SYNCALL task, one core of its type each; 0 = every worker of that type", 0,
         1 << 20},
        {"sync_start", false,
         "the task starts all its blocks together (simpler's require_sync_start): a scheduler "
         "dispatches it only onto idle cores, stopping the others until enough are idle"},
        {"busy_blocks", std::int64_t{0},
         "a task of other work (the `occupy` kernel) submitted before the SYNCALL task in the "
         "measured runs, each block holding a core of the same type for busy_cycles; 0 = none",
         0, 1 << 20},
        occupy_cycles_param(),
        occupy_traffic_params()[0],
        occupy_traffic_params()[1],
        {"busy_tasks", std::int64_t{1},
         "how many such tasks of other work, one after another (a model's loop keeps more work "
         "queued than the cores run)",
         1, 64},
        {"submit_after_us", std::int64_t{0},
         "in the measured runs the orchestrator submits the SYNCALL task this long after the "
         "other work (the graph's own orchestration time)",
         0, 1ll << 40},
        {"warm_up_runs", std::int64_t{0},
         "runs of the SYNCALL task alone first (a model's loop: they leave slots behind)", 0, 100},
        {"runs", std::int64_t{1}, "measured runs, one after another on the same runner", 1, 100},
        {"block_dim", std::int64_t{0},
         "blocks of the resident AICore launch (a cube and two vectors each); 0 = simpler's "
         "min(AIC, AIV / 2, 24 on A2/A3, 36 on A5)",
         0, 4096},
        {"aicpu_threads", std::int64_t{0},
         "AICPU threads: the last orchestrates, the others schedule; 0 = simpler's default (4 "
         "on A2/A3, 5 on A5)",
         0, 64},
        {"scheduler_timeout_ms", std::int64_t{10000},
         "the schedulers' no-progress watchdog (SIMPLER_SCHEDULER_TIMEOUT_MS; "
         "platform_config.h:83)",
         1, 1 << 30},
        {"op_execute_timeout_us", std::int64_t{45000000},
         "what the runner passes to aclrtSetOpExecuteTimeOutV2 (platform_config.h:77: 45 s)", 0,
         1ll << 40},
        {"stream_sync_timeout_ms", std::int64_t{50000},
         "the runner's budget for each stream synchronisation (platform_config.h:93: 50 s)", 1,
         1 << 30},
    };
    params.insert(params.end(), own.begin(), own.end());
    r.add(HostEntry{
        "simpler_run",
        "the simpler runtime: resident workers on every core, AICPU dispatch of a "
        "SYNCALL task (and other work); error codes and an unusable runner after a hang",
        simpler::host,
        params,
        nullptr,
        {"warm-up runs complete", "the runs complete", "out[i*S] == 1 for every participant"}});
}

} // namespace syncsim
