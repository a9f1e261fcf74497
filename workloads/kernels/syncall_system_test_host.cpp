// The vendor's SYNCALL system tests (pto-syncall.md 4), the host side: it
// plans the launch from the parameters and the device (blocks, stride,
// target, meta), prepares flags, workspace and `out`, launches, and checks
// `out[i*S]` exactly as the vendor's main.cpp does (registered in
// syncall_system_test_register.cpp).
#include "syncsim/pto/syncall.hpp"
#include "workloads/kernels/syncall_system_test.hpp"
#include "workloads/registry.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

namespace system_test {

namespace {

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

// The participants' out slots that are not 1 (idle cores': not 2), and the
// first few, each with what its core saw.
std::pair<int, std::string> wrong_slots(HostApi& host, const HostPlan& p, GmAddr flags, GmAddr out,
                                        GmAddr diag) {
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
        if (why[at] > 0) {
            const std::int64_t seen = (why[at] - 1) * p.stride;
            bad += " (saw flags[" + std::to_string(seen) + "]=" + std::to_string(why[at + 1]) +
                   ", expected " + std::to_string(why[at + 2] * why[at]) + ")";
            // Where that value came from, for the first: the model's provenance.
            if (wrong == 1) {
                const GmAddr word = flags + static_cast<GmAddr>(seen) * 4;
                bad += " [flags[" + std::to_string(seen) + "] holds " +
                       std::to_string(host.read_array<std::int32_t>(word, 1)[0]) +
                       " now, last written by " + host.last_writer(word) + "]";
            }
        }
    }
    return {wrong, bad};
}

// The FFTS base the kernel gets (0: none). The register-ELF Mix 1:1 launch
// hands its kernel the FFTS base on any arch; where rtGetC2cCtrlAddr has
// none (A5: 207000) the vendor's host stops there (pto-syncall.md 3.10)
// instead of launching a kernel that would hang: nullopt.
std::optional<std::uint64_t> ffts_base(HostApi& host, const HostPlan& p) {
    std::uint64_t ffts_addr = 0;
    const bool register_elf =
        p.type == "mix" && p.meta == "mix_aic_main" && p.ratio == 1 && !p.dual_stream;
    if ((host.device().has(Feature::FftsBaseAddr) || register_elf) &&
        host.param_bool("set_ffts_base")) {
        std::uint32_t len = 0;
        const int rc = host.rtGetC2cCtrlAddr(&ffts_addr, &len);
        host.check("rtGetC2cCtrlAddr returns the FFTS base", rc == 0 && ffts_addr != 0,
                   "returned " + std::to_string(rc));
        if (rc != 0 && register_elf) return std::nullopt;
    }
    return ffts_addr;
}

// A launch's buffers: its flags, the vendor's `out`, and what each core saw.
struct Buffers {
    GmAddr flags, out, diag;
};

// The same launch on other streams at once, each with its own buffers:
// launches that share the device (ops-nn #5800, device-observations.md 2).
struct Other {
    StreamId stream;
    GmAddr flags, out, diag, workspace;
};

std::vector<Other> other_launches(HostApi& host, std::uint64_t bytes) {
    std::vector<Other> others;
    for (std::int64_t i = 0; i < host.param_int("other_stream_launches"); ++i) {
        const std::string n = "_" + std::to_string(i + 2);
        Other o{host.create_stream(), host.malloc(bytes, "flags" + n),
                host.malloc(bytes, "out" + n), host.malloc(bytes, "diag" + n),
                host.malloc(64, "workspace" + n)};
        for (GmAddr a : {o.flags, o.out, o.diag}) host.memset(a, 0, bytes);
        host.memset(o.workspace, 0, 64);
        others.push_back(o);
    }
    return others;
}

// The soft barrier's workspace and what the build's pto-isa makes of it.
struct Workspace {
    std::map<std::string, std::string> libraries; // the build's pto-isa
    bool soft, per_slot;
    std::int64_t used, shared;
    std::int32_t init;
    GmAddr addr;
};

// 83d01313's soft barrier keeps one 32-byte slot per participant in the
// workspace. The workspace is its own zeroed buffer (the vendor's size), or,
// to show the hazard, the word after one core's flag slot, in the same line.
Workspace workspace(HostApi& host, const HostPlan& p, const Buffers& b) {
    Workspace w;
    w.soft = std::get<std::string>(host.param("mode")) == "soft";
    if (const std::string v = std::get<std::string>(host.param("pto_isa")); !v.empty())
        w.libraries["pto-isa"] = v;
    w.per_slot = w.soft && library_version(w.libraries, "pto-isa") == lib::detail::kPerSlotPtoIsa;
    w.used = host.param_int("used_cores");
    if (w.used < 0) w.used = w.soft ? p.participants : 0; // the vendor passes N explicitly
    std::int64_t ws_bytes = host.param_int("workspace_bytes");
    if (ws_bytes == 0)
        ws_bytes = w.per_slot ? std::max<std::int64_t>(w.used, p.participants) *
                                    lib::SYNCALL_SOFT_SLOT_INT32 * 4
                              : lib::SYNCALL_SOFT_WORKSPACE_INT32 * 4;
    w.addr = host.malloc(static_cast<std::uint64_t>(ws_bytes), "workspace");
    host.memset(w.addr, 0, static_cast<std::uint64_t>(ws_bytes));
    w.shared = host.param_int("workspace_shares_slot");
    if (w.shared >= 0 && w.per_slot)
        throw HostError("workspace_shares_slot puts pto-isa f24f7b73's one counter in a flag "
                        "slot's line; pto-isa 83d01313's workspace is a slot per participant");
    if (w.shared >= 0) w.addr = b.flags + static_cast<GmAddr>(w.shared * p.stride * 4 + 4);
    w.init = static_cast<std::int32_t>(host.param_int("workspace_init"));
    host.write(w.addr, &w.init, 4);
    host.trace_word("counter", w.addr);
    host.trace_word("flag0", b.flags);
    host.trace_word("out0", b.out);
    return w;
}

KernelLaunch barrier_launch(HostApi& host, const HostPlan& p, const Buffers& b, const Workspace& w,
                            std::uint64_t ffts_addr) {
    KernelLaunch l;
    l.libraries = w.libraries;
    l.kernel = "syncall_system_test";
    l.target = p.target;
    l.block_dim = p.blocks;
    l.schedule_mode = static_cast<int>(host.param_int("schedule_mode"));
    if (const std::int64_t timeout = host.param_int("launch_timeout_us"); timeout >= 0)
        l.timeout_us = static_cast<std::uint64_t>(timeout);
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
    l.args = {b.flags,
              b.out,
              ffts_addr,
              static_cast<std::uint64_t>(w.used),
              static_cast<std::uint64_t>(p.stride),
              static_cast<std::uint64_t>(p.blocks),
              w.addr,
              b.diag,
              static_cast<std::uint64_t>(p.participants)};
    return l;
}

// What runs before the barrier's launch: earlier runs of the same launch (a
// model's loop), each to its end, on the barrier's stream (they leave their
// data and slots behind); other work holding cores of the same type, on a
// stream of its own; the op-execute timeout.
void before_launch(HostApi& host, const HostPlan& p, const KernelLaunch& l) {
    for (std::int64_t w = 0; w < host.param_int("warm_up_launches"); ++w) {
        host.launch(host.default_stream(), l);
        const int rc = host.synchronize_stream(host.default_stream());
        host.check("warm-up launches synchronise", rc == 0,
                   "launch " + std::to_string(w + 1) + " returned " + std::to_string(rc));
    }
    if (host.param_int("busy_blocks") > 0) {
        KernelLaunch busy;
        busy.kernel = "occupy";
        busy.target = p.target;
        busy.block_dim = host.param_int("busy_blocks");
        // The buffer its co-running traffic streams (its bytes are not read).
        if (host.param_int("busy_gm_bytes_per_cycle") > 0)
            busy.args = {host.malloc(1 << 20, "busy traffic")};
        const StreamId busy_stream = host.create_stream();
        host.launch(busy_stream, busy);
        // Give it a head start: a synchronize with a budget returns 507046
        // (ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) while the work still runs.
        if (const auto lead = static_cast<std::int32_t>(host.param_int("busy_lead_ms")); lead > 0)
            host.aclrtSynchronizeStreamWithTimeout(host.stream_handle(busy_stream), lead);
    }
    const std::int64_t op_timeout = host.param_int("op_execute_timeout_us");
    if (op_timeout >= 0) {
        std::uint64_t actual = 0;
        const aclError rc =
            host.aclrtSetOpExecuteTimeOutV2(static_cast<std::uint64_t>(op_timeout), &actual);
        host.check("op-execute timeout set", rc == 0,
                   "aclrtSetOpExecuteTimeOutV2(" + std::to_string(op_timeout) + ") returned " +
                       std::to_string(rc) + ", effective " + std::to_string(actual) + " us");
    }
}

// The barrier's launch (and the others' at once), synchronised.
void launch_and_synchronise(HostApi& host, const HostPlan& p, KernelLaunch l,
                            const std::vector<Other>& others) {
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
        return;
    }
    host.launch(host.default_stream(), l);
    for (const Other& o : others) {
        KernelLaunch ol = l;
        ol.args[0] = o.flags;
        ol.args[1] = o.out;
        ol.args[6] = o.workspace;
        ol.args[7] = o.diag;
        host.launch(o.stream, ol);
    }
    const auto budget = static_cast<std::int32_t>(host.param_int("sync_timeout_ms"));
    const aclrtStream stream = host.stream_handle(host.default_stream());
    const int rc = budget < 0 ? host.aclrtSynchronizeStream(stream)
                              : host.aclrtSynchronizeStreamWithTimeout(stream, budget);
    host.check(
        "stream synchronises", rc == 0,
        std::string(budget < 0 ? "aclrtSynchronizeStream" : "aclrtSynchronizeStreamWithTimeout") +
            " returned " + std::to_string(rc));
}

