// pto-isa 83d01313's soft SYNCALL: per-core slots (a2a3/SyncAll.hpp and
// a5/SyncAll.hpp at that commit). Participant i owns the 32-byte slot at
// gmWorkspace + i x 8 int32 and counts its own rounds there (read, +1, write
// back; never reset). It then polls until every participant's slot has
// reached its round: an AIV reads all N slots into UB with one DMA per
// iteration (dcci on each slot first, a scalar scan after), a cube reads
// each slot with dcci + dsb + a cached load. Past 16 failed polls each
// iteration starts with pipe_barrier(PIPE_ALL); after 1,000,000 the core
// gives up silently (PTO_CPU_ASSERT is a no-op on the NPU). The A5 cube
// writes its slot through its cluster's AIV subblock 0 (intra-block flags 7
// and 8); an AIC-only soft SYNCALL does not compile on A5.
#pragma once

#include "syncsim/barriers/slot_poll.hpp"
#include "syncsim/detail/slot_round.hpp"
#include "syncsim/fault.hpp"
#include "syncsim/kernel_api.hpp"

#include <string>

namespace syncsim::lib {

// The workspace tiles of 83d01313's overloads: a Vec tile (UB) and a Mat
// tile (L1), each by its address in the core's buffer.
struct UbTile {
    LocalAddr addr = 0;
};
struct L1Tile {
    LocalAddr addr = 0;
};

namespace detail::slots {

constexpr std::uint64_t kSlotBytes = 8 * sizeof(std::int32_t); // SYNCALL_SOFT_SLOT_INT32
constexpr int kBackoffThreshold = 16;                          // SYNCALL_SOFT_BACKOFF_THRESHOLD
constexpr int kMaxPolls = 1000000;                             // SYNCALL_SOFT_MAX_POLL_ITERATIONS
constexpr int kProxyRequest = 7, kProxyDone = 8;               // SYNC_PROXY_WRITE_REQ / _DONE (A5)

inline GmAddr slot_of(GmAddr gm, std::int64_t i) {
    return gm + static_cast<GmAddr>(i) * kSlotBytes;
}

// SYNCALL_SOFT_GM_LOAD: a cube's read of one slot.
inline std::int32_t gm_load(KernelContext& k, GmAddr addr) {
    k.dcci(addr, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    return k.ld<std::int32_t>(addr);
}

// SYNCALL_SOFT_AIV_WRITE_SLOT: this AIV's round, counted in its slot.
inline std::int32_t aiv_write_slot(KernelContext& k, GmAddr slot, LocalAddr ub) {
    k.dcci(slot, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    const std::int32_t round = syncsim::detail::dma_count_round(k, slot, ub);
    k.dcci(slot, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    return round;
}

inline std::string context(std::int64_t n, std::int64_t idx, std::int32_t round) {
    return "soft SYNCALL (pto-isa 83d01313, per-core slots): N = " + std::to_string(n) +
           ", this core's slot " + std::to_string(idx) + ", round " + std::to_string(round);
}

// SYNCALL_SOFT_AIV_BARRIER's iteration (a2a3/SyncAll.hpp:147-173): dcci on
// each slot, dsb, one DMA of the slots into UB, the MTE2->S flag (EVENT_ID0),
// a scalar scan that every slot reached the round, pipe_barrier(PIPE_ALL).
inline SlotIteration aiv_iteration() {
    using S = SlotStep;
    return {{S::Dcci, S::Dsb, S::DmaRead, S::WaitFlag, S::Scan, S::PipeBarrier}, SlotScan::All};
}

inline void aiv_barrier(KernelContext& k, GmAddr gm, LocalAddr ub, std::int32_t n,
                        std::int64_t idx) {
    const std::int32_t round = aiv_write_slot(k, slot_of(gm, idx), ub);
    PollSpec spec = slot_poll(gm, n, kSlotBytes, ub, aiv_iteration(), Cmp::GreaterEqual, round,
                              context(n, idx, round));
    spec.max_polls = kMaxPolls;
    spec.barrier_after = kBackoffThreshold;
    k.poll(spec);
}

// The cube's loop: every slot read on its own, each iteration.
inline void aic_poll(KernelContext& k, GmAddr gm, std::int32_t n, std::int32_t round) {
    for (int polls = 0;;) {
        if (polls > kBackoffThreshold) k.pipe_barrier(Pipe::ALL);
        std::int32_t ready = 0;
        for (std::int32_t i = 0; i < n; ++i)
            if (gm_load(k, slot_of(gm, i)) >= round) ++ready;
        k.pipe_barrier(Pipe::ALL);
        if (ready >= n) return;
        if (++polls >= kMaxPolls) return;
    }
}

// SYNCALL_SOFT_AIC_STORE_SLOT (A2/A3): the round through L1 by DMA.
inline void aic_store_slot(KernelContext& k, GmAddr slot, LocalAddr l1, std::int32_t round) {
    k.create_cbuf_matrix(l1, 1, static_cast<std::uint32_t>(round));
    k.pipe_barrier(Pipe::ALL);
    k.copy_cbuf_to_gm(slot, l1, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::ALL);
    k.dcci(slot, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
}

// SYNCALL_SOFT_AIC_STORE_SLOT (A5): L1 -> subblock 0's UB, which writes it.
inline void aic_store_slot_by_proxy(KernelContext& k, LocalAddr l1, LocalAddr ub,
                                    std::int32_t round) {
    k.create_cbuf_matrix(l1, 1, static_cast<std::uint32_t>(round));
    k.pipe_barrier(Pipe::ALL);
    k.copy_cbuf_to_ubuf(ub, l1, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::ALL);
    k.set_intra_block(Pipe::S, kProxyRequest);
    k.wait_intra_block(Pipe::S, kProxyDone);
}

// SYNCALL_SOFT_AIV_PROXY_WRITE (A5): subblock 0 writes its cube's slot.
inline void aiv_proxy_write(KernelContext& k, GmAddr slot, LocalAddr ub) {
    k.wait_intra_block(Pipe::S, kProxyRequest);
    k.pipe_barrier(Pipe::ALL);
    k.copy_ubuf_to_gm(slot, ub, 0, 1, 1, 0, 0);
    k.pipe_barrier(Pipe::ALL);
    k.dcci(slot, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    k.set_intra_block(Pipe::MTE3, kProxyDone);
}

// A cube's whole barrier: its round, then its loop.
inline void aic_barrier(KernelContext& k, GmAddr gm, LocalAddr l1, LocalAddr ub, std::int32_t n,
                        std::int64_t idx, bool by_proxy) {
    const std::int32_t round = gm_load(k, slot_of(gm, idx)) + 1;
    if (by_proxy)
        aic_store_slot_by_proxy(k, l1, ub, round);
    else
        aic_store_slot(k, slot_of(gm, idx), l1, round);
    aic_poll(k, gm, n, round);
}

} // namespace detail::slots

} // namespace syncsim::lib
