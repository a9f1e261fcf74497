// Where the task scheduler puts one block: a pure function of which cores
// are taken, tested as a table. Cluster k is AIC k with AIVs k*ratio ..
// k*ratio+ratio-1 (ratio = AIVs per AIC); a mixed or cube block takes its
// cores from one cluster, subblock 0 first; a vector-only block takes the
// lowest free AIV. Lowest free first, as the runtime fills the device,
// within the clusters a block's die group may use.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace syncsim {

struct Placement {
    int aic = -1;          // index among the AICs; -1: the block takes none
    std::vector<int> aivs; // indices among the AIVs, by subblock
};

// Clusters [first, end) of the device, by index.
struct ClusterWindow {
    int first = 0, end = 0;
};

std::optional<Placement> place_block(int aic_per_block, int aiv_per_block,
                                     const std::vector<bool>& aic_taken,
                                     const std::vector<bool>& aiv_taken, ClusterWindow window);

// How the runtime splits a launch's blocks between the dies of a two-die
// device (hicann/runtime@681ef7610df1 aic_aiv_sqe_common.hpp:80-82,
// davinci_kernel_task_v200.cc:56-62): die-friendly placement, groupDim 2 for
// more than one block, groupBlockdim = ceil(blocks / 2). The runtime does
// not say which group runs where (the hardware does): group g takes the
// g-th share of the dies, its blocks numbered g * group_block_dim onwards
// (a choice, docs/model-choices.md). One group when the device has one die
// or the platform is die-blind.
struct DieGroups {
    int group_dim = 1;
    std::int64_t group_block_dim = 1;

    static DieGroups of(std::int64_t blocks, int dies, bool die_friendly);
    int group_of(std::int64_t block) const { return static_cast<int>(block / group_block_dim); }
    // The blocks of group g: [first, end).
    std::int64_t first_block(int g) const { return g * group_block_dim; }
    // The clusters group g may use on a device of `dies` dies of
    // `clusters_per_die` clusters.
    ClusterWindow window(int g, int dies, int clusters_per_die) const;
};

// Whether `blocks` blocks can all be placed at once on the free cores (the
// batch schedule mode starts a launch only then), each in its group's dies.
bool all_blocks_fit(int aic_per_block, int aiv_per_block, std::int64_t blocks,
                    const DieGroups& groups, int dies, int clusters_per_die,
                    std::vector<bool> aic_taken, std::vector<bool> aiv_taken);

} // namespace syncsim