void check_other_streams(HostApi& host, const HostPlan& p, const std::vector<Other>& others) {
    if (others.empty()) return;
    std::string codes;
    int failed = 0, wrong_elsewhere = 0;
    for (const Other& o : others) {
        const int rc = host.synchronize_stream(o.stream);
        failed += rc != 0;
        codes += (codes.empty() ? "" : ", ") + std::to_string(rc);
        if (host.param_int("body") != 0)
            wrong_elsewhere += wrong_slots(host, p, o.flags, o.out, o.diag).first;
    }
    host.check("the other streams' launches synchronise and get their data right",
               failed == 0 && wrong_elsewhere == 0,
               "aclrtSynchronizeStream returned " + codes + "; " + std::to_string(wrong_elsewhere) +
                   " wrong slot(s)");
}

// Every launch of the barrier, the warm-ups too, passed `body` barriers:
// each participant counted its rounds in its own slot (83d01313), or the one
// counter counted them all (f24f7b73; not when it shares a flag's line).
void check_workspace(HostApi& host, const HostPlan& p, const Workspace& w) {
    const std::int64_t barriers = host.param_int("body") * (1 + host.param_int("warm_up_launches"));
    if (w.per_slot) {
        const auto slots = host.read_array<std::int32_t>(
            w.addr, static_cast<std::size_t>(p.participants * lib::SYNCALL_SOFT_SLOT_INT32));
        std::string off;
        int wrong = 0;
        for (std::int64_t i = 0; i < p.participants; ++i) {
            const std::int32_t v =
                slots[static_cast<std::size_t>(i * lib::SYNCALL_SOFT_SLOT_INT32)];
            const std::int64_t want = (i == 0 ? w.init : 0) + barriers;
            if (v != want && wrong++ < 4)
                off += " slot " + std::to_string(i) + " = " + std::to_string(v) + " (expected " +
                       std::to_string(want) + ")";
        }
        host.check("every workspace slot == barriers", wrong == 0,
                   wrong
                       ? std::to_string(wrong) + " slot(s) off:" + off
                       : std::to_string(p.participants) + " slots at " + std::to_string(barriers));
    } else if (w.soft && w.shared < 0) {
        const std::int32_t counter = host.read_array<std::int32_t>(w.addr, 1)[0];
        const std::int64_t want = w.init + barriers * p.participants;
        host.check("workspace counter == barriers x N", counter == want,
                   "counter " + std::to_string(counter) + ", expected " + std::to_string(want));
    }
}

} // namespace

