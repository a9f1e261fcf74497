// The core's pipe intrinsics, forwarded to its pipe set after counting
// them (models/core/pipe_set.cpp does the work).
#include "models/core/ai_core.hpp"

namespace syncsim {

void AiCore::pipe_barrier(Pipe pipe) {
    enter("pipe_barrier");
    m_pipes.barrier(pipe);
}

void AiCore::compute(Pipe pipe, double cycles) {
    if (pipe == Pipe::S) return scalar_work(cycles);
    enter("compute");
    m_pipes.compute(pipe, cycles);
}

void AiCore::scalar_work(double cycles) {
    enter("scalar_work");
    m_time.advance(cycles);
}

void AiCore::set_flag(Pipe src, Pipe dst, int event_id) {
    enter("set_flag");
    m_pipes.set_flag(src, dst, event_id);
}

void AiCore::wait_flag(Pipe src, Pipe dst, int event_id) {
    enter("wait_flag");
    m_pipes.wait_flag(src, dst, event_id);
}

void AiCore::copy_gm_to_ubuf(LocalAddr ub, GmAddr gm_addr, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    enter("copy_gm_to_ubuf");
    m_pipes.dma("copy_gm_to_ubuf", kDmaRoutes.gm_to_ub, PipeSet::Space::Ub, ub, PipeSet::Space::Gm,
                gm_addr, n_burst, len_burst, src_gap, dst_gap);
}

void AiCore::copy_ubuf_to_gm(GmAddr gm_addr, LocalAddr ub, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    enter("copy_ubuf_to_gm");
    m_pipes.dma("copy_ubuf_to_gm", kDmaRoutes.ub_to_gm, PipeSet::Space::Gm, gm_addr,
                PipeSet::Space::Ub, ub, n_burst, len_burst, src_gap, dst_gap);
}

void AiCore::copy_gm_to_cbuf(LocalAddr l1, GmAddr gm_addr, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    enter("copy_gm_to_cbuf");
    m_pipes.dma("copy_gm_to_cbuf", kDmaRoutes.gm_to_l1, PipeSet::Space::L1, l1, PipeSet::Space::Gm,
                gm_addr, n_burst, len_burst, src_gap, dst_gap);
}

void AiCore::copy_cbuf_to_gm(GmAddr gm_addr, LocalAddr l1, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    enter("copy_cbuf_to_gm");
    m_pipes.dma("copy_cbuf_to_gm", kDmaRoutes.l1_to_gm, PipeSet::Space::Gm, gm_addr,
                PipeSet::Space::L1, l1, n_burst, len_burst, src_gap, dst_gap);
}

void AiCore::copy_cbuf_to_ubuf(LocalAddr ub, LocalAddr l1, int, int n_burst, int len_burst,
                               int src_gap, int dst_gap) {
    enter("copy_cbuf_to_ubuf");
    m_pipes.dma("copy_cbuf_to_ubuf", kDmaRoutes.l1_to_ub, PipeSet::Space::Ub, ub,
                PipeSet::Space::L1, l1, n_burst, len_burst, src_gap, dst_gap);
}

void AiCore::create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) {
    enter("create_cbuf_matrix");
    m_pipes.create_cbuf_matrix(l1, n_blocks, value);
}

void AiCore::ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) {
    enter(write ? "ub_st" : "ub_ld");
    m_pipes.ub_access(offset, data, bytes, write);
}

} // namespace syncsim
