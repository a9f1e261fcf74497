// The per-core scalar data cache as a plain policy object: write-back,
// write-allocate, not coherent with anything. It holds whole lines and writes
// them back whole, which is what makes a stale dirty line clobber a
// neighbour's newer bytes. Timing and bus traffic live in the core; this class
// only decides what is in the cache and what must be written back.
#pragma once

#include "models/memory/lru_index.hpp"
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
    // Returns the dirty copy to write back, if any, per the mode.
    std::optional<CacheLine> maintain(std::uint64_t base, DcciMode mode);
    // The same for every line, in address order.
    std::vector<CacheLine> maintain_all(DcciMode mode);

    std::size_t resident_lines() const { return m_lines.size(); }
    std::size_t dirty_lines() const;

  private:
    std::uint32_t m_line_bytes;
    LruIndex m_lru;
    std::map<std::uint64_t, CacheLine> m_lines;
};

} // namespace syncsim
