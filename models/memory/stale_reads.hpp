// Stale reads as the model sees them happen (issue 28): a scalar load served
// by a core's cached line while GM already held a newer write to those
// bytes, by another agent than the reader, than the one the line was filled
// with. Only a non-coherent cache can do this, and a device cannot tell:
// the simulator keeps the first reads in full, each core's latest few (to
// trace where a wrong value a core wrote came from) and a count, so memory
// does not grow with the run. Kernel-free.
#pragma once

#include "models/memory/write_provenance.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace syncsim {

struct StaleRead {
    int core = -1;                 // the reader's SoC id
    std::uint64_t addr = 0;        // the load
    unsigned bytes = 0;            // 1, 2, 4 or 8
    std::int64_t value = 0;        // what it returned (sign-extended from `bytes`)
    std::int64_t memory_value = 0; // what GM held at that moment
    std::uint64_t time_ps = 0;     // at the reader's own time
    std::uint64_t line = 0;        // the cached line that served it
    std::uint64_t filled_ps = 0;   // when that line was filled from GM
    std::uint64_t cleaned_ps = 0;  // a clean-only dcci of the line since the missed write; 0: none
    WriteRecord missed;            // the newest write to those bytes the line did not see
    std::uint64_t index = 0;       // among the run's stale reads, from 0
};

class StaleReads {
  public:
    static constexpr std::size_t kFirst = 64;  // kept in full, in order
    static constexpr std::size_t kPerCore = 8; // each core's latest, for tracing a value back

    // Numbers it (`index`) and keeps it as far as the bounds allow.
    void record(StaleRead read);
    std::uint64_t count() const { return m_count; }
    const std::vector<StaleRead>& first() const { return m_first; }
    // Every read it still holds numbered `from` or later, in order.
    std::vector<const StaleRead*> kept_since(std::uint64_t from) const;
    // The latest stale read of `core` before `before_ps` whose value `matches`
    // (a predicate on the read), among the first and the core's latest.
    template <typename Match>
    const StaleRead* latest_of(int core, std::uint64_t before_ps, Match matches) const;

  private:
    std::uint64_t m_count = 0;
    std::vector<StaleRead> m_first;
    std::map<int, std::deque<StaleRead>> m_latest; // by core, oldest first
};

template <typename Match>
const StaleRead* StaleReads::latest_of(int core, std::uint64_t before_ps, Match matches) const {
    const StaleRead* best = nullptr;
    auto consider = [&](const StaleRead& r) {
        if (r.core == core && r.time_ps <= before_ps && matches(r) &&
            (!best || r.index > best->index))
            best = &r;
    };
    for (const StaleRead& r : m_first) consider(r);
    auto it = m_latest.find(core);
    if (it != m_latest.end())
        for (const StaleRead& r : it->second) consider(r);
    return best;
}

} // namespace syncsim
