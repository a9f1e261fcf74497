#include "models/core/dma_transfer.hpp"

#include "syncsim/fault.hpp"

#include <limits>
#include <string>

namespace syncsim {

DmaShape DmaShape::of(const char* what, int n_burst, int len_burst, int src_gap, int dst_gap) {
    if (n_burst <= 0 || len_burst <= 0 || src_gap < 0 || dst_gap < 0)
        throw KernelFault(std::string(what) + ": nBurst and lenBurst must be positive, gaps >= 0");
    DmaShape s;
    s.bursts = n_burst;
    s.burst_bytes = std::uint64_t(len_burst) * kDmaBlockBytes;
    s.src_step = s.burst_bytes + std::uint64_t(src_gap) * kDmaBlockBytes;
    s.dst_step = s.burst_bytes + std::uint64_t(dst_gap) * kDmaBlockBytes;
    return s;
}

DmaShape DmaShape::of_bytes(const char* what, std::uint64_t n_burst, std::uint64_t len_bytes,
                            std::uint64_t src_stride, std::uint64_t dst_stride) {
    if (n_burst == 0 || len_bytes == 0)
        throw KernelFault(std::string(what) + ": nBurst and lenBurst must be positive");
    if (n_burst > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        throw KernelFault(std::string(what) + ": nBurst " + std::to_string(n_burst) +
                          " is more bursts than one instruction moves");
    if (n_burst > 1 && (src_stride < len_bytes || dst_stride < len_bytes))
        throw KernelFault(std::string(what) + ": with " + std::to_string(n_burst) + " bursts of " +
                          std::to_string(len_bytes) + " bytes, the strides (src " +
                          std::to_string(src_stride) + ", dst " + std::to_string(dst_stride) +
                          ") must be at least the burst");
    DmaShape s;
    s.bursts = static_cast<int>(n_burst);
    s.burst_bytes = len_bytes;
    s.src_step = n_burst > 1 ? src_stride : len_bytes;
    s.dst_step = n_burst > 1 ? dst_stride : len_bytes;
    return s;
}

std::vector<CopyPiece> DmaShape::pieces() const {
    std::vector<CopyPiece> out(static_cast<std::size_t>(bursts));
    for (int i = 0; i < bursts; ++i)
        out[i] = {static_cast<std::uint64_t>(i) * src_step,
                  static_cast<std::uint64_t>(i) * dst_step, burst_bytes};
    return out;
}

} // namespace syncsim
