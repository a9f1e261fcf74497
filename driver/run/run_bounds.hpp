// The run's bounds (limits.max_events, limits.wall_time) and the SystemC
// processes a run leaves behind.
#pragma once

#include "driver/experiment/experiment_config.hpp"

#include <string>
#include <utility>

namespace syncsim {

// Arms limits.max_events and limits.wall_time before sc_start; afterwards,
// the outcome and reason when one of them stopped the run ("" if none did).
void arm_run_bounds(const ExperimentConfig& cfg);
std::pair<std::string, std::string> bound_outcome(const ExperimentConfig& cfg);

// Ends every thread process still alive once the result is built (a run that
// deadlocked, hit a limit or a watchdog leaves cores, pipes and warps
// suspended): each is killed, unwinding its stack, so whatever its frames
// own is freed. Models stop a run with sc_pause, never sc_stop, so the
// kernel can still run this one delta.
void end_processes();

} // namespace syncsim
