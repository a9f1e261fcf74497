// The extents of GM that cores poll, and when writes land in them. A poll
// sees exactly the writes that landed by the moment it is served, so each
// extent keeps the landing times of the writes not yet settled: a write is
// logged when its L2 range takes it (its landing may lie ahead, behind other
// requests), and a poll the L2 serves lazily, after the fact, still sees only
// what had landed by its own start. One per device: a poll is served by the
// die that homes its first byte, and a write to the same extent may be served
// by another die. Kernel-free.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <systemc>
#include <vector>

namespace syncsim {

class PolledExtents {
  public:
    // Polls of [addr, addr + len) are watched from the first on; the same
    // start with a longer length widens the extent.
    void watch(std::uint64_t addr, std::uint64_t len);
    // A write of [addr, addr + len) that lands at `lands`: logged for every
    // watched extent it overlaps, and each listener told (a sleeper on one
    // of them may have to wake).
    void wrote(std::uint64_t addr, std::uint64_t len, const sc_core::sc_time& lands);
    // Writes to the extent starting at `addr` that landed by `at` (a write
    // landing at `at` is seen: it lands before a poll served then reads).
    std::uint64_t landed(std::uint64_t addr, const sc_core::sc_time& at) const;
    // Every write logged to it, landed or not.
    std::uint64_t logged(std::uint64_t addr) const;
    bool watched(std::uint64_t addr) const { return m_extents.count(addr) != 0; }

    // Writes landing by the horizon are folded into each extent's count:
    // no poll is served before it any more. The horizon is the earliest
    // moment any listener may still serve a poll at (see add_listener). The
    // L2s call it after each arbitration, so a poll's count is a lookup.
    void settle();
    // A die's L2: `changed` is called after a write to a watched extent is
    // logged; `earliest` gives the earliest moment it may still serve a poll.
    void add_listener(std::function<void()> changed, std::function<sc_core::sc_time()> earliest);
    std::size_t pending() const { return m_unsettled; }

  private:
    struct Extent {
        std::uint64_t len = 0;
        std::uint64_t settled = 0;           // writes folded in
        std::multiset<sc_core::sc_time> due; // landings of the others
    };
    std::map<std::uint64_t, Extent> m_extents; // by start
    std::uint64_t m_longest = 0;               // the longest extent: bounds the overlap search
    struct Listener {
        std::function<void()> changed;
        std::function<sc_core::sc_time()> earliest;
    };
    std::vector<Listener> m_listeners;
    std::size_t m_unsettled = 0; // writes logged and not yet folded, all extents
};

} // namespace syncsim
