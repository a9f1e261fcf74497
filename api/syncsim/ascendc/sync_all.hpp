// Ascend C's SyncAll, the all-core barrier most operators call, as asc-devkit
// 0da921b9 writes it (impl/basic_api/dav_c220 and dav_3510
// kernel_operator_sync_impl.h; the interface in
// include/basic_api/kernel_operator_block_sync_intf.h), on top of the core's
// intrinsics. The arch comes from the build, as __NPU_ARCH__ selects it.
//
// Soft, SyncAll<isAIVOnly>(k, gmWorkspace, ubWorkspace, usedCores): AIV
// only (a cube returns at once). Participant i counts its rounds in the
// 32-byte slot gmWorkspace + 8 x i int32 (DMA read, +1, DMA write back),
// then reads all N slots into UB with one DMA per iteration and sums their
// first words until the sum reaches N x its round; no dcci anywhere (DMA
// does not go through the scalar cache). In its first round every iteration
// also rewrites its own slot with 1 (ClcSyncCount's isFirst), and on dav-c310
// it does so through the first slot's copy in UB, which the scan then reads
// as 1 whoever owns it; dav-c310's first round also waits for the sum to be
// exactly N, later rounds (and every dav-c220 round) for at least N x round.
// There is no poll limit: a barrier short of participants polls until the
// op-execute watchdog kills the launch (the vendor's SyncAll page: blockNum
// above the core count hangs).
//
// Hard, SyncAll<isAIVOnly>(k) on dav-c220 and SyncAll<isAIVOnly, config>(k)
// on dav-c310: the FFTS flags 11-14, as PTO's SYNCALL uses them; dav-c310
// AIV-only takes the pipes that trigger and wait from SyncAllConfig.
#pragma once

#include "syncsim/barriers/slot_poll.hpp"
#include "syncsim/detail/slot_round.hpp"
#include "syncsim/fault.hpp"
#include "syncsim/kernel_api.hpp"

#include <string>

