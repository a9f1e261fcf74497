#include "models/races/race_pairs.hpp"

#include <algorithm>
#include <tuple>

namespace syncsim {

namespace {

// The order pairs are kept and listed in: by when the later access was
// made, then the earlier, then where and who. Not the order the model saw
// them: accesses at one instant are seen in the order processes run, which
// spinning and fast-forwarded polls change.
bool earlier(const RacePair& a, const RacePair& b) {
    return std::tie(a.second.time_ps, a.first.time_ps, a.addr, a.second.agent, a.first.agent) <
           std::tie(b.second.time_ps, b.first.time_ps, b.addr, b.second.agent, b.first.agent);
}

} // namespace

void RacePairs::add(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
                    std::uint32_t now, std::uint64_t from, std::uint64_t to) {
    // One access and one earlier access make one pair, over all the words they share.
    for (RacePair& p : m_pairs)
        if (p.first == first && p.second == second) {
            const std::uint64_t end = std::max(p.addr + p.bytes, to);
            p.addr = std::min(p.addr, from);
            p.bytes = end - p.addr;
            return;
        }
    for (const RaceAccess& seen : m_this_access)
        if (seen == first) return; // counted; not among the kept
    ++m_count;
    m_this_access.push_back(first);
    const RaceWhy why = now >= first.clock && knew < first.clock ? RaceWhy::StaleLine
                        : now > 0                                ? RaceWhy::AfterRelease
                                                                 : RaceWhy::Unsynchronised;
    const RacePair pair{from, to - from, first, second, why};
    if (m_pairs.size() == kKept && !earlier(pair, m_pairs.back())) return;
    m_pairs.insert(std::upper_bound(m_pairs.begin(), m_pairs.end(), pair, earlier), pair);
    if (m_pairs.size() > kKept) m_pairs.pop_back();
}

} // namespace syncsim
