// The models' statistics (models/report/stats.hpp) as the result's JSON:
// each statistic at its dotted path, absent values left out; and their
// summary parts, in the summary's order.
#pragma once

#include "models/report/stats.hpp"

#include <nlohmann/json.hpp>

namespace syncsim {

nlohmann::json to_json(const ReportValue& value);
// Writes every statistic of every group into `out`.
void write_stats(const StatsRegistry& stats, nlohmann::json& out);
// Writes the groups' summary parts placed from `first` to `last`, by place.
void write_summary(const StatsRegistry& stats, SummaryOut& out, SummaryPart first,
                   SummaryPart last);

} // namespace syncsim
