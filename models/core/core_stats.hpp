// The cores' part of a run's result and summary: every core that ran or
// holds a block, those still holding one (stuck), the poll loops that gave
// up at their limit, and each core type's last finish.
#pragma once

#include "models/core/core_report.hpp"
#include "models/report/stats.hpp"

#include <vector>

namespace syncsim {

// One core's record in the result.
ReportValue core_record(const CoreReport& r);
// The group reads `reports`, which whoever ends the run fills (one per core,
// at the run's end) before the result is written.
StatsGroup core_stats(const std::vector<CoreReport>& reports);

} // namespace syncsim
