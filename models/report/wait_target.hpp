// What a waiting core waits for, as the culprit analysis reads it: shared by
// the agents that own what is waited on (the FFTS hub) and the cores.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace syncsim {

// Who should signal what a waiting core waits on, for naming the cores that
// did not (the culprit): filled by the agent that owns the object (the FFTS
// hub knows a barrier's arrivals), or, for a poll on a GM word, left to the
// cores' barrier rounds (whoever has not marked the waiter's round).
struct WaitTarget {
    std::string object;          // as a grouped line names it: "flag 14", "GM 0x1000"
    std::string detail;          // "FFTS mode-0 sync among AIV: 17 of 18 arrived"
    std::vector<int> expected;   // SoC core ids that should signal it; empty: `among`
    std::vector<int> arrived;    // of those, the ones that did
    bool arrivals_known = false; // false: judged by the cores' rounds
    // Every core of `among_type` (or of both types) in the waiter's launch.
    bool among_both_types = false;
    CoreType among_type = CoreType::AIV;
    std::int64_t need = 0;  // signals that complete it; more than the cores found: undispatched
    std::string nobody_can; // why no participant can ever signal it (no FFTS context)
    // Only cores that called a soft barrier take part (a poll on its word).
    bool barrier_callers_only = false;
};

} // namespace syncsim
