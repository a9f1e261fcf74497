// The barrier benchmark's parts (bench/barrier.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace syncsim::bench {

// Children: each prints "core-rounds run-seconds process-seconds peak-RSS-KiB".
int lean_part(int cores, std::uint64_t rounds);
int syncsim_part(const std::string& source, int cores, std::uint64_t rounds);
// The parent: both sides for each (cores, rounds), and their ratios.
// Each side runs `repeats` times, alternating; the best time of each is kept.
int barrier_bench(const std::string& self, const std::vector<std::pair<int, std::uint64_t>>& runs,
                  int repeats);

} // namespace syncsim::bench
