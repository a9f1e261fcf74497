// The vendor's SYNCALL system tests (pto-syncall.md 4): every participant
// writes its slot, meets the others at a barrier, checks every slot, and
// reports in `out`; Body3 repeats with a write-after-read guard. The data
// paths are the vendor's: AIV through UB and DMA, A2/A3 AIC through L1 and
// DMA, A5 AIC by scalar store (AIC-only, or a Mix cube launched alone) or
// through AIV subblock 0 (paired Mix), with dcci where the vendor's kernels
// have it. Launched cores that do not take part write the idle mark 2. The
// host checks `out[i*S]` exactly as main.cpp does. Knobs reproduce the
// documented misuses (skipped or extra barriers, a dirty workspace, ...).
#include "workloads/lib/syncall.hpp"
#include "workloads/registry.hpp"

#include <string>

namespace syncsim {

namespace {

using lib::SyncAllMode;
using lib::SyncCoreType;

constexpr std::int32_t kIdleCoreMark = 2;
// Proxy protocol of the A5 paired Mix kernels: cube -> AIV0 id 7, AIV0 -> cube id 8.
constexpr int kProxyRequest = 7, kProxyDone = 8;
constexpr LocalAddr kProxyUb = 0x3000, kReadUb = 0x4000, kWriteUb = 0x0;

enum Arg {
    kFlags,
    kOut,
    kFftsAddr,
    kUsedCores,
    kStride,
    kAicBlocks,
    kWorkspace,
    kDiag,
    kParticipants
};

struct SystemTest {
    KernelContext& k;
    SyncCoreType type;
    bool soft;
    GmAddr flags, out, workspace, diag;
    std::int64_t n, stride, aic_blocks, idx;
    std::int32_t used_cores;
    bool a5, vec, paired; // paired: a Mix block with both sides in one launch
};

SyncCoreType core_type_of(const std::string& s) {
    return s == "aic_only" ? SyncCoreType::AICOnly
           : s == "mix"    ? SyncCoreType::Mix
                           : SyncCoreType::AIVOnly;
}

template <SyncCoreType T>
void barrier_of(SystemTest& test) {
    if (test.soft)
        lib::SYNCALL<SyncAllMode::Soft, T>(test.k, test.workspace, test.used_cores);
    else
        lib::SYNCALL<SyncAllMode::Hard, T>(test.k, test.workspace, test.used_cores);
}

void barrier(SystemTest& test) {
    switch (test.type) {
    case SyncCoreType::AIVOnly:
        return barrier_of<SyncCoreType::AIVOnly>(test);
    case SyncCoreType::AICOnly:
        return barrier_of<SyncCoreType::AICOnly>(test);
    case SyncCoreType::Mix:
        return barrier_of<SyncCoreType::Mix>(test);
    }
}

GmAddr slot(const SystemTest& test, GmAddr base, std::int64_t i) {
    return base + i * test.stride * 4;
}

// AIV: value into UB, UB -> GM by DMA once the scalar store is visible to MTE3.
void aiv_dma_write(SystemTest& test, GmAddr dst, std::int32_t value) {
    KernelContext& k = test.k;
    k.ub_st<std::int32_t>(kWriteUb, value);
    k.set_flag(Pipe::S, Pipe::MTE3, 0);
    k.wait_flag(Pipe::S, Pipe::MTE3, 0);
    k.copy_ubuf_to_gm(dst, kWriteUb, 0, 1, 1, 0, 0);
    if (test.type == SyncCoreType::Mix) {
        k.pipe_barrier(Pipe::MTE3);
        k.dcci(dst, SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
    }
}

// AIV0 of an A5 paired Mix block writes for its cube: the cube has put the
// value in this AIV's UB and raised intra-block flag 7.
void serve_cube_write(SystemTest& test, GmAddr dst) {
    KernelContext& k = test.k;
    k.wait_intra_block(Pipe::S, kProxyRequest);
    k.copy_ubuf_to_gm(dst, kProxyUb, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::MTE3);
    k.dcci(dst, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    k.set_intra_block(Pipe::MTE3, kProxyDone);
}

void write_slot(SystemTest& test, GmAddr base, std::int64_t idx, std::int32_t value) {
    KernelContext& k = test.k;
    const GmAddr dst = slot(test, base, idx);
    if (test.vec) {
        if (test.a5 && test.paired && k.get_subblockid() == 0)
            serve_cube_write(test, slot(test, base, k.get_block_idx()));
        return aiv_dma_write(test, dst, value);
    }
    if (test.a5 && !test.paired) { // A5 cube on its own: scalar store + dcci + dsb
        k.st<std::int32_t>(dst, value);
        k.dcci(dst, SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
        return;
    }
    k.create_cbuf_matrix(0, 1, static_cast<std::uint32_t>(value));
    if (test.a5) { // paired Mix: L1 -> AIV0's UB, then AIV0 writes it out
        k.set_flag(Pipe::MTE2, Pipe::MTE1, 0);
        k.wait_flag(Pipe::MTE2, Pipe::MTE1, 0);
        k.copy_cbuf_to_ubuf(kProxyUb, 0, 0, 1, 1, 0, 0);
        k.pipe_barrier(Pipe::ALL);
        k.set_intra_block(Pipe::S, kProxyRequest);
        k.wait_intra_block(Pipe::S, kProxyDone);
        return;
    }
    k.set_flag(Pipe::MTE2, Pipe::MTE3, 0); // A2/A3 cube: L1 -> GM by DMA
    k.wait_flag(Pipe::MTE2, Pipe::MTE3, 0);
    k.copy_cbuf_to_gm(dst, 0, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::MTE3);
    k.dcci(dst, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
}

// Checks every slot == factor * (j + 1); records the first mismatch in diag.
bool check_slots(SystemTest& test, std::int32_t factor) {
    KernelContext& k = test.k;
    std::int64_t bad = -1;
    std::int32_t bad_value = 0;
    auto judge = [&](std::int64_t j, std::int32_t v) {
        if (v != factor * (j + 1) && bad < 0) {
            bad = j;
            bad_value = v;
        }
    };
    const bool invalidate_first = test.type == SyncCoreType::Mix || (test.soft && test.vec);
    if (invalidate_first && (test.vec || test.a5)) {
        for (std::int64_t j = 0; j < test.n; ++j)
            k.dcci(slot(test, test.flags, j), SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
    }
    if (test.vec) {
        const int bursts = static_cast<int>(test.n * test.stride * 4 / 32);
        k.copy_gm_to_ubuf(kReadUb, test.flags, 0, 1, bursts, 0, 0);
        k.set_flag(Pipe::MTE2, Pipe::S, 0);
        k.wait_flag(Pipe::MTE2, Pipe::S, 0);
        for (std::int64_t j = 0; j < test.n; ++j)
            judge(j, k.ub_ld<std::int32_t>(kReadUb + j * test.stride * 4));
    } else {
        const bool dev_reads = test.a5 && test.type == SyncCoreType::AICOnly;
        for (std::int64_t j = 0; j < test.n; ++j) {
            const GmAddr a = slot(test, test.flags, j);
            if (dev_reads) {
                judge(j, k.ld_dev<std::int32_t>(a));
                continue;
            }
            if (!test.a5) {
                k.dcci(a, SINGLE_CACHE_LINE);
                k.dsb(DSB_DDR);
            }
            judge(j, k.ld<std::int32_t>(a));
        }
    }
    if (bad >= 0 && test.diag) { // first mismatch of this core: slot, value seen, factor
        k.st_dev<std::int32_t>(static_cast<std::int32_t>(bad + 1), slot(test, test.diag, test.idx));
        k.st_dev<std::int32_t>(bad_value, slot(test, test.diag, test.idx) + 4);
        k.st_dev<std::int32_t>(factor, slot(test, test.diag, test.idx) + 8);
        k.dsb(DSB_DDR);
    }
    return bad < 0;
}

void syncall_system_test(KernelContext& k) {
    const bool soft = std::get<std::string>(k.param("mode")) == "soft";
    SystemTest test{k,
                    core_type_of(std::get<std::string>(k.param("core_type"))),
                    soft,
                    k.arg(kFlags),
                    k.arg(kOut),
                    k.arg(kWorkspace),
                    k.arg(kDiag),
                    static_cast<std::int64_t>(k.arg(kParticipants)),
                    static_cast<std::int64_t>(k.arg(kStride)),
                    static_cast<std::int64_t>(k.arg(kAicBlocks)),
                    0,
                    static_cast<std::int32_t>(k.arg(kUsedCores)),
                    k.has(Feature::IntraBlockFlags), // the vendor test's A5 variant
                    k.core_type() == CoreType::AIV,
                    k.build().side == BuildSide::Mix};
    // The a2a3 bodies set the FFTS base on both sides, even for soft.
    if (k.has(Feature::FftsBaseAddr) && k.arg(kFftsAddr) != 0)
        k.set_ffts_base_addr(k.arg(kFftsAddr));
    const bool my_side =
        test.type == SyncCoreType::Mix || (test.type == SyncCoreType::AIVOnly) == test.vec;
    if (!my_side) return; // the other side's body is empty
    test.idx = test.vec && test.type == SyncCoreType::Mix
                   ? test.aic_blocks + k.get_block_idx() * k.get_subblockdim() + k.get_subblockid()
                   : k.get_block_idx();
    if (test.idx >= test.n) {                               // launched, not taking part
        if (k.param_bool("idle_cores_call")) barrier(test); // the documented misuse
        write_slot(test, test.out, test.idx, kIdleCoreMark);
        return;
    }
    const std::int64_t body = k.param_int("body");
    const std::int64_t skip_core = k.param_int("skip_core"),
                       skip_barrier = k.param_int("skip_barrier");
    int barriers_done = 0;
    auto meet = [&] {
        ++barriers_done;
        if (!(test.idx == skip_core && barriers_done == skip_barrier)) barrier(test);
        if (test.idx == k.param_int("extra_barrier_core") && barriers_done == 1) barrier(test);
    };
    if (body == 0) { // barriers only: for latency measurement
        for (std::int64_t r = 0; r < k.param_int("rounds"); ++r) meet();
        return;
    }
    const std::int32_t id1 = static_cast<std::int32_t>(test.idx + 1);
    write_slot(test, test.flags, test.idx, id1);
    meet();
    bool ok = check_slots(test, 1);
    if (body == 3) {
        meet();
        write_slot(test, test.flags, test.idx, 2 * id1);
        meet();
        ok = check_slots(test, 2) && ok;
    }
    write_slot(test, test.out, test.idx, ok ? 1 : 0);
}

struct HostPlan {
    std::string arch, type, target, meta;
    bool a5, dual_stream;
    std::int64_t blocks, stride, launched, participants, ratio;
};

HostPlan plan(HostApi& host) {
    HostPlan p;
    p.arch = host.device().arch;
    p.a5 = host.device().has(Feature::IntraBlockFlags); // the vendor test's A5 variant
    p.type = std::get<std::string>(host.param("core_type"));
    p.meta = std::get<std::string>(host.param("meta"));
    p.dual_stream = host.param_bool("dual_stream");
    p.target = std::get<std::string>(host.param("target"));
    if (p.target.empty())
        p.target = p.type == "aiv_only"   ? p.arch + "-vec"
                   : p.type == "aic_only" ? p.arch + "-cube"
                                          : p.arch;
    // The vendor's launch sizes: 18 blocks on A5; on A2/A3 one block per AIV
    // (AIV-only) or per AIC.
    p.blocks = host.param_int("block_dim");
    if (p.blocks == 0)
        p.blocks = p.a5                   ? 18
                   : p.type == "aiv_only" ? host.device().aiv_cores
                                          : host.device().aic_cores;
    p.stride = host.param_int("stride");
    if (p.stride == 0) p.stride = p.a5 && p.type != "aiv_only" ? 16 : 8;
    p.ratio = p.dual_stream ? 1
              : p.meta == "mix_aic_main" && std::get<std::string>(host.param("meta_ratio")) == "1:1"
                  ? 1
                  : 2;
    p.launched = p.type == "mix" ? p.blocks * (1 + p.ratio) : p.blocks;
    const std::int64_t given = host.param_int("participants");
    p.participants = given > 0 ? given : p.launched;
    return p;
}

void syncall_system_test_host(HostApi& host) {
    const HostPlan p = plan(host);
    const bool soft = std::get<std::string>(host.param("mode")) == "soft";
    std::uint64_t ffts_addr = 0;
    if (host.device().has(Feature::FftsBaseAddr) && host.param_bool("set_ffts_base")) {
        std::uint32_t len = 0;
        const int rc = host.rtGetC2cCtrlAddr(&ffts_addr, &len);
        host.check("rtGetC2cCtrlAddr returns the FFTS base", rc == 0 && ffts_addr != 0,
                   "returned " + std::to_string(rc));
    }
    const std::uint64_t bytes = static_cast<std::uint64_t>(p.launched * p.stride * 4);
    const GmAddr flags = host.malloc(bytes, "flags");
    const GmAddr out = host.malloc(bytes, "out");
    const GmAddr diag = host.malloc(bytes, "diag");
    for (GmAddr a : {flags, out, diag}) host.memset(a, 0, bytes);
    // The workspace: its own zeroed buffer (the vendor's size), or, to show
    // the hazard, the word after one core's flag slot, in the same line.
    std::int64_t ws_bytes = host.param_int("workspace_bytes");
    if (ws_bytes == 0) ws_bytes = lib::SYNCALL_SOFT_WORKSPACE_INT32 * 4;
    GmAddr workspace = host.malloc(static_cast<std::uint64_t>(ws_bytes), "workspace");
    host.memset(workspace, 0, static_cast<std::uint64_t>(ws_bytes));
    const std::int64_t shared = host.param_int("workspace_shares_slot");
    if (shared >= 0) workspace = flags + static_cast<GmAddr>(shared * p.stride * 4 + 4);
    const std::int32_t init = static_cast<std::int32_t>(host.param_int("workspace_init"));
    host.write(workspace, &init, 4);
    host.trace_word("counter", workspace);
    host.trace_word("flag0", flags);
    host.trace_word("out0", out);

    std::int64_t used = host.param_int("used_cores");
    if (used < 0) used = soft ? p.participants : 0; // the vendor passes N explicitly
    KernelLaunch l;
    l.kernel = "syncall_system_test";
    l.target = p.target;
    l.block_dim = p.blocks;
    l.meta = kernel_meta_from_string(p.meta);
    if (l.meta == KernelMeta::MixAicMain) {
        l.meta_aic = 1;
        l.meta_aiv = static_cast<int>(p.ratio);
    }
    const std::string build = std::get<std::string>(host.param("build"));
    l.flavour = build == "auto"      ? BuildFlavour::Auto
                : build == "cpu_sim" ? BuildFlavour::CpuSim
                                     : BuildFlavour::Npu;
    const std::pair<const char*, const char*> defines[] = {
        {"__MIX_CORE_AIC_BLOCKS__", "define_aic_blocks"},
        {"__MIX_CORE_AIV_RATIO__", "define_aiv_ratio"}};
    for (const auto& [macro, param] : defines)
        if (host.param_int(param) > 0) l.defines[macro] = host.param_int(param);
    l.args = {flags,
              out,
              ffts_addr,
              static_cast<std::uint64_t>(used),
              static_cast<std::uint64_t>(p.stride),
              static_cast<std::uint64_t>(p.blocks),
              workspace,
              diag,
              static_cast<std::uint64_t>(p.participants)};
    if (p.dual_stream) {
        // Two independent launches, cube and vector, on two streams: they
        // must run at the same time for the barrier to complete.
        const StreamId cube_stream = host.create_stream(), vec_stream = host.create_stream();
        l.target = p.arch + "-cube";
        host.launch(cube_stream, l);
        l.target = p.arch + "-vec";
        host.launch(vec_stream, l);
        const int a = host.synchronize_stream(cube_stream), b = host.synchronize_stream(vec_stream);
        host.check("stream synchronises", a == 0 && b == 0,
                   "returned " + std::to_string(a) + " and " + std::to_string(b));
    } else {
        host.launch(host.default_stream(), l);
        const int rc = host.synchronize_stream(host.default_stream());
        host.check("stream synchronises", rc == 0,
                   "aclrtSynchronizeStream returned " + std::to_string(rc));
    }
    if (host.param_int("body") == 0) return; // A5-9: no data check

    const auto words =
        host.read_array<std::int32_t>(out, static_cast<std::size_t>(p.launched * p.stride));
    const auto why =
        host.read_array<std::int32_t>(diag, static_cast<std::size_t>(p.launched * p.stride));
    std::string bad;
    int wrong = 0;
    for (std::int64_t i = 0; i < p.launched; ++i) {
        const std::size_t at = static_cast<std::size_t>(i * p.stride);
        const std::int32_t want = i < p.participants ? 1 : kIdleCoreMark;
        if (words[at] == want || wrong++ >= 6) continue;
        bad += " out[" + std::to_string(at) + "]=" + std::to_string(words[at]);
        if (why[at] > 0)
            bad += " (saw flags[" + std::to_string((why[at] - 1) * p.stride) +
                   "]=" + std::to_string(why[at + 1]) + ", expected " +
                   std::to_string(why[at + 2] * why[at]) + ")";
    }
    host.check("out[i*S] == 1 for every participant, 2 for idle cores", wrong == 0,
               wrong ? std::to_string(wrong) + " of " + std::to_string(p.launched) + " wrong:" + bad
                     : std::to_string(p.participants) + " participants 1, " +
                           std::to_string(p.launched - p.participants) + " idle 2");
    if (soft && shared < 0) {
        const std::int64_t barriers = host.param_int("body");
        const std::int32_t counter = host.read_array<std::int32_t>(workspace, 1)[0];
        const std::int64_t want = init + barriers * p.participants;
        host.check("workspace counter == barriers x N", counter == want,
                   "counter " + std::to_string(counter) + ", expected " + std::to_string(want));
    }
}

} // namespace

// The `target` parameter: empty (derived from the core type) or one of the
// build targets the vendor's system test is compiled for.
static std::vector<std::string> target_choices() {
    return {"",         "dav-c220",     "dav-c220-vec", "dav-c220-cube",
            "dav-c310", "dav-c310-vec", "dav-c310-cube"};
}

void register_syncall_system_test(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = {
        choice_param("mode", "hard", "SYNCALL mode: hard (FFTS) or soft (GM atomic counter)",
                     {"hard", "soft"}),
        choice_param("core_type", "aiv_only", "SYNCALL core type: aiv_only, aic_only or mix",
                     {"aiv_only", "aic_only", "mix"}),
        {"body", std::int64_t{1},
         "1 = Body1 (one barrier), 3 = Body3 (three), 0 = `rounds` barriers, no data", 0, 3},
        {"rounds", std::int64_t{1}, "barriers when body = 0", 1, 1000000},
        {"block_dim", std::int64_t{0},
         "blocks; 0 = the vendor's (A5: 18; A2/A3: one per AIV or AIC)", 0, 1 << 20},
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
        {"idle_cores_call", false, "launched non-participants call SYNCALL too (a misuse)"},
        {"workspace_bytes", std::int64_t{0}, "soft workspace size; 0 = 64 bytes", 0, 1 << 20},
        {"workspace_init", std::int64_t{0}, "initial workspace counter (the host should zero it)",
         -(1ll << 31), (1ll << 31) - 1},
        {"workspace_shares_slot", std::int64_t{-1},
         "put the counter in the 64-byte line of this core's flag slot; -1 = own buffer", -1,
         1 << 20},
        {"skip_core", std::int64_t{-1}, "logical index of a core that skips one barrier; -1 = none",
         -1, 1 << 20},
        {"skip_barrier", std::int64_t{2}, "which barrier (1-based) that core skips", 1, 1000000},
        {"extra_barrier_core", std::int64_t{-1},
         "logical index of a core that enters one barrier too many (after the first); -1 = none",
         -1, 1 << 20},
    };
    r.add(KernelEntry{"syncall_system_test",
                      "SYNCALL Body1/Body3 system test body",
                      syncall_system_test,
                      params,
                      {}});
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
                    syncall_system_test_host,
                    params,
                    feasible,
                    {"rtGetC2cCtrlAddr returns the FFTS base", "stream synchronises",
                     "out[i*S] == 1 for every participant, 2 for idle cores",
                     "workspace counter == barriers x N"}});
}

} // namespace syncsim
