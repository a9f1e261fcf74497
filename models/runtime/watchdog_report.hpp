// The op-execute watchdog's part of a run's result and summary: its kills
// (what the host saw, and what the model says the cores were doing), the
// deadlines still pending at the end, and the scheduler's launches that did
// not finish.
#pragma once

#include "models/report/stats.hpp"
#include "models/runtime/task_scheduler.hpp"

#include <string>

namespace syncsim {

// Adds the watchdog's statistics and the scheduler's summary parts to `g`.
void declare_watchdog_report(StatsGroup& g, const TaskScheduler& scheduler);
// The outcome's reason when the watchdog killed a task.
std::string watchdog_reason(const WatchdogKill& kill);

} // namespace syncsim
