// The barrier rounds' part of a run's result and summary: the rounds listed
// in full (each core's arrival and release) and the statistics over all.
#pragma once

#include "models/report/round_ledger.hpp"
#include "models/report/stats.hpp"

#include <functional>
#include <string>

namespace syncsim {

// `core_name`: a core's name from its soc_core_id. The ledger must be
// finished before the group is read.
StatsGroup round_stats(const RoundLedger& ledger, std::function<std::string(int)> core_name);

} // namespace syncsim