namespace syncsim::AscendC {

// impl/basic_api/utils/kernel_utils_mode.h: which pipes an AIV-only hard
// SyncAll triggers and waits on (dav-c310 only; MTE2, MTE3 or ALL).
struct SyncAllConfig {
    Pipe triggerPipe = Pipe::ALL;
    Pipe waitPipe = Pipe::ALL;
};
inline constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG{Pipe::ALL, Pipe::ALL};

constexpr std::uint16_t SYNC_AIC_FLAG = 11;
constexpr std::uint16_t SYNC_AIV_FLAG = 12;
constexpr std::uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr std::uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr std::uint16_t SYNC_FLAG_ID_MAX = 16;
constexpr std::int64_t DEFAULT_BLK_NUM = 8; // int32 per slot (kernel_utils_constants.h)

constexpr std::uint16_t GetffstMsg(std::uint16_t mode, std::uint16_t flagId) {
    return static_cast<std::uint16_t>(0x1 + ((mode & 0x3) << 4) + ((flagId & 0xf) << 8));
}

namespace detail {

constexpr std::uint64_t kSlotBytes = DEFAULT_BLK_NUM * sizeof(std::int32_t);

// __NPU_ARCH__ 3510 (and 5102): the build's arch, not what the platform has.
inline bool dav_c310(const KernelContext& k) {
    return k.build().arch.rfind("dav-c310", 0) == 0;
}
inline bool is_aiv(const KernelContext& k) {
    return k.core_type() == CoreType::AIV;
}
// GetTaskRationImpl and GetBlockIdxImpl (kernel_operator_sys_var_impl.h).
inline std::int64_t task_ration(const KernelContext& k) {
    return is_aiv(k) ? k.get_subblockdim() : 1;
}
inline std::int64_t mix_block_idx(const KernelContext& k) {
    return is_aiv(k) ? k.get_block_idx() * task_ration(k) + k.get_subblockid() : k.get_block_idx();
}

template <Pipe P>
constexpr bool config_pipe() {
    return P == Pipe::ALL || P == Pipe::MTE2 || P == Pipe::MTE3;
}

// ClcSyncCount's iteration: one DMA of the slots into UB, the MTE2->S flag,
// in the first round the core's own count rewritten (1, through UB at
// `local`; dav-c220 waits MTE3->MTE2 for its copy, dav-c310 leaves it to the
// pipe_barrier), the slots' sum, pipe_barrier(PIPE_ALL). No dcci or dsb:
// the DMA does not go through the scalar cache.
inline SlotIteration sync_count_iteration(bool first, LocalAddr local, GmAddr own, std::int64_t idx,
                                          bool c310) {
    using S = SlotStep;
    if (!first) return {{S::DmaRead, S::WaitFlag, S::Scan, S::PipeBarrier}, SlotScan::Sum};
    return {{S::DmaRead, S::WaitFlag, S::StoreOwnSlot, S::Scan, S::PipeBarrier},
            SlotScan::Sum,
            0,
            OwnSlotStore{local, own, 1, idx, !c310}};
}

// SoftSyncAllImpl: the arrival, then the loop as a slot-sum poll.
template <bool isAIVOnly>
void soft_sync_all(KernelContext& k, GmAddr gm, LocalAddr ub, int usedCores) {
    if (!is_aiv(k)) return;
    k.mark_barrier_round();
    k.pipe_barrier(Pipe::ALL);
    const bool c310 = dav_c310(k);
    const std::int64_t total = usedCores != 0 ? usedCores
                               : isAIVOnly    ? k.get_block_num()
                                              : task_ration(k) * k.get_block_num();
    const std::int64_t idx = isAIVOnly ? k.get_block_idx() : mix_block_idx(k);
    const GmAddr own = gm + static_cast<GmAddr>(idx) * kSlotBytes;
    // dav-c220 keeps its round in its own slot's place in UB, dav-c310 at
    // the workspace's start.
    const LocalAddr local = c310 ? ub : ub + static_cast<LocalAddr>(idx * kSlotBytes);
    const std::int32_t round = syncsim::detail::dma_count_round(k, own, local);

    const bool first = round == 1;
    const std::string context =
        "Ascend C soft SyncAll (asc-devkit 0da921b9): N = " + std::to_string(total) +
        ", this core's slot " + std::to_string(idx) + ", round " + std::to_string(round);
    const PollSpec spec = lib::slot_poll(
        gm, total, kSlotBytes, ub, sync_count_iteration(first, local, own, idx, c310),
        c310 && first ? Cmp::Equal : Cmp::GreaterEqual, total * round, context);
    k.poll(spec);
    k.mark_barrier_release();
}

// SyncAllImpl on dav-c220: an AIV-only barrier runs on whatever core calls it.
template <bool isAIVOnly>
void hard_sync_all_c220(KernelContext& k) {
    k.pipe_barrier(Pipe::ALL);
    if constexpr (isAIVOnly) {
        k.ffts_cross_core_sync(Pipe::MTE3, GetffstMsg(0x0, SYNC_AIV_ONLY_ALL));
        k.wait_flag_dev(SYNC_AIV_ONLY_ALL);
    } else if (!is_aiv(k)) {
        k.wait_flag_dev(SYNC_AIV_FLAG);
        k.ffts_cross_core_sync(Pipe::FIX, GetffstMsg(0x0, SYNC_AIC_FLAG));
        k.wait_flag_dev(SYNC_AIC_FLAG);
        k.ffts_cross_core_sync(Pipe::MTE3, GetffstMsg(0x02, SYNC_AIC_AIV_FLAG));
    } else {
        k.ffts_cross_core_sync(Pipe::MTE3, GetffstMsg(0x02, SYNC_AIV_FLAG));
        k.wait_flag_dev(SYNC_AIC_AIV_FLAG);
    }
}

// SyncAllImpl on dav-c310: AIV-only on the configured pipes; Mix through
// intra-block flags, or FFTS mode 2 when built with __MIX_CORE_AIC_RATION__=1.
template <bool isAIVOnly, const SyncAllConfig& config>
void hard_sync_all_c310(KernelContext& k) {
    if constexpr (isAIVOnly) {
        if (!is_aiv(k)) return;
        k.pipe_barrier(config.triggerPipe);
        k.ffts_cross_core_sync(config.triggerPipe == Pipe::ALL ? Pipe::MTE3 : config.triggerPipe,
                               GetffstMsg(0x0, SYNC_AIV_ONLY_ALL));
        k.wait_flag_dev(config.waitPipe == Pipe::ALL ? Pipe::S : config.waitPipe,
                        SYNC_AIV_ONLY_ALL);
        return;
    }
    k.pipe_barrier(Pipe::ALL);
    const auto ration = k.build().defines.find("__MIX_CORE_AIC_RATION__");
    const bool one_to_one = ration != k.build().defines.end() && ration->second == 1;
    if (one_to_one && !is_aiv(k)) {
        k.wait_flag_dev(Pipe::S, SYNC_AIV_FLAG);
        k.ffts_cross_core_sync(Pipe::FIX, GetffstMsg(0x0, SYNC_AIC_FLAG));
        k.wait_flag_dev(Pipe::S, SYNC_AIC_FLAG);
        k.ffts_cross_core_sync(Pipe::MTE3, GetffstMsg(0x02, SYNC_AIC_AIV_FLAG));
    } else if (one_to_one) {
        k.ffts_cross_core_sync(Pipe::MTE3, GetffstMsg(0x02, SYNC_AIV_FLAG));
        k.wait_flag_dev(Pipe::S, SYNC_AIC_AIV_FLAG);
    } else if (!is_aiv(k)) {
        k.wait_intra_block(Pipe::S, SYNC_AIV_FLAG);
        k.wait_intra_block(Pipe::S, SYNC_AIV_FLAG + SYNC_FLAG_ID_MAX);
        k.ffts_cross_core_sync(Pipe::FIX, GetffstMsg(0x0, SYNC_AIC_FLAG));
        k.wait_flag_dev(Pipe::S, SYNC_AIC_FLAG);
        k.set_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG);
        k.set_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG + SYNC_FLAG_ID_MAX);
    } else {
        k.set_intra_block(Pipe::MTE3, SYNC_AIV_FLAG);
        k.wait_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG);
    }
}

} // namespace detail

