// Where an agent's posted writes landed since its last dsb, for the race
// detector to fence them there (race_detector.hpp): [from, to) ranges, a
// write next to or over the last one extending it. A kernel that never
// fences keeps at most kRanges; past that one range covers them all, so
// memory does not grow with the writes. Kernel-free.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace syncsim {

class UnfencedRanges {
  public:
    static constexpr std::size_t kRanges = 256;
    using Range = std::pair<std::uint64_t, std::uint64_t>;

    void add(std::uint64_t from, std::uint64_t to) {
        if (!m_ranges.empty() && m_ranges.back().second >= from && m_ranges.back().first <= to) {
            m_ranges.back().first = std::min(m_ranges.back().first, from);
            m_ranges.back().second = std::max(m_ranges.back().second, to);
            return;
        }
        m_ranges.emplace_back(from, to);
        if (m_ranges.size() <= kRanges) return;
        Range all = m_ranges.front();
        for (const Range& r : m_ranges)
            all = {std::min(all.first, r.first), std::max(all.second, r.second)};
        m_ranges.assign(1, all);
    }
    const std::vector<Range>& ranges() const { return m_ranges; }
    void clear() { m_ranges.clear(); }

  private:
    std::vector<Range> m_ranges;
};

} // namespace syncsim
