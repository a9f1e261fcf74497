// Why a host check failed, without the host program asking (issue 28): the
// words the host read from device memory since its previous check, grouped
// by the write that last covered them (who, which operation, when), the
// stale reads the cores' caches served since then, and the link between
// them: a word a core wrote whose value is what that core's stale read had
// returned. Bounded: the first parts and reads, and counts. Kernel-free.
#pragma once

#include "models/memory/stale_reads.hpp"
#include "models/memory/write_provenance.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

// Bytes the host read whose last write was one write (none: never written).
struct ReadPart {
    std::uint64_t from = 0, to = 0;
    std::optional<WriteRecord> write;
    std::vector<std::uint8_t> head; // the first bytes the host got there (at most kHeadBytes)
    // The writer's stale read whose value the writer put here, and where.
    std::optional<StaleRead> from_stale;
    std::uint64_t stale_word = 0;
};

struct CheckExplanation {
    std::vector<ReadPart> parts; // those traced to a stale read first, then by address
    std::uint64_t parts_left_out = 0;
    std::vector<StaleRead> stale_reads; // since the previous check, as far as kept (JSON)
    std::uint64_t stale_count = 0;      // since the previous check
};

class CheckExplainer {
  public:
    static constexpr std::size_t kParts = 32;
    static constexpr std::size_t kHeadBytes = 64;
    static constexpr std::size_t kStaleReads = 16;

    void set_sources(const WriteProvenance* provenance, const StaleReads* stale) {
        m_provenance = provenance;
        m_stale = stale;
    }
    // The host read [addr, addr + bytes) and got `data`.
    void host_read(std::uint64_t addr, const std::uint8_t* data, std::uint64_t bytes);
    // A check was made: what a failed one is about (null when it passed, or
    // there is nothing to say); the next check starts afresh either way.
    std::shared_ptr<const CheckExplanation> checked(bool ok);

  private:
    void add_part(std::uint64_t from, std::uint64_t to, const WriteRecord* write,
                  const std::uint8_t* data);
    void link_to_stale_read(ReadPart& part) const;

    const WriteProvenance* m_provenance = nullptr;
    const StaleReads* m_stale = nullptr;
    std::vector<ReadPart> m_parts;
    std::uint64_t m_left_out = 0;
    std::uint64_t m_stale_mark = 0; // the first stale read after the previous check
};

// How an explanation reads: requester numbers and addresses as names.
struct ExplanationNames {
    std::function<std::string(int)> requester;       // "aiv3 (write buffer)"
    std::function<std::string(std::uint64_t)> where; // "seen+0x40"
};

// The explanation's lines for the summary, each without a trailing newline:
// the parts (at most `parts`), each with the stale read its value came from
// below it, then other stale reads since the check before (at most `reads`).
std::vector<std::string> explanation_lines(const CheckExplanation& e, const ExplanationNames& n,
                                           std::size_t parts, std::size_t reads);
// One stale read, as a sentence.
std::string describe_stale_read(const StaleRead& r, const ExplanationNames& n);

} // namespace syncsim
