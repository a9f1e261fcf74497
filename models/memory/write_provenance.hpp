// Who wrote each byte of GM last, and how: the answer to "where did this
// wrong value come from" (issue 14 item 5). Kept as disjoint ranges, each
// with the write that covers it now, so memory grows with the ranges the
// run has written, not with time or with a write's size. Every write gets
// the next sequence number, so a reader can tell whether anything was
// written since it looked (a cached line's fill, issue 28). Kernel-free.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace syncsim {

struct WriteRecord {
    int requester = -1;        // the L2's requester number (core x 16 + slot); -1: the host
    const char* what = "";     // the operation: "st_dev", "dcci write-back", "DMA", "atomic", ...
    std::uint64_t time_ps = 0; // when it took effect
    std::uint64_t addr = 0;    // the whole write: a line write-back covers its 64 bytes
    std::uint64_t len = 0;
};

// A write and its place in the order of all writes (1 = the first).
struct SequencedWrite {
    WriteRecord write;
    std::uint64_t seq = 0;
};

class WriteProvenance {
  public:
    void record(const WriteRecord& write);
    // The write that last covered `addr`, if any did.
    std::optional<WriteRecord> last(std::uint64_t addr) const;
    // Of the writes that last covered some byte of [addr, addr + len), the
    // latest one.
    std::optional<SequencedWrite> newest(std::uint64_t addr, std::uint64_t len) const;
    // Calls f(from, to, write) for each part of [from, to) in address order,
    // with the write that last covered it (null: never written).
    template <typename F>
    void for_each(std::uint64_t from, std::uint64_t to, F f) const;
    // The sequence number of the last write recorded (0: none yet).
    std::uint64_t writes() const { return m_writes; }
    std::size_t ranges() const { return m_ranges.size(); }

  private:
    struct Range {
        std::uint64_t end;
        WriteRecord write;
        std::uint64_t seq;
    };
    std::map<std::uint64_t, Range> m_ranges; // by start; disjoint
    std::uint64_t m_writes = 0;
};

template <typename F>
void WriteProvenance::for_each(std::uint64_t from, std::uint64_t to, F f) const {
    auto it = m_ranges.upper_bound(from);
    if (it != m_ranges.begin() && std::prev(it)->second.end > from) --it;
    std::uint64_t at = from;
    for (; it != m_ranges.end() && it->first < to && at < to; ++it) {
        if (it->first > at) f(at, it->first, static_cast<const WriteRecord*>(nullptr));
        const std::uint64_t start = std::max(at, it->first);
        const std::uint64_t end = std::min(to, it->second.end);
        f(start, end, &it->second.write);
        at = end;
    }
    if (at < to) f(at, to, static_cast<const WriteRecord*>(nullptr));
}

} // namespace syncsim
