#include "models/ffts/sync_group.hpp"

namespace syncsim {

SyncGroup sync_group(int mode, CoreType sender, const BlockPeers& peers,
                     const FftsContext& context) {
    SyncGroup g;
    if (mode == 0) {
        const bool aic = sender == CoreType::AIC;
        g.group = aic ? 0 : 1;
        g.expected = aic ? context.aic_total : context.aiv_total;
    } else if (mode == 1) {
        if (peers.aivs.empty()) {
            g.why_none = "this block has no vector sub-cores";
            return g;
        }
        g.group = 2 + peers.aivs.front();
        g.expected = static_cast<std::int64_t>(peers.aivs.size());
    } else {
        if (peers.aic < 0) {
            g.why_none = "this block has no cube to reduce into";
            return g;
        }
        g.group = 2 + peers.aic;
        g.expected = static_cast<std::int64_t>(peers.aivs.size());
        g.reduce_into = peers.aic;
    }
    return g;
}

} // namespace syncsim
