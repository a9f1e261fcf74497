// The vendor's SYNCALL system tests (pto-syncall.md 4), the kernel side:
// every participant writes its slot, meets the others at a barrier, checks
// every slot, and reports in `out`; Body3 repeats with a write-after-read
// guard. The data paths are the vendor's: AIV through UB and DMA, A2/A3 AIC
// through L1 and DMA, A5 AIC by scalar store (AIC-only, or a Mix cube
// launched alone) or through AIV subblock 0 (paired Mix), with dcci where the
// vendor's kernels have it. Launched cores that do not take part write the
// idle mark 2. Knobs reproduce the documented misuses (skipped or extra
// barriers, a dirty workspace, ...).
#include "syncsim/pto/syncall.hpp"
#include "workloads/kernels/syncall_system_test.hpp"

#include <string>

namespace syncsim::system_test {

namespace {

using lib::SyncAllMode;
using lib::SyncCoreType;

// Proxy protocol of the A5 paired Mix kernels: cube -> AIV0 id 7, AIV0 -> cube id 8.
constexpr int kProxyRequest = 7, kProxyDone = 8;
constexpr LocalAddr kProxyUb = 0x3000, kReadUb = 0x4000, kWriteUb = 0x0;
// pto-isa 83d01313's soft SYNCALL workspace tiles (N x 32 bytes of UB, 32 of L1).
constexpr LocalAddr kSyncUb = 0x10000, kSyncL1 = 0x10000;

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

// The soft barrier as the build's pto-isa spells it: 83d01313 passes
// workspace tiles besides the GM slots.
template <SyncCoreType T>
void per_slot_barrier(SystemTest& test) {
    const lib::UbTile ub{kSyncUb};
    const lib::L1Tile l1{kSyncL1};
    if constexpr (T == SyncCoreType::AIVOnly)
        lib::SYNCALL<SyncAllMode::Soft, T>(test.k, test.workspace, ub, test.used_cores);
    else if constexpr (T == SyncCoreType::AICOnly)
        lib::SYNCALL<SyncAllMode::Soft, T>(test.k, test.workspace, l1, test.used_cores);
    else
        lib::SYNCALL<SyncAllMode::Soft, T>(test.k, test.workspace, ub, l1, test.used_cores);
}

template <SyncCoreType T>
void barrier_of(SystemTest& test) {
    if (!test.soft)
        lib::SYNCALL<SyncAllMode::Hard, T>(test.k, test.workspace, test.used_cores);
    else if (lib::detail::per_slot_build(test.k))
        per_slot_barrier<T>(test);
    else
        lib::SYNCALL<SyncAllMode::Soft, T>(test.k, test.workspace, test.used_cores);
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
        // The misuse of pto-syncall.md 3.11: plain cached loads, no dcci.
        const bool cached = k.param_bool("aic_cached_reads");
        const bool dev_reads = !cached && test.a5 && test.type == SyncCoreType::AICOnly;
        for (std::int64_t j = 0; j < test.n; ++j) {
            const GmAddr a = slot(test, test.flags, j);
            if (cached) {
                judge(j, k.ld<std::int32_t>(a));
                continue;
            }
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

} // namespace

// A MIX binary holds both sides and each core runs its own; a single-side
// build is that side's code wherever a wrong meta schedules it.
bool runs_vector_code(const KernelContext& k) {
    const BuildSide side = k.build().side;
    return side == BuildSide::Vec || (side == BuildSide::Mix && k.core_type() == CoreType::AIV);
}

void kernel(KernelContext& k) {
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
                    runs_vector_code(k),
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
    const std::int64_t body = k.param_int("body");
    if (test.idx >= test.n) { // launched, not taking part
        // The documented misuse: idle cores call SYNCALL once, or at every
        // barrier of the body as the participants do.
        const std::int64_t barriers = body == 0 ? k.param_int("rounds") : body;
        const std::int64_t calls = k.param_bool("idle_cores_call_every_barrier") ? barriers
                                   : k.param_bool("idle_cores_call")             ? 1
                                                                                 : 0;
        for (std::int64_t b = 0; b < calls; ++b) barrier(test);
        write_slot(test, test.out, test.idx, kIdleCoreMark);
        return;
    }
    const std::int64_t skip_core = k.param_int("skip_core"),
                       skip_barrier = k.param_int("skip_barrier"),
                       extra_barrier_core = k.param_int("extra_barrier_core");
    int barriers_done = 0;
    auto meet = [&] {
        ++barriers_done;
        if (!(test.idx == skip_core && barriers_done == skip_barrier)) barrier(test);
        if (test.idx == extra_barrier_core && barriers_done == 1) barrier(test);
    };
    if (body == 0) { // barriers only: for latency measurement
        const std::int64_t rounds = k.param_int("rounds");
        for (std::int64_t r = 0; r < rounds; ++r) meet();
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

} // namespace syncsim::system_test
