// Where the task scheduler puts one block: a pure function of which cores
// are taken, tested as a table. Cluster k is AIC k with AIVs k*ratio ..
// k*ratio+ratio-1 (ratio = AIVs per AIC); a mixed or cube block takes its
// cores from one cluster, subblock 0 first; a vector-only block takes the
// lowest free AIV. Lowest free first, as the runtime fills the device.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace syncsim {

struct Placement {
    int aic = -1;          // index among the AICs; -1: the block takes none
    std::vector<int> aivs; // indices among the AIVs, by subblock
};

std::optional<Placement> place_block(int aic_per_block, int aiv_per_block,
                                     const std::vector<bool>& aic_taken,
                                     const std::vector<bool>& aiv_taken);

// Whether `blocks` blocks can all be placed at once on the free cores (the
// batch schedule mode starts a launch only then).
bool all_blocks_fit(int aic_per_block, int aiv_per_block, std::int64_t blocks,
                    std::vector<bool> aic_taken, std::vector<bool> aiv_taken);

} // namespace syncsim
