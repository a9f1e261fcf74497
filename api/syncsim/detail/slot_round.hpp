// A round counted in a 32-byte GM slot through UB, the step both vendors'
// per-core-slot soft barriers take at arrival (pto-isa 83d01313's
// SYNCALL_SOFT_AIV_WRITE_SLOT, asc-devkit's SoftSyncAllImpl): DMA the slot
// in, wait for MTE2, add one with the scalar unit, DMA it back out once MTE3
// may read it, and wait for MTE3 before the next DMA in.
#pragma once

#include "syncsim/kernel_api.hpp"

namespace syncsim::detail {

inline std::int32_t dma_count_round(KernelContext& k, GmAddr slot, LocalAddr ub) {
    k.copy_gm_to_ubuf(ub, slot, 0, 1, 1, 0, 0);
    k.set_flag(Pipe::MTE2, Pipe::S, 0);
    k.wait_flag(Pipe::MTE2, Pipe::S, 0);
    const std::int32_t round = k.ub_ld<std::int32_t>(ub) + 1;
    k.ub_st<std::int32_t>(ub, round);
    k.set_flag(Pipe::S, Pipe::MTE3, 0);
    k.wait_flag(Pipe::S, Pipe::MTE3, 0);
    k.copy_ubuf_to_gm(slot, ub, 0, 1, 1, 0, 0);
    k.set_flag(Pipe::MTE3, Pipe::MTE2, 0);
    k.wait_flag(Pipe::MTE3, Pipe::MTE2, 0);
    return round;
}

} // namespace syncsim::detail
