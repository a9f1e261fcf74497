#include "models/memory/polled_extents.hpp"

#include <algorithm>

namespace syncsim {

void PolledExtents::watch(std::uint64_t addr, std::uint64_t len) {
    Extent& e = m_extents[addr];
    e.len = std::max(e.len, len);
    m_longest = std::max(m_longest, len);
}

void PolledExtents::wrote(std::uint64_t addr, std::uint64_t len, const sc_core::sc_time& lands) {
    if (m_extents.empty()) return;
    const std::uint64_t from = addr >= m_longest ? addr - m_longest + 1 : 0;
    bool any = false;
    for (auto it = m_extents.lower_bound(from); it != m_extents.end() && it->first < addr + len;
         ++it) {
        if (it->first + it->second.len <= addr) continue;
        it->second.due.insert(lands);
        ++m_unsettled;
        any = true;
    }
    if (!any) return;
    for (const Listener& l : m_listeners) l.changed();
}

std::uint64_t PolledExtents::landed(std::uint64_t addr, const sc_core::sc_time& at) const {
    const auto it = m_extents.find(addr);
    if (it == m_extents.end()) return 0;
    const Extent& e = it->second;
    if (e.due.empty()) return e.settled;
    return e.settled +
           static_cast<std::uint64_t>(std::distance(e.due.begin(), e.due.upper_bound(at)));
}

std::uint64_t PolledExtents::logged(std::uint64_t addr) const {
    const auto it = m_extents.find(addr);
    return it == m_extents.end() ? 0 : it->second.settled + it->second.due.size();
}

void PolledExtents::settle() {
    if (m_unsettled == 0) return;
    // Each listener's earliest includes the present (a real poll is served
    // now or later).
    sc_core::sc_time horizon = sc_core::sc_max_time();
    for (const Listener& l : m_listeners) horizon = std::min(horizon, l.earliest());
    for (auto& [addr, e] : m_extents) {
        // A write landing at the horizon is seen by a poll served then
        // (landed), so it folds too.
        const auto end = e.due.upper_bound(horizon);
        const auto folded = static_cast<std::uint64_t>(std::distance(e.due.begin(), end));
        e.settled += folded;
        m_unsettled -= folded;
        e.due.erase(e.due.begin(), end);
    }
}

void PolledExtents::add_listener(std::function<void()> changed,
                                 std::function<sc_core::sc_time()> earliest) {
    m_listeners.push_back({std::move(changed), std::move(earliest)});
}

} // namespace syncsim
