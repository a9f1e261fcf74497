// What the race detector reports of a run: the result's "races" section
// (the first pairs in full, their count) and the summary's races line with
// the first pairs of each kind, one line each.
#pragma once

#include "models/races/race_detector.hpp"
#include "models/report/stats.hpp"

namespace syncsim {

// The group reads `races` when the result is written; it must outlive it.
StatsGroup race_stats(const RaceDetector& races);
// One pair as the summary prints it (without indentation or newline).
std::string describe_race(const RaceDetector& races, const RacePair& pair);

} // namespace syncsim
