// Who should set the flag a core waits on, and who did: the hub's side of
// naming the culprit, from the same aggregations that count the arrivals.
#include "models/ffts/ffts_hub.hpp"

#include <algorithm>

namespace syncsim {

WaitTarget wait_target(const FftsHub& hub, const FftsSender& waiter, FlagSpace space, int id) {
    WaitTarget t;
    t.object = (space == FlagSpace::Ffts ? "flag " : "intra-block flag ") + std::to_string(id);
    if (space == FlagSpace::IntraBlock) {
        // Set by the block's other side: the cube for a vector, the vectors for the cube.
        if (waiter.type == CoreType::AIV) {
            if (waiter.peers->aic >= 0) t.expected.push_back(waiter.peers->aic);
        } else {
            t.expected = waiter.peers->aivs;
        }
        t.arrivals_known = true;
        t.need = 1;
        t.detail = "set_intra_block from the block's other side";
        if (t.expected.empty()) t.nobody_can = "the block has no core of the other type";
        return t;
    }
    if (!waiter.context) {
        t.nobody_can = "the launch owns no FFTS context, so no message sets flag " +
                       std::to_string(id) + " (a kernel meta or a Mix build gives it one)";
        return t;
    }
    // The first aggregation of this flag the waiter belongs to (one per
    // group and flag is pending at a time in the cases modelled).
    for (const auto& [key, agg] : hub.m_aggregations) {
        const auto& [launch, mode, group, flag] = key;
        if (launch != waiter.launch_id || flag != id) continue;
        const bool mine =
            std::find(agg.arrivers.begin(), agg.arrivers.end(), waiter.core) != agg.arrivers.end();
        const SyncGroup own = sync_group(mode, waiter.type, *waiter.peers, *waiter.context);
        if (!mine && (!own.why_none.empty() || group != own.group)) continue;
        t.need = own.expected;
        t.arrived = agg.arrivers;
        t.arrivals_known = true;
        if (mode == 0)
            t.among_type = group == 0 ? CoreType::AIC : CoreType::AIV;
        else // a group of vectors (mode 1: the cluster's; the mode-2 reduce: the block's)
            t.expected = waiter.peers->aivs;
        t.detail =
            "FFTS mode-" + std::to_string(mode) + " sync on flag " + std::to_string(flag) +
            (mode == 0 ? std::string(group == 0 ? " among AIC" : " among AIV") : std::string()) +
            ": " + std::to_string(agg.count) + " of " + std::to_string(own.expected) + " arrived";
        return t;
    }
    // No message is pending: judged by who has come as far as the waiter,
    // among both types when the block has both (a Mix barrier's flag is set
    // by the other side), else among the waiter's own type.
    t.among_type = waiter.type;
    t.among_both_types = waiter.peers->aic >= 0 && !waiter.peers->aivs.empty();
    t.detail = "no pending message for flag " + std::to_string(id) + " in this launch";
    return t;
}

} // namespace syncsim
