// What the L2s report of a run: every die's L2 together under "l2", and
// each die's ("l2.by_die") when there are several. Each field is named once,
// in the table of l2_stats.cpp.
#pragma once

#include "models/memory/l2_cache.hpp"
#include "models/report/stats.hpp"

#include <vector>

namespace syncsim {

// The group reads the L2s when the result is written; they must outlive it.
StatsGroup l2_stats(std::vector<const L2Cache*> l2s);
// The L2s' statistics as one: counts summed, peaks and the longest wait the
// largest of them.
L2Stats merged_l2_stats(const std::vector<const L2Cache*>& l2s);

} // namespace syncsim
