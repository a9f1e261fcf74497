#include "models/runtime/block_placement.hpp"

namespace syncsim {

std::optional<Placement> place_block(int aic_per_block, int aiv_per_block,
                                     const std::vector<bool>& aic_taken,
                                     const std::vector<bool>& aiv_taken) {
    if (aic_per_block == 0) {
        for (std::size_t i = 0; i < aiv_taken.size(); ++i)
            if (!aiv_taken[i]) return Placement{-1, {static_cast<int>(i)}};
        return std::nullopt;
    }
    const std::size_t ratio = aic_taken.empty() ? 1 : aiv_taken.size() / aic_taken.size();
    for (std::size_t k = 0; k < aic_taken.size(); ++k) {
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

bool all_blocks_fit(int aic_per_block, int aiv_per_block, std::int64_t blocks,
                    std::vector<bool> aic_taken, std::vector<bool> aiv_taken) {
    for (std::int64_t b = 0; b < blocks; ++b) {
        const auto p = place_block(aic_per_block, aiv_per_block, aic_taken, aiv_taken);
        if (!p) return false;
        if (p->aic >= 0) aic_taken[static_cast<std::size_t>(p->aic)] = true;
        for (int v : p->aivs) aiv_taken[static_cast<std::size_t>(v)] = true;
    }
    return true;
}

} // namespace syncsim
