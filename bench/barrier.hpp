// The barrier benchmark's parts (bench/barrier.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace syncsim::bench {

// Peak resident set of this process, from the kernel (KiB).
long peak_rss_kib();
// Wall seconds since the process started (a part's whole cost, setup included).
double since_start();

// A benchmark's arguments after its name: `--repeat K` (default 3) and the
// runs, each as given (CORES:ROUNDS, KIND:CORES:ROUNDS).
struct BenchArgs {
    std::vector<std::string> runs;
    int repeats = 3;
};
BenchArgs bench_args(int argc, char* argv[], int first);

// Children: each prints "core-rounds run-seconds process-seconds peak-RSS-KiB".
int lean_part(int cores, std::uint64_t rounds);
// `races`: "auto" (a user's default) or "off".
int syncsim_part(const std::string& source, int cores, std::uint64_t rounds,
                 const std::string& races);
// The parent: both sides for each (cores, rounds), and their ratios.
// Each side runs `repeats` times, alternating; the best time of each is kept.
int barrier_bench(const std::string& self, const std::vector<std::pair<int, std::uint64_t>>& runs,
                  int repeats);

} // namespace syncsim::bench
