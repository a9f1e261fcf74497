// The shape of one DMA (MTE) copy as the intrinsics give it: nBurst bursts
// of lenBurst 32-byte blocks, with source and destination gaps in 32-byte
// blocks between bursts; and which pipe carries each direction (CCE's
// assignment). Plain data and arithmetic, tested without a kernel.
#pragma once

#include "syncsim/core_types.hpp"
#include "syncsim/local_isa.hpp"

#include <cstdint>
#include <vector>

namespace syncsim {

constexpr int kDmaBlockBytes = 32;

struct DmaShape {
    int bursts = 0;
    std::uint64_t burst_bytes = 0, src_step = 0, dst_step = 0;

    // Throws KernelFault (naming `what`) for a non-positive count or length or
    // a negative gap.
    static DmaShape of(const char* what, int n_burst, int len_burst, int src_gap, int dst_gap);
    // The byte-granular form (copy_ubuf_to_gm_align_v2): a burst of
    // `len_bytes`, bursts `src_stride`/`dst_stride` bytes apart, start to
    // start. Throws KernelFault for a zero count or length, or strides that
    // would overlap bursts.
    static DmaShape of_bytes(const char* what, std::uint64_t n_burst, std::uint64_t len_bytes,
                             std::uint64_t src_stride, std::uint64_t dst_stride);
    // From the first byte read (written) to the last: the gap after the last
    // burst is not touched.
    std::uint64_t src_extent() const { return (bursts - 1) * src_step + burst_bytes; }
    std::uint64_t dst_extent() const { return (bursts - 1) * dst_step + burst_bytes; }
    std::uint64_t bytes() const { return bursts * burst_bytes; }
    // The bursts as pieces of a copy.
    std::vector<CopyPiece> pieces() const;
};

// Which pipe executes each data movement.
struct DmaRoutes {
    Pipe gm_to_ub = Pipe::MTE2;
    Pipe gm_to_l1 = Pipe::MTE2;
    Pipe ub_to_gm = Pipe::MTE3;
    Pipe l1_to_gm = Pipe::MTE3;
    Pipe l1_to_ub = Pipe::MTE1;
    Pipe l1_fill = Pipe::MTE2;
};
constexpr DmaRoutes kDmaRoutes{};

// The pipe that carries a copy from `src` to `dst`: MTE2 into a core, MTE3
// out of a UB or L1, FIX out of L0C, MTE1 between local buffers.
inline Pipe copy_route(MemSpace src, MemSpace dst) {
    if (src == MemSpace::Gm) return Pipe::MTE2;
    if (src == MemSpace::L0C) return Pipe::FIX;
    return dst == MemSpace::Gm ? Pipe::MTE3 : Pipe::MTE1;
}

} // namespace syncsim
