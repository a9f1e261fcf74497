#include "models/vortex/vx_hang_detectors.hpp"

#include "models/vortex/vx_device_parts.hpp"

#include <sstream>

namespace syncsim::vortex {

HangDetectors::HangDetectors(const DeviceParams& p, const Clock& clock,
                             const std::vector<std::unique_ptr<VxCore>>& cores,
                             std::function<bool()> finished)
    : m_p(p), m_clock(clock), m_cores(cores), m_finished(std::move(finished)) {
    sc_core::sc_spawn_options detector;
    detector.spawn_method();
    detector.set_sensitivity(&m_no_progress);
    detector.dont_initialize();
    sc_core::sc_spawn([this] { no_progress(); }, nullptr, &detector);
}

void HangDetectors::watch_core(VxCore& c) {
    VxCore* raw = &c;
    sc_core::sc_spawn_options dog;
    dog.spawn_method();
    dog.set_sensitivity(&raw->watchdog_event);
    dog.dont_initialize();
    sc_core::sc_spawn([this, raw] { stall_timeout(*raw); }, nullptr, &dog);
}

void HangDetectors::stall_timeout(VxCore& c) {
    if (!(c.active && c.active == c.stalled) || !m_watchdog.empty()) return;
    std::ostringstream os;
    os << "STALL_TIMEOUT on core " << c.index << ": all active warps (mask 0x" << std::hex
       << c.active << std::dec << ") stalled for " << m_p.stall_timeout << " cycles";
    m_watchdog = os.str();
    sc_core::sc_pause();
}

void HangDetectors::no_progress() {
    bool waiting = false, running = false;
    for (const auto& c : m_cores) {
        waiting = waiting || c->stalled != 0;
        running = running || (c->active & ~c->stalled) != 0;
    }
    if (!waiting || !running || !m_watchdog.empty() || !m_livelock.empty()) return;
    m_livelock = "no barrier release or warp exit for " + std::to_string(m_p.no_progress_cycles) +
                 " cycles while warps wait at barriers and others keep running (a livelock the "
                 "STALL_TIMEOUT watchdog cannot see)";
    sc_core::sc_pause();
}

void HangDetectors::check_watchdog(VxCore& c) {
    if (m_p.stall_timeout == 0) return;
    const bool all_stalled = c.active != 0 && c.active == c.stalled;
    if (all_stalled && !c.watchdog_armed) {
        c.watchdog_armed = true;
        c.watchdog_event.notify(m_clock.cycles(static_cast<double>(m_p.stall_timeout)));
    } else if (!all_stalled && c.watchdog_armed) {
        c.watchdog_armed = false;
        c.watchdog_event.cancel();
    }
}

// Armed only while a warp runs: a timer left pending after the last warp
// exits, or while every warp waits, would keep the run going to wake a
// detector with nothing to see. A warp that starts running again re-arms it
// from then.
void HangDetectors::watch_progress(bool restart) {
    const bool watch = !m_finished() && any_warp_running();
    if (watch && (restart || !m_progress_watched)) {
        m_no_progress.cancel();
        m_no_progress.notify(m_clock.cycles(static_cast<double>(m_p.no_progress_cycles)));
    } else if (!watch && m_progress_watched) {
        m_no_progress.cancel();
    }
    m_progress_watched = watch;
}

bool HangDetectors::any_warp_running() const {
    for (const auto& c : m_cores)
        if ((c->active & ~c->stalled) != 0) return true;
    return false;
}

} // namespace syncsim::vortex
