// SYNCALL as the PTO library writes it (pto-syncall.md 1.1-1.4), per arch,
// on top of the core's intrinsics. The arch and core side come from the
// build (the real library selects them with __NPU_ARCH__, __DAV_VEC__ and
// __DAV_CUBE__); __PTO_AUTO__ and __CPU_SIM builds compile SYNCALL to nothing.
// Soft mode depends on the pto-isa version the build names
// (BuildInfo::library("pto-isa")): from f24f7b73 on, the GM atomic epoch
// barrier of syncall_soft.hpp (pto 2), called with the GM workspace alone;
// at 83d01313, per-core slots in GM polled by DMA (SyncAll.hpp at that
// commit), called with a UB and/or L1 workspace besides.
#pragma once

#include "syncsim/fault.hpp"
#include "syncsim/kernel_api.hpp"
#include "syncsim/libraries.hpp"
#include "syncsim/pto/syncall_slots.hpp"

#include <string>
#include <utility>

namespace syncsim::lib {

enum class SyncAllMode { Hard = 0, Soft = 1 };
enum class SyncCoreType { AIVOnly = 0, AICOnly = 1, Mix = 2 };

// Flag ids PTO reserves for SYNCALL (type.hpp L277-281).
constexpr int SYNC_AIC_FLAG = 11;
constexpr int SYNC_AIV_FLAG = 12;
constexpr int SYNC_AIC_AIV_FLAG = 13;
constexpr int SYNC_AIV_ONLY_ALL = 14;
constexpr int SYNC_FLAG_ID_MAX = 16;
// Soft barrier constants (type.hpp L287-289; the slot size: type.hpp L297 at
// 83d01313).
constexpr int SYNCALL_SOFT_WORKSPACE_INT32 = 16;
constexpr int SYNCALL_SOFT_SLOT_INT32 = 8;
constexpr int SYNCALL_SOFT_BACKOFF_THRESHOLD = 16;
constexpr int SYNCALL_SOFT_MAX_POLL_ITERATIONS = 1000000;

// getFFTSMsg: base count [3:0], mode [5:4], flag id [11:8].
constexpr std::uint16_t getFFTSMsg(std::uint16_t mode, std::uint16_t event_id,
                                   std::uint16_t base_const = 0x1) {
    return static_cast<std::uint16_t>((base_const & 0xF) + ((mode & 0x3) << 4) +
                                      ((event_id & 0xF) << 8));
}

namespace detail {

inline bool is_vec(const KernelContext& k) {
    return k.core_type() == CoreType::AIV;
}

// A2/A3: SyncAll.hpp L19-48. Waits are the one-argument wait_flag_dev.
template <SyncCoreType T>
void syncall_a2a3(KernelContext& k) {
    k.pipe_barrier(Pipe::ALL);
    if constexpr (T == SyncCoreType::AIVOnly) {
        if (!is_vec(k)) return;
        k.ffts_cross_core_sync(Pipe::MTE3, getFFTSMsg(0, SYNC_AIV_ONLY_ALL));
        k.wait_flag_dev(SYNC_AIV_ONLY_ALL);
    } else if constexpr (T == SyncCoreType::AICOnly) {
        if (is_vec(k)) return;
        k.ffts_cross_core_sync(Pipe::FIX, getFFTSMsg(0, SYNC_AIC_FLAG));
        k.wait_flag_dev(SYNC_AIC_FLAG);
    } else if (is_vec(k)) {
        k.ffts_cross_core_sync(Pipe::MTE3, getFFTSMsg(2, SYNC_AIV_FLAG));
        k.wait_flag_dev(SYNC_AIC_AIV_FLAG);
    } else {
        k.wait_flag_dev(SYNC_AIV_FLAG);
        k.ffts_cross_core_sync(Pipe::FIX, getFFTSMsg(0, SYNC_AIC_FLAG));
        k.wait_flag_dev(SYNC_AIC_FLAG);
        k.ffts_cross_core_sync(Pipe::MTE3, getFFTSMsg(2, SYNC_AIC_AIV_FLAG));
    }
}

// A5: SyncAll.hpp L32-63. Waits name PIPE_S; Mix uses intra-block flags.
template <SyncCoreType T>
void syncall_a5(KernelContext& k) {
    k.pipe_barrier(Pipe::ALL);
    if constexpr (T == SyncCoreType::AIVOnly) {
        if (!is_vec(k)) return;
        k.ffts_cross_core_sync(Pipe::MTE3, getFFTSMsg(0, SYNC_AIV_ONLY_ALL));
        k.wait_flag_dev(Pipe::S, SYNC_AIV_ONLY_ALL);
    } else if constexpr (T == SyncCoreType::AICOnly) {
        if (is_vec(k)) return;
        k.ffts_cross_core_sync(Pipe::FIX, getFFTSMsg(0, SYNC_AIC_FLAG));
        k.wait_flag_dev(Pipe::S, SYNC_AIC_FLAG);
    } else if (is_vec(k)) {
        k.set_intra_block(Pipe::MTE3, SYNC_AIV_FLAG);
        k.wait_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG);
    } else {
        k.wait_intra_block(Pipe::S, SYNC_AIV_FLAG);
        k.wait_intra_block(Pipe::S, SYNC_AIV_FLAG + SYNC_FLAG_ID_MAX);
        k.ffts_cross_core_sync(Pipe::FIX, getFFTSMsg(0, SYNC_AIC_FLAG));
        k.wait_flag_dev(Pipe::S, SYNC_AIC_FLAG);
        k.set_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG);
        k.set_intra_block(Pipe::S, SYNC_AIC_AIV_FLAG + SYNC_FLAG_ID_MAX);
    }
}

} // namespace detail

