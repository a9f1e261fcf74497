// The vendor's SYNCALL system tests (pto-syncall.md 4): every participant
// writes its slot, meets the others at a barrier, checks every slot, and
// reports in `out`; Body3 repeats with a write-after-read guard. The data
// paths are the vendor's: AIV through UB and DMA, A2/A3 AIC through L1 and
// DMA, A5 AIC by scalar store (AIC-only) or through AIV subblock 0 (Mix),
// with dcci where the vendor's kernels have it. The host checks `out[i*S]`
// exactly as main.cpp does.
#include "workloads/lib/syncall.hpp"
#include "workloads/registry.hpp"

#include <string>

namespace syncsim {

namespace {

using lib::SyncCoreType;

// Proxy protocol of the A5 Mix kernels: cube -> AIV0 id 7, AIV0 -> cube id 8.
constexpr int kProxyRequest = 7, kProxyDone = 8;
constexpr LocalAddr kProxyUb = 0x3000, kReadUb = 0x4000, kWriteUb = 0x0;

struct St {
    KernelContext& k;
    SyncCoreType type;
    GmAddr flags, out;
    std::int64_t n, stride, aic_blocks, idx;
    bool a5, vec;
};

SyncCoreType core_type_of(const std::string& s) {
    return s == "aic_only" ? SyncCoreType::AICOnly
           : s == "mix"    ? SyncCoreType::Mix
                           : SyncCoreType::AIVOnly;
}

void barrier(St& st) {
    switch (st.type) {
    case SyncCoreType::AIVOnly:
        lib::SYNCALL<SyncCoreType::AIVOnly>(st.k);
        break;
    case SyncCoreType::AICOnly:
        lib::SYNCALL<SyncCoreType::AICOnly>(st.k);
        break;
    case SyncCoreType::Mix:
        lib::SYNCALL<SyncCoreType::Mix>(st.k);
        break;
    }
}

GmAddr slot(const St& st, GmAddr base, std::int64_t i) {
    return base + i * st.stride * 4;
}

// AIV: value into UB, UB -> GM by DMA once the scalar store is visible to MTE3.
void aiv_dma_write(St& st, GmAddr dst, std::int32_t value, LocalAddr ub) {
    KernelContext& k = st.k;
    k.ub_st<std::int32_t>(ub, value);
    k.set_flag(Pipe::S, Pipe::MTE3, 0);
    k.wait_flag(Pipe::S, Pipe::MTE3, 0);
    k.copy_ubuf_to_gm(dst, ub, 0, 1, 1, 0, 0);
    if (st.type == SyncCoreType::Mix) {
        k.pipe_barrier(Pipe::MTE3);
        k.dcci(dst, SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
    }
}

// AIV0 of an A5 Mix block writes for its cube: the cube has put the value in
// this AIV's UB and raised intra-block flag 7.
void serve_cube_write(St& st, GmAddr dst) {
    KernelContext& k = st.k;
    k.wait_intra_block(Pipe::S, kProxyRequest);
    k.copy_ubuf_to_gm(dst, kProxyUb, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::MTE3);
    k.dcci(dst, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    k.set_intra_block(Pipe::MTE3, kProxyDone);
}

void write_slot(St& st, GmAddr base, std::int32_t value) {
    KernelContext& k = st.k;
    const GmAddr dst = slot(st, base, st.idx);
    if (st.vec) {
        if (st.a5 && st.type == SyncCoreType::Mix && k.get_subblockid() == 0)
            serve_cube_write(st, slot(st, base, k.get_block_idx()));
        return aiv_dma_write(st, dst, value, kWriteUb);
    }
    if (st.a5 && st.type == SyncCoreType::AICOnly) { // scalar store + dcci + dsb
        k.st<std::int32_t>(dst, value);
        k.dcci(dst, SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
        return;
    }
    k.create_cbuf_matrix(0, 1, static_cast<std::uint32_t>(value));
    if (st.a5) { // Mix: L1 -> AIV0's UB, then AIV0 writes it out
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

bool check_slots(St& st, std::int32_t factor) {
    KernelContext& k = st.k;
    bool ok = true;
    if (st.vec) {
        if (st.type == SyncCoreType::Mix) {
            for (std::int64_t j = 0; j < st.n; ++j)
                k.dcci(slot(st, st.flags, j), SINGLE_CACHE_LINE);
            k.dsb(DSB_DDR);
        }
        const int bursts = static_cast<int>(st.n * st.stride * 4 / 32);
        k.copy_gm_to_ubuf(kReadUb, st.flags, 0, 1, bursts, 0, 0);
        k.set_flag(Pipe::MTE2, Pipe::S, 0);
        k.wait_flag(Pipe::MTE2, Pipe::S, 0);
        for (std::int64_t j = 0; j < st.n; ++j)
            ok = ok && k.ub_ld<std::int32_t>(kReadUb + j * st.stride * 4) == factor * (j + 1);
        return ok;
    }
    const bool dev_reads = st.a5 && st.type == SyncCoreType::AICOnly;
    if (st.a5 && st.type == SyncCoreType::Mix) {
        for (std::int64_t j = 0; j < st.n; ++j) k.dcci(slot(st, st.flags, j), SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
    }
    for (std::int64_t j = 0; j < st.n; ++j) {
        const GmAddr a = slot(st, st.flags, j);
        std::int32_t v;
        if (dev_reads) {
            v = k.ld_dev<std::int32_t>(a);
        } else {
            if (!st.a5) {
                k.dcci(a, SINGLE_CACHE_LINE);
                k.dsb(DSB_DDR);
            }
            v = k.ld<std::int32_t>(a);
        }
        ok = ok && v == factor * (j + 1);
    }
    return ok;
}

void syncall_st(KernelContext& k) {
    St st{k,
          core_type_of(std::get<std::string>(k.param("core_type"))),
          k.arg(0),
          k.arg(1),
          static_cast<std::int64_t>(k.arg(3)),
          static_cast<std::int64_t>(k.arg(4)),
          static_cast<std::int64_t>(k.arg(5)),
          0,
          k.build().arch == "dav-c310",
          k.core_type() == CoreType::AIV};
    if (!st.a5 && k.arg(2) != 0) k.set_ffts_base_addr(k.arg(2));
    const bool takes_part =
        st.type == SyncCoreType::Mix || (st.type == SyncCoreType::AIVOnly) == st.vec;
    if (!takes_part) return; // the other side's body is empty
    st.idx = st.vec && st.type == SyncCoreType::Mix
                 ? st.aic_blocks + k.get_block_idx() * k.get_subblockdim() + k.get_subblockid()
                 : k.get_block_idx();
    const std::int64_t body = k.param_int("body");
    const std::int64_t skip_core = k.param_int("skip_core"),
                       skip_barrier = k.param_int("skip_barrier");
    int barriers_done = 0;
    auto meet = [&] {
        if (!(st.idx == skip_core && barriers_done + 1 == skip_barrier)) barrier(st);
        ++barriers_done;
    };
    if (body == 0) { // barriers only: for latency measurement
        for (std::int64_t r = 0; r < k.param_int("rounds"); ++r) meet();
        return;
    }
    const std::int32_t id1 = static_cast<std::int32_t>(st.idx + 1);
    write_slot(st, st.flags, id1);
    meet();
    bool ok = check_slots(st, 1);
    if (body == 3) {
        meet();
        write_slot(st, st.flags, 2 * id1);
        meet();
        ok = check_slots(st, 2) && ok;
    }
    write_slot(st, st.out, ok ? 1 : 0);
}

void syncall_st_host(HostApi& host) {
    const std::string arch = host.device().arch;
    const bool a5 = arch == "dav-c310";
    const std::string type = std::get<std::string>(host.param("core_type"));
    const std::string meta = std::get<std::string>(host.param("meta"));
    std::string target = std::get<std::string>(host.param("target"));
    if (target.empty())
        target = type == "aiv_only" ? arch + "-vec" : type == "aic_only" ? arch + "-cube" : arch;
    const bool mix_build = target.size() == 8;

    // The vendor's launch sizes: 18 blocks on A5; on A2/A3 one block per AIV or per AIC.
    std::int64_t blocks = host.param_int("block_dim");
    if (blocks == 0)
        blocks = a5 ? 18 : type == "aiv_only" ? host.device().aiv_cores : host.device().aic_cores;
    std::int64_t stride = host.param_int("stride");
    if (stride == 0) stride = a5 && type != "aiv_only" ? 16 : 8;
    const int ratio = meta == "mix_aic_main"
                          ? (std::get<std::string>(host.param("meta_ratio")) == "1:1" ? 1 : 2)
                          : 2;
    const std::int64_t participants = type == "mix" ? blocks * (1 + ratio) : blocks;
    const std::int64_t slots = participants;

    std::uint64_t ffts_addr = 0;
    if (!a5 && host.param_bool("set_ffts_base")) {
        std::uint32_t len = 0;
        const int rc = host.rtGetC2cCtrlAddr(&ffts_addr, &len);
        host.check("rtGetC2cCtrlAddr returns the FFTS base", rc == 0 && ffts_addr != 0,
                   "returned " + std::to_string(rc));
    }
    const std::uint64_t bytes = static_cast<std::uint64_t>(slots * stride * 4);
    const GmAddr flags = host.malloc(bytes, "flags");
    const GmAddr out = host.malloc(bytes, "out");
    host.memset(flags, 0, bytes);
    host.memset(out, 0, bytes);
    host.trace_word("flag0", flags);
    host.trace_word("out0", out);

    KernelLaunch l;
    l.kernel = "syncall_st";
    l.target = target;
    l.block_dim = blocks;
    l.meta = kernel_meta_from_string(meta);
    if (l.meta == KernelMeta::MixAicMain) {
        l.meta_aic = 1;
        l.meta_aiv = ratio;
    }
    const std::string build = std::get<std::string>(host.param("build"));
    l.flavour = build == "auto"      ? BuildFlavour::Auto
                : build == "cpu_sim" ? BuildFlavour::CpuSim
                                     : BuildFlavour::Npu;
    l.args = {flags,
              out,
              ffts_addr,
              static_cast<std::uint64_t>(participants),
              static_cast<std::uint64_t>(stride),
              static_cast<std::uint64_t>(blocks)};
    (void)mix_build;
    host.launch(host.default_stream(), l);
    const int rc = host.synchronize_stream(host.default_stream());
    host.check("stream synchronises", rc == 0,
               "aclrtSynchronizeStream returned " + std::to_string(rc));
    if (host.param_int("body") == 0) return; // A5-9: no data check

    const auto words = host.read_array<std::int32_t>(out, static_cast<std::size_t>(slots * stride));
    std::string bad;
    int wrong = 0;
    for (std::int64_t i = 0; i < participants; ++i) {
        const std::int32_t v = words[static_cast<std::size_t>(i * stride)];
        if (v != 1 && wrong++ < 6)
            bad += " out[" + std::to_string(i * stride) + "]=" + std::to_string(v);
    }
    host.check("out[i*S] == 1 for every participant", wrong == 0,
               wrong
                   ? std::to_string(wrong) + " of " + std::to_string(participants) + " wrong:" + bad
                   : std::to_string(participants) + " participants all 1");
}

} // namespace

void register_syncall_st(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = {
        {"core_type", std::string("aiv_only"), "SYNCALL core type: aiv_only, aic_only or mix"},
        {"body", std::int64_t{1},
         "1 = Body1 (one barrier), 3 = Body3 (three), 0 = `rounds` barriers, no data", 0, 3},
        {"rounds", std::int64_t{1}, "barriers when body = 0", 1, 1000000},
        {"block_dim", std::int64_t{0},
         "blocks; 0 = the vendor's (A5: 18; A2/A3: one per AIV or AIC)", 0, 1 << 20},
        {"stride", std::int64_t{0},
         "slot stride in int32; 0 = the vendor's (8, or 16 for A5 AIC/Mix)", 0, 64},
        {"target", std::string(""),
         "build target; empty = <arch>-vec / <arch>-cube / <arch> (Mix)"},
        {"meta", std::string("none"), "kernel meta: none, mix_aiv_main, aic_only, mix_aic_main"},
        {"meta_ratio", std::string("1:2"), "aic:aiv of a mix_aic_main meta: 1:1 or 1:2"},
        {"build", std::string("npu"), "npu, auto (__PTO_AUTO__) or cpu_sim"},
        {"set_ffts_base", true,
         "A2/A3: the host gets rtGetC2cCtrlAddr and the kernel calls set_ffts_base_addr"},
        {"skip_core", std::int64_t{-1}, "logical index of a core that skips one barrier; -1 = none",
         -1, 1 << 20},
        {"skip_barrier", std::int64_t{2}, "which barrier (1-based) that core skips", 1, 1000000},
    };
    r.add(
        KernelEntry{"syncall_st", "SYNCALL Body1/Body3 system test body", syncall_st, params, {}});
    r.add(HostEntry{"syncall_st",
                    "the vendor's SYNCALL system test: launch, barrier bodies, check out[i*S]",
                    syncall_st_host, params});
}

} // namespace syncsim
