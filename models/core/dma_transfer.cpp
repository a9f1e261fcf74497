#include "models/core/dma_transfer.hpp"

#include "syncsim/fault.hpp"

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

} // namespace syncsim
