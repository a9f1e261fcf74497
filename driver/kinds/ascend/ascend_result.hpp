// The Ascend part of a run's result: every section the result holds, and
// the summary rendered from the models' statistics groups.
#pragma once

#include "models/report/stats.hpp"
#include "platforms/platform.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

namespace syncsim {

// The statistics must be read after the device's end_run.
nlohmann::json ascend_sections(const Platform& platform, const StatsRegistry& stats);

void summarize_ascend_setup(std::ostream& s, const nlohmann::json& result);
// The run's lines: its end, the groups' summary parts in their order with
// the host's checks after the finish lines, and what the traces hold.
void summarize_ascend(std::ostream& s, const nlohmann::json& result, const StatsRegistry& stats);

} // namespace syncsim
