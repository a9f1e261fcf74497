// A core's synchronisation with other cores through the FFTS hub: messages
// (ffts_cross_core_sync) and waits on its own flags (wait_flag_dev), the A5
// intra-block flags between a cube and its vectors, and the FFTS base
// address. A message leaves when its trigger pipe reaches it; a wait stalls
// the scalar unit or only the named pipe.
#pragma once

#include "models/core/block_work.hpp"
#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/ffts_port.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_set.hpp"
#include "models/ffts/ffts_hub.hpp"

#include <optional>
#include <string>

namespace syncsim {

class CrossCoreSync {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    CrossCoreSync(const CrossCoreSync&) = delete;
    CrossCoreSync& operator=(const CrossCoreSync&) = delete;
    // `work` is the core's current block (its launch, its peers).
    CrossCoreSync(const sc_core::sc_object& core, const CoreConfig& config, LocalTime& time,
                  CoreActivity& activity, PipeSet& pipes, const std::optional<BlockWork>& work)
        : m_core(core), m_config(config), m_time(time), m_activity(activity), m_pipes(pipes),
          m_work(work) {}

    void attach(FftsHub* hub) { m_ffts.attach(hub); }
    // Throws KernelFault naming `what` when the platform has no FFTS.
    FftsHub& hub(const char* what) const { return m_ffts.hub(what); }
    void block_started(std::uint64_t launch_id) {
        m_ffts.block_started(m_config.soc_core_id, launch_id);
    }
    // Who the block's messages come from (fixed once per block).
    const std::shared_ptr<const FftsSender>& sender() const {
        return m_ffts.sender(m_config.soc_core_id, m_config.type, *m_work);
    }

    void set_base_address(std::uint64_t addr);
    // `sent`: what the core released with the message (the race detector).
    void send(Pipe pipe, std::uint64_t msg, const Release& sent); // ffts_cross_core_sync
    void set_intra_block(Pipe pipe, int id, const Release& sent);
    // wait_flag_dev (FlagSpace::Ffts) or wait_intra_block.
    void wait(Pipe pipe, FlagSpace space, int id, const char* what);

  private:
    std::string describe_flag_wait() const;

    const sc_core::sc_object& m_core;
    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    PipeSet& m_pipes;
    const std::optional<BlockWork>& m_work;
    FftsPort m_ffts;
    struct FlagWait { // the scalar unit's wait on a cross-core flag
        const char* what = "";
        FlagSpace space = FlagSpace::Ffts;
        int id = 0;
    } m_flag_wait;
};

} // namespace syncsim
