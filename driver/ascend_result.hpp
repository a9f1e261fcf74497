// The Ascend part of a run's result: per-core reports as JSON, the barrier
// rounds across cores, every section the result holds, and the summary
// rendered from that result.
#pragma once

#include "models/core/core_report.hpp"
#include "platforms/platform.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class AscendDevice;
class HostRuntime;
class TaskScheduler;
struct WatchdogKill;

nlohmann::json core_json(const CoreReport& r);
// The rounds section reads the device's round ledger, which must be finished.
nlohmann::json ascend_sections(const Platform& platform, AscendDevice& device,
                               const HostRuntime& host, const std::vector<CoreReport>& reports);

// The op-execute watchdog's section, its summary lines, and the outcome's
// reason when it killed a task (ascend_watchdog.cpp).
nlohmann::json watchdog_json(const TaskScheduler& scheduler);
void summarize_watchdog(std::ostream& s, const nlohmann::json& result);
std::string watchdog_reason(const WatchdogKill& kill);

void summarize_ascend_setup(std::ostream& s, const nlohmann::json& result);
void summarize_ascend(std::ostream& s, const nlohmann::json& result);

} // namespace syncsim
