#include "models/runtime/block_placement.hpp"

#include <algorithm>

namespace syncsim {

std::optional<Placement> place_block(int aic_per_block, int aiv_per_block,
                                     const std::vector<bool>& aic_taken,
                                     const std::vector<bool>& aiv_taken, ClusterWindow window) {
    const std::size_t clusters = aic_taken.size();
    const std::size_t ratio = clusters == 0 ? 1 : aiv_taken.size() / clusters;
    const std::size_t first = static_cast<std::size_t>(std::max(0, window.first));
    const std::size_t end = std::min(clusters, static_cast<std::size_t>(std::max(0, window.end)));
    if (aic_per_block == 0) {
        for (std::size_t i = first * ratio; i < end * ratio && i < aiv_taken.size(); ++i)
            if (!aiv_taken[i]) return Placement{-1, {static_cast<int>(i)}};
        return std::nullopt;
    }
    for (std::size_t k = first; k < end; ++k) {
        if (aic_taken[k]) continue;
        Placement p{static_cast<int>(k), {}};
        for (int s = 0; s < aiv_per_block; ++s) {
            const std::size_t v = k * ratio + static_cast<std::size_t>(s);
            if (v >= aiv_taken.size() || aiv_taken[v]) break;
            p.aivs.push_back(static_cast<int>(v));
        }
        if (static_cast<int>(p.aivs.size()) == aiv_per_block) return p;
    }
    return std::nullopt;
}

DieGroups DieGroups::of(std::int64_t blocks, int dies, bool die_friendly) {
    DieGroups g;
    if (die_friendly && dies > 1 && blocks > 1) g.group_dim = 2;
    g.group_block_dim = (blocks + g.group_dim - 1) / g.group_dim;
    if (g.group_block_dim < 1) g.group_block_dim = 1;
    return g;
}

ClusterWindow DieGroups::window(int g, int dies, int clusters_per_die) const {
    const int first_die = g * dies / group_dim, end_die = (g + 1) * dies / group_dim;
    return {first_die * clusters_per_die, end_die * clusters_per_die};
}

bool all_blocks_fit(int aic_per_block, int aiv_per_block, std::int64_t blocks,
                    const DieGroups& groups, int dies, int clusters_per_die,
                    std::vector<bool> aic_taken, std::vector<bool> aiv_taken) {
    for (std::int64_t b = 0; b < blocks; ++b) {
        const auto p = place_block(aic_per_block, aiv_per_block, aic_taken, aiv_taken,
                                   groups.window(groups.group_of(b), dies, clusters_per_die));
        if (!p) return false;
        if (p->aic >= 0) aic_taken[static_cast<std::size_t>(p->aic)] = true;
        for (int v : p->aivs) aiv_taken[static_cast<std::size_t>(v)] = true;
    }
    return true;
}

} // namespace syncsim
