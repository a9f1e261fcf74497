// A core's connection to the FFTS hub: the hub (none on platforms without
// FFTS), the base address the kernel set with set_ffts_base_addr, and the
// sender description every message and wait carries.
#pragma once

#include "models/core/block_work.hpp"

#include <cstdint>

namespace syncsim {

class FftsPort {
  public:
    void attach(FftsHub* hub) { m_hub = hub; }
    // Throws KernelFault naming `what` when the platform has no FFTS.
    FftsHub& hub(const char* what) const;
    // A new block starts: the base address is cleared, the hub told.
    void block_started(int core, std::uint64_t launch_id);
    void set_base_address(std::uint64_t addr) {
        m_base = addr;
        m_sender.reset();
    }
    // Made once per block (and again if the base address changes): every
    // message the block posts shares it.
    const std::shared_ptr<const FftsSender>& sender(int core, CoreType type,
                                                    const BlockWork& work) const;

  private:
    FftsHub* m_hub = nullptr;
    std::uint64_t m_base = 0;
    mutable std::shared_ptr<const FftsSender> m_sender;
};

} // namespace syncsim
