// The cross-core flag intrinsics, forwarded to the core's cross-core sync
// unit after counting them (models/core/cross_core_sync.cpp does the work).
#include "models/core/ai_core.hpp"

#include "syncsim/fault.hpp"

namespace syncsim {

void AiCore::set_ffts_base_addr(std::uint64_t addr) {
    enter("set_ffts_base_addr");
    m_sync.set_base_address(addr);
}

void AiCore::ffts_cross_core_sync(Pipe pipe, std::uint64_t msg) {
    enter("ffts_cross_core_sync");
    m_sync.send(pipe, msg);
}

void AiCore::set_intra_block(Pipe pipe, int id) {
    enter("set_intra_block");
    m_sync.set_intra_block(pipe, id);
}

void AiCore::wait_flag_dev(Pipe pipe, int flag_id) {
    enter("wait_flag_dev");
    m_sync.wait(pipe, FlagSpace::Ffts, flag_id, "wait_flag_dev");
}

void AiCore::wait_intra_block(Pipe pipe, int id) {
    if (!m_sync.hub("wait_intra_block").params().intra_block)
        throw KernelFault("wait_intra_block does not exist on this arch");
    enter("wait_intra_block");
    m_sync.wait(pipe, FlagSpace::IntraBlock, id, "wait_intra_block");
}

} // namespace syncsim
