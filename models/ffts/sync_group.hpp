// Which arrivals an FFTS barrier message joins, and how many complete it:
// the one rule both the hub (counting arrivals) and its diagnosis (explaining
// a wait) use. Mode 0 counts every core of the sender's type in the launch;
// mode 1 the vector sub-cores of one cluster; mode 2 from a vector is the
// reduce into its block's cube, which needs every paired vector.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

// The cores one block of a launch runs on (SoC-wide core ids); -1 = none of that type.
struct BlockPeers {
    int aic = -1;
    std::vector<int> aivs; // by subblock id
};

// Exists only for launches that own an FFTS context.
struct FftsContext {
    std::uint64_t launch_id = 0;
    std::int64_t aic_total = 0, aiv_total = 0; // cores of each type the launch runs
};

struct SyncGroup {
    int group = 0;             // 0: AICs, 1: AIVs, 2 + core: the vectors of one cube or cluster
    std::int64_t expected = 0; // arrivals that complete it
    int reduce_into = -1;      // mode-2 reduce: the cube released; -1: every arriver
    std::string why_none;      // set when the message joins no group (the block lacks a peer)
};

// For a barrier message (mode 0, mode 1 from a vector, mode 2 from a vector)
// or for explaining a wait on one (mode 2 also from the cube's side).
SyncGroup sync_group(int mode, CoreType sender, const BlockPeers& peers,
                     const FftsContext& context);

} // namespace syncsim
