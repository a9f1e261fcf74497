// What a core's scalar cache tells a diagnosis (issue 28): a load served by a
// line that GM has moved past. The line was filled before another agent's
// write to the same bytes landed, and nothing since (no invalidating dcci,
// no eviction) made the core read GM again: the load returns the old bytes.
#include "models/core/gm_access_path.hpp"

#include "models/memory/extensions.hpp"

#include <cstring>

namespace syncsim {

namespace {

std::int64_t signed_value(const void* raw, unsigned bytes) {
    std::int64_t v = 0;
    std::memcpy(&v, raw, bytes);
    const unsigned shift = 64 - 8 * bytes;
    return bytes >= 8 ? v
                      : static_cast<std::int64_t>(static_cast<std::uint64_t>(v) << shift) >> shift;
}

} // namespace

void GmAccessPath::note_store(CacheLine& line, GmAddr addr, unsigned bytes) {
    line.mark_stored(addr - line.base, bytes);
}

void GmAccessPath::check_stale(const CacheLine& line, GmAddr addr, const void* got,
                               unsigned bytes) {
    const WriteProvenance& provenance = *m_diagnosis.provenance;
    // Nothing written anywhere since the fill: the common case, one compare.
    if (provenance.writes() == line.filled_after_write) return;
    const auto newest = provenance.newest(addr, bytes);
    if (!newest || newest->seq <= line.filled_after_write) return;
    const WriteRecord& w = newest->write;
    if (w.requester >= 0 && w.requester / kRequestersPerLink == m_config.soc_core_id) return;
    if (line.stored(addr - line.base, bytes, false)) return; // its own store: what it must see
    std::uint8_t memory[8] = {};
    m_diagnosis.gm->read(addr, memory, bytes);
    // A whole-line write-back rewrites bytes it did not change: only a
    // different value makes the line stale for this load.
    if (std::memcmp(memory, got, bytes) == 0) return;
    StaleRead r;
    r.core = m_config.soc_core_id;
    r.addr = addr;
    r.bytes = bytes;
    r.value = signed_value(got, bytes);
    r.memory_value = signed_value(memory, bytes);
    r.time_ps = to_ps(m_time.now());
    r.line = line.base;
    r.filled_ps = line.filled_ps;
    r.cleaned_ps = line.cleaned_ps > w.time_ps ? line.cleaned_ps : 0;
    r.missed = w;
    m_diagnosis.stale_reads->record(r);
}

void GmAccessPath::race_load(CacheLine& line, GmAddr addr, unsigned bytes, const char* site) {
    if (m_races.in_poll) return; // a poll's read synchronises (the core acquires at its end)
    RaceDetector& d = *m_races.detector;
    // The words of the line checked at the core's current clock: nothing was
    // learned or published since, so checking them again finds nothing new.
    const std::uint64_t first = (addr - line.base) / 4, last = (addr + bytes - 1 - line.base) / 4;
    const bool small = line.bytes.size() <= 256;
    std::uint64_t mask = 0;
    if (small) {
        for (std::uint64_t w = first; w <= last; ++w) mask |= std::uint64_t{1} << w;
        if (line.race_clock != d.own(m_races.agent)) {
            line.race_clock = d.own(m_races.agent);
            line.race_words = 0;
        } else if ((line.race_words & mask) == mask) {
            return;
        }
    }
    // Its own store, still in the line: the load reads no GM.
    if (line.stored(addr - line.base, bytes, true)) return;
    static const VectorClock nothing;
    const VectorClock* knew = line.filled_knowing ? line.filled_knowing.get() : &nothing;
    d.read(m_races.agent, addr, bytes, "ld", site, to_ps(m_time.now()), knew, m_filled);
    line.race_words |= mask;
}

} // namespace syncsim
