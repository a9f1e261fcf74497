#include "models/memory/write_provenance.hpp"

#include <algorithm>

namespace syncsim {

void WriteProvenance::record(const WriteRecord& write) {
    if (write.len == 0) return;
    const std::uint64_t seq = ++m_writes;
    const std::uint64_t from = write.addr, to = write.addr + write.len;
    // A range that starts before `from` and reaches into the write keeps its
    // part before it (and after it, if it spans the whole write).
    auto it = m_ranges.lower_bound(from);
    if (it != m_ranges.begin()) {
        auto before = std::prev(it);
        if (before->second.end > from) {
            const Range tail = before->second;
            before->second.end = from;
            if (tail.end > to) m_ranges[to] = Range{tail.end, tail.write, tail.seq};
        }
    }
    // Ranges that start inside the write: covered, or cut to what follows it.
    it = m_ranges.lower_bound(from);
    while (it != m_ranges.end() && it->first < to) {
        if (it->second.end > to)
            m_ranges[to] = Range{it->second.end, it->second.write, it->second.seq};
        it = m_ranges.erase(it);
    }
    m_ranges[from] = Range{to, write, seq};
}

std::optional<WriteRecord> WriteProvenance::last(std::uint64_t addr) const {
    auto it = m_ranges.upper_bound(addr);
    if (it == m_ranges.begin()) return std::nullopt;
    --it;
    if (addr >= it->second.end) return std::nullopt;
    return it->second.write;
}

std::optional<SequencedWrite> WriteProvenance::newest(std::uint64_t addr, std::uint64_t len) const {
    std::optional<SequencedWrite> out;
    auto it = m_ranges.upper_bound(addr);
    if (it != m_ranges.begin() && std::prev(it)->second.end > addr) --it;
    for (; it != m_ranges.end() && it->first < addr + len; ++it)
        if (!out || it->second.seq > out->seq)
            out = SequencedWrite{it->second.write, it->second.seq};
    return out;
}

} // namespace syncsim
