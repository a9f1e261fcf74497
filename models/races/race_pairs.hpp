// The pairs the race detector found (race_detector.hpp): each access as a
// report names it, why nothing ordered the pair, and which are kept: all
// counted, the earliest 64 kept (by the later access's time, then the
// earlier's), one access and one earlier access one pair over all the words
// they share. Memory does not grow with the pairs found. Kernel-free.
#pragma once

#include <cstdint>
#include <vector>

namespace syncsim {

// One access as a race names it.
struct RaceAccess {
    int agent = -1;             // -1: none
    std::uint32_t clock = 0;    // the agent's own counter at it
    const char* op = "";        // "ld", "dcci write-back of a scalar-cache line", ...
    const char* site = nullptr; // "file:line" (the instrumented path), or null
    std::uint64_t time_ps = 0;
    bool write = false;
    bool atomic = false; // a synchronising access: an atomic, ld_dev, st_dev or a poll's read
    bool whole = false;  // a core's write that landed at GM whole (a poll may wait for it)
    bool poll = false;   // a poll's read: it waits for a core's write, so it does not race with it
    bool posted = false; // a core's posted scalar write: only a dsb orders it before a release
    bool operator==(const RaceAccess& o) const {
        return agent == o.agent && clock == o.clock && op == o.op && site == o.site &&
               time_ps == o.time_ps && write == o.write && atomic == o.atomic && poll == o.poll;
    }
};

// Two accesses to [addr, addr + bytes) that no synchronisation orders.
// Why nothing ordered them, as the later access's agent stood: it never
// synchronised with the other; it did, but not past this access (a write
// that landed after the release it saw: a missing dsb); or it did, and only
// its cached line was older than that (filled before, no dcci since).
enum class RaceWhy { Unsynchronised, AfterRelease, StaleLine };

struct RacePair {
    std::uint64_t addr = 0, bytes = 0;
    RaceAccess first, second; // first: the one the model saw first
    RaceWhy why = RaceWhy::Unsynchronised;
};

class RacePairs {
  public:
    static constexpr std::size_t kKept = 64;

    // A new access is checked: the earlier accesses it raced with start anew.
    void new_access() { m_this_access.clear(); }
    // `first` then `second` race over [from, to); `knew`: what the check held
    // of the first's agent (a cached load's: at its line's fill); `now`:
    // what the second's agent knew of it when the pair was found.
    void add(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
             std::uint32_t now, std::uint64_t from, std::uint64_t to);
    std::uint64_t count() const { return m_count; }
    const std::vector<RacePair>& pairs() const { return m_pairs; }

  private:
    std::vector<RacePair> m_pairs; // the earliest kKept, in order
    std::uint64_t m_count = 0;
    // The earlier accesses the current access raced with so far.
    std::vector<RaceAccess> m_this_access;
};

} // namespace syncsim