// The soft form: gmWorkspace holds one 32-byte slot per participant, zeroed
// before the first launch; ubWorkspace N x 32 bytes of UB.
template <bool isAIVOnly = true>
void SyncAll(KernelContext& k, GmAddr gmWorkspace, LocalAddr ubWorkspace, int usedCores = 0) {
    detail::soft_sync_all<isAIVOnly>(k, gmWorkspace, ubWorkspace, usedCores);
}

// The hard form. A non-default config only compiles for dav-c310.
template <bool isAIVOnly = true, const SyncAllConfig& config = DEFAULT_SYNC_ALL_CONFIG>
void SyncAll(KernelContext& k) {
    static_assert(detail::config_pipe<config.triggerPipe>() &&
                      detail::config_pipe<config.waitPipe>(),
                  "SyncAllConfig triggerPipe and waitPipe support PIPE_MTE2, PIPE_MTE3, PIPE_ALL");
    const bool takes_part = !isAIVOnly || detail::is_aiv(k) || !detail::dav_c310(k);
    if (takes_part) k.mark_barrier_round();
    if (detail::dav_c310(k)) {
        detail::hard_sync_all_c310<isAIVOnly, config>(k);
    } else {
        if (&config != &DEFAULT_SYNC_ALL_CONFIG)
            throw KernelFault("SyncAll<isAIVOnly, config>: a SyncAllConfig only compiles for "
                              "dav-c310 (asc-devkit declares SyncAll<isAIVOnly>() for " +
                              k.build().arch + ")");
        detail::hard_sync_all_c220<isAIVOnly>(k);
    }
    if (takes_part) k.mark_barrier_release();
}

// Scalar GM access past the data cache (dav-c220 and dav-c310): ld_dev and
// st_dev.
template <typename T>
T ReadGmByPassDCache(KernelContext& k, GmAddr addr) {
    return k.ld_dev<T>(addr);
}
template <typename T>
void WriteGmByPassDCache(KernelContext& k, GmAddr addr, T value) {
    k.st_dev<T>(value, addr);
}

} // namespace syncsim::AscendC
