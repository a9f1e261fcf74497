// `syncsim_bench races`: what the GM race detector costs (bench/races.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace syncsim::bench {

struct RacesRun {
    std::string mode; // "hard" or "soft": the barrier's kind
    int cores = 0;
    std::uint64_t rounds = 0;
};

// Child: one run with the detector `races` ("off" or "on"); prints
// "simulation-seconds process-seconds peak-RSS-KiB race-count".
int races_part(const std::string& source, const RacesRun& run, const std::string& races);
// The parent: each run with races off and on, `repeats` times alternating,
// best times kept; prints both and their ratio.
int races_bench(const std::string& self, const std::vector<RacesRun>& runs, int repeats);
// `races ...` and the child's `--races-part ...`: argv as sc_main got it.
int races_command(const std::string& source, int argc, char* argv[]);

} // namespace syncsim::bench
