// Issuing the local-buffer instructions to their pipes.
#include "models/core/local_isa.hpp"

#include "models/core/cube_exec.hpp"
#include "models/core/dma_transfer.hpp"
#include "models/core/vector_exec.hpp"
#include "syncsim/fault.hpp"

#include <string>

namespace syncsim {

void LocalIsa::vector(const char* what, const VectorInstr& in) {
    VectorMask mask;
    mask.count_mode = reg(IsaReg::MaskCountMode) != 0;
    mask.high = reg(IsaReg::MaskHigh);
    mask.low = reg(IsaReg::MaskLow);
    if (m_config.type != CoreType::AIV)
        throw KernelFault(std::string(what) + ": a vector instruction on an AIC (the vector "
                                              "unit is an AIV's)");
    auto& ub = m_pipes.local_buffer(MemSpace::Ub, what);
    const double cycles = m_config.timing.vector_head +
                          m_config.timing.vector_per_repeat * double(vector_repeats(in, mask));
    m_pipes.local_op(Pipe::V, what, cycles,
                     [what, in, mask, &ub] { execute_vector(what, in, mask, ub.bytes, ub.size); });
}

void LocalIsa::cube_load(const char* what, const CubeLoad& in) {
    auto& l1 = m_pipes.local_buffer(MemSpace::L1, what);
    auto& l0 = m_pipes.local_buffer(in.dst_space, what);
    const double bytes = double(in.rows) * in.cols * elem_bytes(in.type);
    m_pipes.local_op(Pipe::MTE1, what,
                     m_config.timing.dma_setup + bytes / m_config.timing.local_bytes_per_cycle,
                     [what, in, &l1, &l0] {
                         execute_cube_load(what, in, {l1.bytes, l1.size}, {l0.bytes, l0.size});
                     });
}

void LocalIsa::mad(const char* what, const MadInstr& in) {
    auto& a = m_pipes.local_buffer(MemSpace::L0A, what);
    auto& b = m_pipes.local_buffer(MemSpace::L0B, what);
    auto& c = m_pipes.local_buffer(MemSpace::L0C, what);
    // Each operand within its buffer, checked at issue (before the pipe
    // computes with them).
    const std::uint32_t c0 = c0_of(in.ab_type);
    const std::uint64_t es = elem_bytes(in.ab_type);
    m_pipes.check_local_range(a, in.a, align_up(in.m, 16) * std::uint64_t(align_up(in.k, c0)) * es,
                              what);
    m_pipes.check_local_range(b, in.b, align_up(in.k, c0) * std::uint64_t(align_up(in.n, 16)) * es,
                              what);
    m_pipes.check_local_range(
        c, in.c, align_up(in.m, 16) * std::uint64_t(align_up(in.n, 16)) * elem_bytes(in.c_type),
        what);
    // The vendor's cost model: a step of 32-bit inputs takes twice a 16-bit one.
    const double per_step = m_config.timing.cube_per_step * (elem_bytes(in.ab_type) == 4 ? 2 : 1);
    m_pipes.local_op(
        Pipe::M, what, m_config.timing.cube_head + per_step * double(mad_steps(in)),
        [what, in, &a, &b, &c] {
            execute_mad(what, in, {a.bytes, a.size}, {b.bytes, b.size}, {c.bytes, c.size});
        });
}

void LocalIsa::copy(const char* what, MemSpace dst_space, std::uint64_t dst, MemSpace src_space,
                    std::uint64_t src, std::vector<CopyPiece> pieces) {
    m_pipes.dma(what, copy_route(src_space, dst_space), dst_space, dst, src_space, src,
                std::move(pieces));
}

void LocalIsa::copy_ubuf_to_gm_align_v2(GmAddr gm, LocalAddr ub, std::uint32_t n_burst,
                                        std::uint32_t len_burst, std::uint64_t dst_stride,
                                        std::uint32_t src_stride) {
    const char* what = "copy_ubuf_to_gm_align_v2";
    if (!m_config.byte_granular_dma)
        throw KernelFault("copy_ubuf_to_gm_align_v2 does not exist on this arch (platform "
                          "dma_granularity blocks_32)");
    m_pipes.dma(what, kDmaRoutes.ub_to_gm, MemSpace::Gm, gm, MemSpace::Ub, ub,
                DmaShape::of_bytes(what, n_burst, len_burst, src_stride, dst_stride));
}

void LocalIsa::block_started() {
    m_regs = kResetRegs;
}

} // namespace syncsim
