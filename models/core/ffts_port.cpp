#include "models/core/ffts_port.hpp"

#include "syncsim/fault.hpp"

#include <string>

namespace syncsim {

FftsHub& FftsPort::hub(const char* what) const {
    if (!m_hub) throw KernelFault(std::string(what) + ": this platform has no FFTS");
    return *m_hub;
}

void FftsPort::block_started(int core, std::uint64_t launch_id) {
    m_base = 0;
    m_sender.reset();
    if (m_hub) m_hub->block_started(core, launch_id);
}

const std::shared_ptr<const FftsSender>& FftsPort::sender(int core, CoreType type,
                                                          const BlockWork& work) const {
    if (m_sender) return m_sender;
    FftsSender s;
    s.core = core;
    s.type = type;
    s.subblock = static_cast<int>(work.subblockid);
    s.launch_id = work.launch->launch_id;
    s.kernel_type = work.launch->kernel_type;
    s.peers = work.peers;
    s.context = work.launch->ffts_context;
    s.base_address_set = m_base == FftsHub::kBaseAddress;
    m_sender = std::make_shared<const FftsSender>(std::move(s));
    return m_sender;
}

} // namespace syncsim