// SYNCALL<CoreType>(): the hard barrier.
template <SyncCoreType T = SyncCoreType::AIVOnly>
void SYNCALL(KernelContext& k) {
    if (k.build().is_auto() || k.build().is_cpu_sim()) return; // compiled out
    // Only the side that takes part marks a round (the other only drains its pipes).
    const bool takes_part =
        T == SyncCoreType::Mix || (T == SyncCoreType::AIVOnly) == detail::is_vec(k);
    if (takes_part) k.mark_barrier_round();
    // The A5 form is written for cores with intra-block flags (its Mix uses them).
    if (k.has(Feature::IntraBlockFlags))
        detail::syncall_a5<T>(k);
    else
        detail::syncall_a2a3<T>(k);
    if (takes_part) k.mark_barrier_release();
}

namespace detail {

// ARRIVE: A5 has a returning add; A2/A3 reads with ld_dev, then adds with a
// fire-and-forget st_atomic published by dcci (two operations, not one RMW).
inline std::int32_t soft_arrive(KernelContext& k, GmAddr counter) {
    if (k.has(Feature::ReturningAtomicAdd)) return k.atomicAdd<std::int32_t>(counter, 1);
    const std::int32_t before = k.ld_dev<std::int32_t>(counter, 0);
    k.set_st_atomic_cfg(AtomicType::S32, AtomicOp::Sum);
    k.dcci(counter, SINGLE_CACHE_LINE);
    k.st_atomic<std::int32_t>(1, counter);
    k.dcci(counter, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    return before;
}

// POLL: ATOMIC_LOAD until >= target, pipe_barrier(PIPE_ALL) every 16 polls,
// give up after 1,000,000 (on NPU silently: the core goes on).
inline void soft_poll(KernelContext& k, GmAddr counter, std::int32_t target,
                      std::string context = {}, std::int64_t participants = 0) {
    PollSpec spec;
    spec.context = std::move(context);
    spec.participants = participants;
    spec.addr = counter;
    spec.load = k.has(Feature::ReturningAtomicAdd) ? PollLoad::AtomicAddZero : PollLoad::Dev;
    spec.type = AtomicType::S32;
    spec.until = Cmp::GreaterEqual;
    spec.target = target;
    spec.max_polls = SYNCALL_SOFT_MAX_POLL_ITERATIONS;
    spec.barrier_every = SYNCALL_SOFT_BACKOFF_THRESHOLD;
    k.poll(spec);
}

inline void soft_barrier(KernelContext& k, GmAddr counter, std::int32_t n) {
    k.dsb(DSB_DDR);
    const std::int32_t before = soft_arrive(k, counter);
    const std::int32_t target = (before / n + 1) * n; // C division truncates toward 0
    // Each side computes its own N (Mix: cube and vector may disagree).
    soft_poll(k, counter, target,
              "soft SYNCALL: N = " + std::to_string(n) + " on this " +
                  (is_vec(k) ? "vector" : "cube") + " core, counter " + std::to_string(before) +
                  " before its arrival, target (" + std::to_string(before) + " / N + 1) x N",
              n);
    k.dsb(DSB_DDR);
}

// The Mix participant count when usedCores is 0 (syncall_soft.hpp L69-94).
inline std::int32_t mix_participants(const KernelContext& k) {
    const auto& d = k.build().defines;
    const std::int64_t aic_blocks =
        d.count("__MIX_CORE_AIC_BLOCKS__") ? d.at("__MIX_CORE_AIC_BLOCKS__") : k.get_block_num();
    const std::int64_t ratio = d.count("__MIX_CORE_AIV_RATIO__") ? d.at("__MIX_CORE_AIV_RATIO__")
                               : is_vec(k)                       ? k.get_subblockdim()
                                                                 : 1;
    return static_cast<std::int32_t>(aic_blocks * (1 + ratio));
}

// The pto-isa commit whose soft SYNCALL is per-core slots.
constexpr const char* kPerSlotPtoIsa = "83d01313";
inline bool per_slot_build(const KernelContext& k) {
    return k.build().library("pto-isa") == kPerSlotPtoIsa;
}

// Soft SYNCALL's overloads differ between the versions: calling the other
// version's is a kernel that does not compile against the build's.
inline void require_overload(const KernelContext& k, bool per_slot_overload) {
    if (per_slot_build(k) == per_slot_overload) return;
    throw KernelFault(
        per_slot_overload
            ? "SYNCALL<Soft> with a UB or L1 workspace tile is pto-isa 83d01313's overload; "
              "this build's pto-isa " +
                  k.build().library("pto-isa") +
                  " removed it (f24f7b73): the kernel does not compile against it"
            : std::string("SYNCALL<Soft>(gmWorkspace, usedCores) does not exist in pto-isa "
                          "83d01313, whose soft SYNCALL takes a UB and/or L1 workspace tile: the "
                          "kernel does not compile against it"));
}

// 83d01313's participant index (SYNCALL_GET_MIX_PARTICIPANT_IDX): a Mix
// vector core's comes after every cube's.
inline std::int64_t per_slot_index(const KernelContext& k, SyncCoreType t, std::int32_t n) {
    if (t != SyncCoreType::Mix || !is_vec(k)) return k.get_block_idx();
    const auto& d = k.build().defines;
    const std::int64_t ratio =
        d.count("__MIX_CORE_AIV_RATIO__") ? d.at("__MIX_CORE_AIV_RATIO__") : k.get_subblockdim();
    const std::int64_t aic_count = n > 0 ? n / (1 + ratio)
                                   : d.count("__MIX_CORE_AIC_BLOCKS__")
                                       ? d.at("__MIX_CORE_AIC_BLOCKS__")
                                       : k.get_block_num();
    return aic_count + k.get_block_idx() * k.get_subblockdim() + k.get_subblockid();
}

// The per-slot barrier on this core (either side), between the pipe
// barriers every soft form has.
template <SyncCoreType T>
void per_slot_soft(KernelContext& k, GmAddr gm, LocalAddr ub, LocalAddr l1,
                   std::int32_t used_cores) {
    if (k.build().is_auto() || k.build().is_cpu_sim()) return; // compiled out / empty stub
    const bool a5 = k.has(Feature::IntraBlockFlags);
    if (T == SyncCoreType::AICOnly && a5)
        throw KernelFault("AIC-only software SYNCALL is not supported on A5 (a static assertion "
                          "in pto-isa 83d01313: the kernel does not compile)");
    const bool takes_part = T == SyncCoreType::Mix || (T == SyncCoreType::AIVOnly) == is_vec(k);
    k.pipe_barrier(Pipe::ALL);
    if (takes_part) {
        const std::int32_t n = used_cores ? used_cores
                               : T == SyncCoreType::Mix
                                   ? mix_participants(k)
                                   : static_cast<std::int32_t>(k.get_block_num());
        const std::int64_t idx = per_slot_index(k, T, n);
        k.mark_barrier_round();
        if (is_vec(k)) {
            // An A5 Mix cube writes its slot through its subblock 0.
            if (T == SyncCoreType::Mix && a5 && k.get_subblockid() == 0)
                slots::aiv_proxy_write(k, slots::slot_of(gm, k.get_block_idx()), ub);
            slots::aiv_barrier(k, gm, ub, n, idx);
        } else {
            slots::aic_barrier(k, gm, l1, ub, n, idx, T == SyncCoreType::Mix && a5);
        }
        k.mark_barrier_release();
    }
    k.pipe_barrier(Pipe::ALL);
}

} // namespace detail

// SYNCALL<Mode, CoreType>(workspace, usedCores): Hard ignores the workspace;
// Soft runs the epoch barrier on workspace[0] among N participants (pto-isa
// f24f7b73 on).
template <SyncAllMode M, SyncCoreType T = SyncCoreType::AIVOnly>
void SYNCALL(KernelContext& k, GmAddr workspace, std::int32_t used_cores = 0) {
    if constexpr (M == SyncAllMode::Hard) {
        (void)workspace;
        (void)used_cores;
        SYNCALL<T>(k);
    } else {
        if (k.build().is_auto() || k.build().is_cpu_sim()) return; // compiled out / empty stub
        detail::require_overload(k, false);
        const bool takes_part =
            T == SyncCoreType::Mix || (T == SyncCoreType::AIVOnly) == detail::is_vec(k);
        k.pipe_barrier(Pipe::ALL);
        if (takes_part) {
            const std::int32_t n = used_cores ? used_cores
                                   : T == SyncCoreType::Mix
                                       ? detail::mix_participants(k)
                                       : static_cast<std::int32_t>(k.get_block_num());
            k.mark_barrier_round();
            detail::soft_barrier(k, workspace, n);
            k.mark_barrier_release();
        }
        k.pipe_barrier(Pipe::ALL);
    }
}

// pto-isa 83d01313's overloads: Soft runs the per-core-slot barrier (the
// GM workspace holds N slots of 32 bytes, zeroed before the first use) with
// a UB workspace of N x 32 bytes (AIV-only), an L1 one of 32 bytes
// (AIC-only; not on A5) or both (Mix; on A5 the cube writes through its
// subblock 0's UB). Hard ignores the workspaces.
template <SyncAllMode M, SyncCoreType T = SyncCoreType::AIVOnly>
void SYNCALL(KernelContext& k, GmAddr workspace, UbTile ub, std::int32_t used_cores = 0) {
    static_assert(T == SyncCoreType::AIVOnly,
                  "Software SYNCALL GM+UB overload only supports AIV-only kernels.");
    if constexpr (M == SyncAllMode::Hard) {
        SYNCALL<T>(k);
    } else {
        detail::require_overload(k, true);
        detail::per_slot_soft<T>(k, workspace, ub.addr, 0, used_cores);
    }
}

template <SyncAllMode M, SyncCoreType T = SyncCoreType::AICOnly>
void SYNCALL(KernelContext& k, GmAddr workspace, L1Tile l1, std::int32_t used_cores = 0) {
    static_assert(T == SyncCoreType::AICOnly, "GM+L1 overload is for AIC-only mode.");
    if constexpr (M == SyncAllMode::Hard) {
        SYNCALL<T>(k);
    } else {
        detail::require_overload(k, true);
        detail::per_slot_soft<T>(k, workspace, 0, l1.addr, used_cores);
    }
}

template <SyncAllMode M, SyncCoreType T = SyncCoreType::Mix>
void SYNCALL(KernelContext& k, GmAddr workspace, UbTile ub, L1Tile l1,
             std::int32_t used_cores = 0) {
    static_assert(T == SyncCoreType::Mix, "Software SYNCALL mix overload is for AIC/AIV kernels.");
    if constexpr (M == SyncAllMode::Hard) {
        SYNCALL<T>(k);
    } else {
        detail::require_overload(k, true);
        detail::per_slot_soft<T>(k, workspace, ub.addr, l1.addr, used_cores);
    }
}

} // namespace syncsim::lib
