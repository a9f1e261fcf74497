// The per-core scalar data cache as a plain policy object: write-back,
// write-allocate, not coherent with anything. It holds whole lines and writes
// them back whole, which is what makes a stale dirty line clobber a
// neighbour's newer bytes. Timing and bus traffic live in the core; this class
// only decides what is in the cache and what must be written back.
#pragma once

#include "models/memory/lru_index.hpp"
#include "models/races/vector_clock.hpp"
#include "syncsim/core_types.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace syncsim {

struct CacheLine {
    std::uint64_t base = 0;
    bool dirty = false;
    std::vector<std::uint8_t> bytes;
    // What a diagnosis asks of a line (issue 28): when it was filled from
    // GM, how many GM writes there had been before (a later one may be newer
    // than the line), the last clean-only dcci that kept it, and which of
    // its bytes the core stored since it was last clean (a load of those
    // returns the core's own store, never a stale one). Set by the core.
    std::uint64_t filled_ps = 0;
    std::uint64_t filled_after_write = 0;
    std::uint64_t cleaned_ps = 0;
    // Which 4-byte words the core stored: a mask for lines of up to 64
    // words (the usual 64 bytes), a vector for longer ones.
    void mark_stored(std::uint64_t offset, unsigned bytes);
    // Whether the core stored every word (`all`) or any word of these bytes.
    bool stored(std::uint64_t offset, unsigned bytes, bool all) const;
    void clear_stored() {
        stored_mask = 0;
        stored_words.clear();
    }
    std::uint64_t stored_mask = 0;
    std::vector<bool> stored_words;
    // The race detector's (race_detector.hpp): what the core knew of the
    // others when the line was filled (a load it serves is ordered after a
    // write only if that knowledge covers the write), the source line of
    // the last store (named when a write-back races), and the words it
    // checked at the core's current clock (a load of those checks nothing new).
    SharedClock filled_knowing;
    const char* store_site = nullptr;
    std::uint32_t race_clock = 0;
    std::uint64_t race_words = 0;
};

class ScalarCache {
  public:
    ScalarCache(std::uint32_t line_bytes, std::size_t capacity_lines);

    std::uint32_t line_bytes() const { return m_line_bytes; }
    std::uint64_t line_of(std::uint64_t addr) const {
        return addr & ~std::uint64_t(m_line_bytes - 1);
    }

    // A hit marks the line most recently used.
    CacheLine* lookup(std::uint64_t base);
    // Installs a line fetched from memory; returns the displaced line when it
    // was dirty (the caller must write it back).
    std::optional<CacheLine> install(std::uint64_t base, const std::uint8_t* data);
    // Returns the dirty copy to write back, if any, per the mode; a line a
    // clean-only dcci keeps records `at_ps` as its last clean.
    std::optional<CacheLine> maintain(std::uint64_t base, DcciMode mode, std::uint64_t at_ps = 0);
    // The same for every line, in address order.
    std::vector<CacheLine> maintain_all(DcciMode mode, std::uint64_t at_ps = 0);

    std::size_t resident_lines() const { return m_lines.size(); }
    std::size_t dirty_lines() const;

  private:
    std::uint32_t m_line_bytes;
    LruIndex m_lru;
    std::map<std::uint64_t, CacheLine> m_lines;
};

} // namespace syncsim
