// The vendor's SYNCALL system tests as a workload: the host program's and
// the kernel's parameters, with their meanings and ranges, and the checks
// the host reports.
#include "syncsim/pto/syncall.hpp"
#include "workloads/kernels/syncall_system_test.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <string>

namespace syncsim {

// The `target` parameter: empty (derived from the core type) or one of the
// build targets the vendor's system test is compiled for.
static std::vector<std::string> target_choices() {
    return {"",         "dav-c220",     "dav-c220-vec", "dav-c220-cube",
            "dav-c310", "dav-c310-vec", "dav-c310-cube"};
}

namespace system_test {

// size-check: table
std::vector<WorkloadParam> params() {
    std::vector<WorkloadParam> out = {
        choice_param("mode", "hard",
                     "SYNCALL mode: hard (FFTS) or soft (GM: see pto_isa for which algorithm)",
                     {"hard", "soft"}),
        choice_param("pto_isa", "",
                     "the pto-isa commit the kernel is built against: empty = the default "
                     "(f24f7b73, soft = one GM counter); 83d01313 = soft by per-core slots polled "
                     "by DMA (the pto-isa #197 device)",
                     {"", "f24f7b73", "83d01313"}),
        choice_param("core_type", "aiv_only", "SYNCALL core type: aiv_only, aic_only or mix",
                     {"aiv_only", "aic_only", "mix"}),
        {"body", std::int64_t{1},
         "1 = Body1 (one barrier), 3 = Body3 (three), 0 = `rounds` barriers, no data", 0, 3},
        {"rounds", std::int64_t{1}, "barriers when body = 0", 1, 1000000},
        {"block_dim", std::int64_t{0},
         "blocks; 0 = the vendor's (A5: 18; A2/A3: one per AIV or AIC)", 0,
         static_cast<double>(kMaxBlockDim)},
        {"stride", std::int64_t{0},
         "slot stride in int32; 0 = the vendor's (8, or 16 for A5 AIC/Mix)", 0, 64},
        choice_param("target", "", "build target; empty = <arch>-vec / <arch>-cube / <arch> (Mix)",
                     target_choices()),
        choice_param("meta", "none", "kernel meta: none, mix_aiv_main, aic_only, mix_aic_main",
                     {"none", "mix_aiv_main", "aic_only", "mix_aic_main"}),
        choice_param("meta_ratio", "1:2", "aic:aiv of a mix_aic_main meta: 1:1 or 1:2",
                     {"1:1", "1:2"}),
        choice_param("build", "npu", "npu, auto (__PTO_AUTO__) or cpu_sim",
                     {"npu", "auto", "cpu_sim"}),
        {"dual_stream", false, "Mix 1:1 as two launches, cube and vector, on two streams"},
        {"define_aic_blocks", std::int64_t{0}, "-D__MIX_CORE_AIC_BLOCKS__ (0 = not defined)", 0,
         1 << 20},
        {"define_aiv_ratio", std::int64_t{0}, "-D__MIX_CORE_AIV_RATIO__ (0 = not defined)", 0, 2},
        {"set_ffts_base", true,
         "A2/A3: the host gets rtGetC2cCtrlAddr and the kernel calls set_ffts_base_addr"},
        {"participants", std::int64_t{0},
         "logical indices below this take part; 0 = every launched core", 0, 1 << 20},
        {"used_cores", std::int64_t{-1},
         "usedCores passed to soft SYNCALL; -1 = the participant count (as the vendor), 0 = let "
         "SYNCALL resolve N",
         -1, 1 << 20},
        {"idle_cores_call", false, "launched non-participants call SYNCALL too, once (a misuse)"},
        {"aic_cached_reads", false,
         "cube cores read the other cores' flags with plain cached loads and no dcci (a misuse, "
         "pto-syncall.md 3.11)"},
        {"idle_cores_call_every_barrier", false,
         "launched non-participants call SYNCALL at every barrier of the body (a misuse)"},
        {"workspace_bytes", std::int64_t{0},
         "soft workspace size; 0 = the vendor's (64 bytes; pto-isa 83d01313: 32 per participant)",
         0, 1 << 20},
        {"workspace_init", std::int64_t{0}, "initial workspace counter (the host should zero it)",
         -(1ll << 31), (1ll << 31) - 1},
        {"workspace_shares_slot", std::int64_t{-1},
         "put the counter in the 64-byte line of this core's flag slot; -1 = own buffer", -1,
         1 << 20},
        {"skip_core", std::int64_t{-1}, "logical index of a core that skips one barrier; -1 = none",
         -1, 1 << 20},
        {"skip_barrier", std::int64_t{2}, "which barrier (1-based) that core skips", 1, 1000000},
        {"schedule_mode", std::int64_t{0},
         "the tiling's SetScheduleMode: 0 = normal (blocks start as cores free, in waves when "
         "they do not fit), 1 = batch (all blocks start together)",
         0, 1},
        {"busy_blocks", std::int64_t{0},
         "blocks of other work (the `occupy` kernel) launched first on a stream of its own, each "
         "holding a core of the barrier's type for busy_cycles; 0 = none",
         0, 1 << 20},
        occupy_cycles_param(),
        {"busy_lead_ms", std::int64_t{0},
         "the host waits this long for the other work (aclrtSynchronizeStreamWithTimeout) before "
         "the barrier's launch, so the other work holds its cores first; 0 = launch at once",
         0, 1 << 20},
        {"warm_up_launches", std::int64_t{0},
         "the same launch run this many times first, each to its end, on the barrier's stream "
         "(earlier iterations of a model's loop: they leave data and slots behind)",
         0, 1000},
        {"other_stream_launches", std::int64_t{0},
         "the same launch on this many other streams at once, each with its own buffers", 0, 3},
        {"op_execute_timeout_us", std::int64_t{-1},
         "the host calls aclrtSetOpExecuteTimeOutV2 with this before launching (0 = the maximum); "
         "-1 = it does not (the platform's default applies)",
         -1, 1ll << 40},
        {"launch_timeout_us", std::int64_t{-1},
         "the barrier launch's own op-execute timeout (launch attribute TIMEOUT_US; 0 = never); "
         "-1 = none (the global one applies)",
         -1, 1ll << 40},
        {"sync_timeout_ms", std::int64_t{-1},
         "the host synchronises with aclrtSynchronizeStreamWithTimeout(this); -1 = "
         "aclrtSynchronizeStream",
         -1, 1 << 30},
        {"extra_barrier_core", std::int64_t{-1},
         "logical index of a core that enters one barrier too many (after the first); -1 = none",
         -1, 1 << 20},
    };
    for (WorkloadParam& p : occupy_traffic_params()) out.push_back(std::move(p));
    return out;
}

std::vector<WorkloadParam> kernel_params() {
    // What the kernel reads (syncall_system_test_kernel.cpp), and the
    // library version it is built against.
    const std::vector<std::string> read = {
        "mode",      "pto_isa",         "core_type",         "body",
        "rounds",    "idle_cores_call", "aic_cached_reads",  "idle_cores_call_every_barrier",
        "skip_core", "skip_barrier",    "extra_barrier_core"};
    std::vector<WorkloadParam> out;
    for (const WorkloadParam& p : params())
        if (std::find(read.begin(), read.end(), p.name) != read.end()) out.push_back(p);
    return out;
}

} // namespace system_test

void register_syncall_system_test(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = system_test::params();
    r.add(KernelEntry{"syncall_system_test",
                      "SYNCALL Body1/Body3 system test body",
                      system_test::kernel,
                      params,
                      {},
                      "syncall_system_test"});
    // A barrier needs every block resident at once: more blocks than the
    // device holds wait for cores that never free.
    auto feasible = [](const DeviceInfo& d, const ParamMap& p) -> std::string {
        const std::string type = std::get<std::string>(p.at("core_type"));
        const std::int64_t blocks = std::get<std::int64_t>(p.at("block_dim"));
        const std::int64_t limit = type == "aiv_only" ? d.aiv_cores : d.aic_cores;
        if (blocks > limit)
            return std::to_string(blocks) + " blocks of a " + type +
                   " barrier cannot all be resident on " + d.platform + " (" +
                   std::to_string(limit) + (type == "aiv_only" ? " AIV" : " AIC") + " cores)";
        return "";
    };
    r.add(HostEntry{"syncall_system_test",
                    "the vendor's SYNCALL system test: launch, barrier bodies, check out[i*S]",
                    system_test::host,
                    params,
                    feasible,
                    {"rtGetC2cCtrlAddr returns the FFTS base", "stream synchronises",
                     "out[i*S] == 1 for every participant, 2 for idle cores",
                     "workspace counter == barriers x N", "every workspace slot == barriers",
                     "warm-up launches synchronise", "op-execute timeout set",
                     "the other streams' launches synchronise and get their data right"}});
}

} // namespace syncsim
