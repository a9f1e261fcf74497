// The two ways a Vortex run that cannot go on is stopped: the RTL's
// STALL_TIMEOUT watchdog (a core whose active warps all stall for
// stall_timeout cycles) and the simulator's own no-progress detector (no
// release or exit for no_progress_cycles while some warps wait and others
// run: a livelock the watchdog cannot see). Either pauses the simulation.
#pragma once

#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_device_params.hpp"

#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim::vortex {

struct VxCore;

class HangDetectors {
  public:
    // `finished`: whether every spawned warp has exited. Spawns the
    // detector's process (during elaboration).
    HangDetectors(const DeviceParams& p, const Clock& clock,
                  const std::vector<std::unique_ptr<VxCore>>& cores,
                  std::function<bool()> finished);
    HangDetectors(const HangDetectors&) = delete;
    HangDetectors& operator=(const HangDetectors&) = delete;

    // Spawns the core's watchdog process (during elaboration).
    void watch_core(VxCore& c);
    // The core's active or stalled warps changed: arm or cancel its watchdog.
    void check_watchdog(VxCore& c);
    // A release or an exit: the no-progress timer starts again.
    void progress() { watch_progress(true); }
    // Stalls changed: arm the timer if a warp runs, cancel it if none does.
    void stalls_changed() { watch_progress(false); }

    const std::string& watchdog() const { return m_watchdog; }
    const std::string& livelock() const { return m_livelock; }

  private:
    void stall_timeout(VxCore& c);
    void no_progress();
    void watch_progress(bool restart);
    bool any_warp_running() const;

    DeviceParams m_p;
    Clock m_clock;
    const std::vector<std::unique_ptr<VxCore>>& m_cores;
    std::function<bool()> m_finished;
    sc_core::sc_event m_no_progress;
    bool m_progress_watched = false;
    std::string m_watchdog, m_livelock;
};

} // namespace syncsim::vortex