void host(HostApi& host) {
    const HostPlan p = plan(host);
    const std::optional<std::uint64_t> ffts_addr = ffts_base(host, p);
    if (!ffts_addr) return;
    const std::uint64_t bytes = static_cast<std::uint64_t>(p.launched * p.stride * 4);
    const Buffers b{host.malloc(bytes, "flags"), host.malloc(bytes, "out"),
                    host.malloc(bytes, "diag")};
    for (GmAddr a : {b.flags, b.out, b.diag}) host.memset(a, 0, bytes);
    const std::vector<Other> others = other_launches(host, bytes);
    const Workspace w = workspace(host, p, b);
    const KernelLaunch l = barrier_launch(host, p, b, w, *ffts_addr);
    before_launch(host, p, l);
    launch_and_synchronise(host, p, l, others);
    check_other_streams(host, p, others);
    if (host.param_int("body") == 0) return; // A5-9: no data check

    const auto [wrong, bad] = wrong_slots(host, p, b.flags, b.out, b.diag);
    host.check("out[i*S] == 1 for every participant, 2 for idle cores", wrong == 0,
               wrong ? std::to_string(wrong) + " of " + std::to_string(p.launched) + " wrong:" + bad
                     : std::to_string(p.participants) + " participants 1, " +
                           std::to_string(p.launched - p.participants) + " idle 2");
    check_workspace(host, p, w);
}

} // namespace system_test

} // namespace syncsim
