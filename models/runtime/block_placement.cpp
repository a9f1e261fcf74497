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

} // namespace syncsim
