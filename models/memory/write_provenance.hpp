// Who wrote each byte of GM last, and how: the answer to "where did this
// wrong value come from" (issue 14 item 5). Kept as disjoint ranges, each
// with the write that covers it now, so memory grows with the ranges the
// run has written, not with time or with a write's size. Kernel-free.
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

class WriteProvenance {
  public:
    void record(const WriteRecord& write);
    // The write that last covered `addr`, if any did.
    std::optional<WriteRecord> last(std::uint64_t addr) const;
    std::size_t ranges() const { return m_ranges.size(); }

  private:
    struct Range {
        std::uint64_t end;
        WriteRecord write;
    };
    std::map<std::uint64_t, Range> m_ranges; // by start; disjoint
};

} // namespace syncsim
