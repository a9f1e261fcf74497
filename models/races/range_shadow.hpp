// Shadow state over address ranges: disjoint segments, each with one state,
// split where an access starts or ends inside one and merged again when an
// access leaves neighbours equal. A DMA of kilobytes by one core stays one
// segment, so memory grows with the distinct pieces of GM accessed, not
// with bytes or time. Kernel-free; State is copyable and has ==.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>

namespace syncsim {

template <typename State>
class RangeShadow {
  public:
    // Calls f(from, to, state) for each segment of [from, to), making the
    // parts nobody touched yet (with a default State; `fresh` counts their
    // bytes) and merging equal neighbours afterwards.
    template <typename F>
    void visit(std::uint64_t from, std::uint64_t to, F f);
    std::uint64_t bytes() const { return m_bytes; }
    std::size_t segments() const { return m_segments.size(); }
    void clear() {
        m_segments.clear();
        m_bytes = 0;
    }
    // The state at `addr`, if any access reached it.
    const State* at(std::uint64_t addr) const {
        auto it = m_segments.upper_bound(addr);
        if (it == m_segments.begin()) return nullptr;
        --it;
        return addr < it->second.end ? &it->second.state : nullptr;
    }

  private:
    struct Segment {
        std::uint64_t end;
        State state;
    };
    using Map = std::map<std::uint64_t, Segment>;
    // A segment starts at `at` (splitting the one around it).
    void split_at(std::uint64_t at) {
        auto it = m_segments.upper_bound(at);
        if (it == m_segments.begin()) return;
        --it;
        if (it->first < at && at < it->second.end) {
            Segment tail{it->second.end, it->second.state};
            it->second.end = at;
            m_segments.emplace(at, std::move(tail));
        }
    }
    Map m_segments;
    std::uint64_t m_bytes = 0;
};

template <typename State>
template <typename F>
void RangeShadow<State>::visit(std::uint64_t from, std::uint64_t to, F f) {
    if (from >= to) return;
    split_at(from);
    split_at(to);
    std::uint64_t at = from;
    auto it = m_segments.lower_bound(from);
    while (at < to) {
        if (it == m_segments.end() || it->first > at) { // a gap: nobody touched it yet
            const std::uint64_t end = it == m_segments.end() ? to : std::min(to, it->first);
            it = m_segments.emplace_hint(it, at, Segment{end, State{}});
            m_bytes += end - at;
        }
        f(it->first, it->second.end, it->second.state);
        at = it->second.end;
        ++it;
    }
    // Merge equal neighbours from the one before `from` to the one at `to`.
    auto first = m_segments.lower_bound(from);
    if (first != m_segments.begin()) --first;
    for (auto cur = first; cur != m_segments.end() && cur->first <= to;) {
        auto next = std::next(cur);
        if (next == m_segments.end() || next->first > to) break;
        if (cur->second.end == next->first && cur->second.state == next->second.state) {
            cur->second.end = next->second.end;
            m_segments.erase(next);
        } else {
            cur = next;
        }
    }
}

} // namespace syncsim
