// SYNCALL as the PTO library writes it (pto-syncall.md 1.1-1.4), per arch,
// on top of the core's intrinsics. The arch and core side come from the
// build (the real library selects them with __NPU_ARCH__, __DAV_VEC__ and
// __DAV_CUBE__); __PTO_AUTO__ and __CPU_SIM builds compile SYNCALL to nothing.
// Soft mode (the GM atomic epoch barrier) is not built yet: asking for it is a
// fault, not a silent no-op.
#pragma once

#include "models/core/kernel_context.hpp"
#include "models/sim/fault.hpp"

namespace syncsim::lib {

enum class SyncAllMode { Hard = 0, Soft = 1 };
enum class SyncCoreType { AIVOnly = 0, AICOnly = 1, Mix = 2 };

// Flag ids PTO reserves for SYNCALL (type.hpp L277-281).
constexpr int SYNC_AIC_FLAG = 11;
constexpr int SYNC_AIV_FLAG = 12;
constexpr int SYNC_AIC_AIV_FLAG = 13;
constexpr int SYNC_AIV_ONLY_ALL = 14;
constexpr int SYNC_FLAG_ID_MAX = 16;

// getFFTSMsg: base count [3:0], mode [5:4], flag id [11:8].
constexpr std::uint16_t getFFTSMsg(std::uint16_t mode, std::uint16_t event_id,
                                   std::uint16_t base_const = 0x1) {
    return static_cast<std::uint16_t>((base_const & 0xF) + ((mode & 0x3) << 4) +
                                      ((event_id & 0xF) << 8));
}

namespace detail {

inline bool is_a5(const KernelContext& k) {
    return k.build().arch == "dav-c310";
}
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
    if (detail::is_a5(k))
        detail::syncall_a5<T>(k);
    else
        detail::syncall_a2a3<T>(k);
    if (takes_part) k.mark_barrier_release();
}

// SYNCALL<Mode, CoreType>(workspace, usedCores): Hard ignores the workspace.
template <SyncAllMode M, SyncCoreType T = SyncCoreType::AIVOnly>
void SYNCALL(KernelContext& k, GmAddr workspace, std::int32_t used_cores = 0) {
    (void)workspace;
    (void)used_cores;
    if constexpr (M == SyncAllMode::Hard) {
        SYNCALL<T>(k);
    } else {
        if (k.build().is_auto() || k.build().is_cpu_sim()) return;
        throw KernelFault("SYNCALL<Soft> is not modelled yet");
    }
}

} // namespace syncsim::lib
