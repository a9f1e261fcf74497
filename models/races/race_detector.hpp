// A happens-before race detector over the modelled GM accesses (issue 28
// item 4, issue 40): it reports every pair of conflicting accesses (at least
// one a write) to a GM word by different agents that no synchronisation
// orders, whatever values this run's timing produced. Agents are the cores,
// the host and the AICPU; each has a vector clock (vector_clock.hpp). Edges:
// an FFTS message's sender to the cores its flag set releases, an atomic (a
// release and, when it returns a value, an acquire) and a synchronising read
// (a poll, ld_dev, a hand-written loop's re-read: an acquire of what the
// write it read published), stream order (the host's submission, a launch's
// start, its blocks' ends, a synchronize), CntNotify, notify and event
// records to their waits, and MMIO registers.
//
// Order follows the program, not the landing time: a core's posted scalar
// write (a write-back, st_dev) is ordered before its later releases only
// once a dsb came between (fence()), whatever order writes happen to land
// in; until then it is "unfenced" and no release covers it. A cached load is
// checked with what the reader knew when its line was filled. A synchronising
// read does not race with a core's write (that is how cores hand over a
// flag: a line lands at GM whole), only with the host's. Memory grows with
// agents and the pieces of GM accessed (RangeShadow), not with time; clocks
// are shared, so a barrier round costs O(1) per core. Kernel-free.
#pragma once

#include "models/races/hand_written_polls.hpp"
#include "models/races/race_clocks.hpp"
#include "models/races/race_mode.hpp"
#include "models/races/race_pairs.hpp"
#include "models/races/range_shadow.hpp"
#include "models/races/unfenced_ranges.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace syncsim {

// A launch in stream order: its blocks start knowing `start` (what its
// stream knew when the launch reached its head) and each joins what it
// knew at its end into `end`, which the stream knows once the launch is done.
struct LaunchOrder {
    SharedClock start;
    VectorClock end;
};

// What the detector keeps per word (4 aligned bytes) of GM.
struct RaceWord {
    RaceAccess write;              // the last write, if any since tracking began
    Release released;              // what a poll that sees a plain write acquires
    SharedClock atomics;           // after an atomic: every atomic's release joined
    std::vector<RaceAccess> reads; // each agent's last plain read since the write
    // Neighbours merge when equal: reads of a run of words by one agent at
    // one clock count as the run's first (its time and line), so a scalar
    // loop over a buffer costs segments per run, not per word.
    bool operator==(const RaceWord& o) const {
        const auto same_read = [](const RaceAccess& a, const RaceAccess& b) {
            return a.agent == b.agent && a.clock == b.clock && a.op == b.op &&
                   a.atomic == b.atomic && a.poll == b.poll;
        };
        return write == o.write && released == o.released && atomics == o.atomics &&
               std::equal(reads.begin(), reads.end(), o.reads.begin(), o.reads.end(), same_read);
    }
};

class RaceDetector : public RaceClocks, public GmWriteObserver {
  public:
    static constexpr std::size_t kPairs = RacePairs::kKept;
    // Auto: checked while agents that accessed GM x GM words accessed stay
    // at most this (2^24: e.g. 72 cores and 233,000 words, 0.9 MB of GM):
    // past it the shadow state could take hundreds of MB.
    static constexpr std::uint64_t kAutoLimit = 1ull << 24;
    // The clock of a posted write no dsb has fenced yet: no release covers it.
    static constexpr std::uint32_t kUnfenced = UINT32_MAX;
    RaceDetector(std::vector<std::string> agent_names, RaceMode mode);

    RaceMode mode() const { return m_mode; }
    // Why it stopped checking (auto mode, past the limit); empty while active.
    const std::string& stopped() const { return m_stopped; }
    const std::string& agent_name(int agent) const;
    // How a report names an address ("seen+0x40"); unset: in hex.
    void set_address_names(std::function<std::string(std::uint64_t)> where) {
        m_where = std::move(where);
    }
    std::string where(std::uint64_t addr) const;

    // --- accesses; addresses in bytes, checked per word
    // A plain read; a cached load passes what its reader knew at the fill,
    // and `fresh` when it read GM (its line was filled for it): a load that
    // reads a word its agent just read fresh is a hand-written poll loop's
    // (hand_written_polls.hpp) and synchronises instead.
    void read(int agent, std::uint64_t addr, std::uint64_t len, const char* op, const char* site,
              std::uint64_t time_ps, const VectorClock* knew = nullptr, bool fresh = false);
    void write(int agent, std::uint64_t addr, std::uint64_t len, const char* op, const char* site,
               std::uint64_t time_ps);
    // A write issued earlier than it lands (a DMA copy): it counts as made
    // at `issued` (the writer's release then), so what the writer's pipe
    // does after it (the FFTS message it triggers) covers it.
    // A read issued earlier than it is made (a DMA copy from GM): it counts
    // as made at `issued`, so the message its pipe sends after it covers it.
    void read_as(const Release& issued, std::uint64_t addr, std::uint64_t len, const char* op,
                 const char* site, std::uint64_t time_ps);
    void write_as(const Release& issued, std::uint64_t addr, std::uint64_t len, const char* op,
                  const char* site, std::uint64_t time_ps);
    // An atomic read-modify-write as it takes effect: a release into the
    // words (every atomic on them so far joined); one that returns the old
    // value acquires too, when it returns (observed()).
    void atomic(int agent, std::uint64_t addr, std::uint64_t len, const char* op, const char* site,
                std::uint64_t time_ps);
    // A read of GM's coherent value (ld_dev): like an atomic load it does
    // not race with atomics and st_dev, and it acquires what the write it
    // reads published; a spin on ld_dev is a poll.
    void atomic_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps);
    // A poll's read that saw its target (the AICPU's poll): it acquires what
    // the words' writes published and races with no core's write.
    void polled(int agent, std::uint64_t addr, std::uint64_t len, const char* op, const char* site,
                std::uint64_t time_ps);
    // A poll saw its target in these words: it acquires what their writes published.
    void observed(int agent, std::uint64_t addr, std::uint64_t len);
    // An atomic returned the words' value: it acquires what the atomics so
    // far released, as they are now (acquire_later: no copy per arriver).
    void returned(int agent, std::uint64_t addr, std::uint64_t len);
    // The agent's dsb returned: the posted writes it made so far are ordered
    // before its later releases.
    void fence(int agent);

    // GmWriteObserver: an L2 applied a core's write (an atomic's release part).
    void gm_written(int agent, std::uint64_t addr, std::uint64_t len, const char* what,
                    const RaceTag* tag, bool atomic, std::uint64_t time_ps) override;

    // --- what it found (pairs a poll loop may still explain are settled first)
    std::uint64_t count() const {
        settle();
        return m_found.count();
    }
    // The earliest pairs (by the later access's time, then the earlier's).
    const std::vector<RacePair>& pairs() const {
        settle();
        return m_found.pairs();
    }
    std::uint64_t words() const { return m_shadow.bytes() / 4; }
    int agents_seen() const { return m_agents_seen; }

  private:
    // A pair against a read that may be a hand-written poll's: reported
    // unless the reader's next access reads the word again.
    struct HeldPair {
        RaceAccess first, second;
        std::uint32_t knew, now; // what the check held; what the second's agent knew then
        std::uint64_t from, to;
    };
    struct Agent {
        std::string name;
        bool seen = false;
        UnfencedRanges unfenced; // its posted writes landed since its last dsb
        std::vector<HeldPair> held;
    };
    void begin_access(int agent);
    void end_access();
    void check_write(const VectorClock* knows, const RaceAccess& now, const RaceWord& w,
                     std::uint64_t from, std::uint64_t to);
    enum class ReadKind { Plain, Device, Poll }; // a load, ld_dev, a poll's read
    void read_access(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps, const VectorClock* knew,
                     ReadKind kind, const Release* as = nullptr);
    // A scalar read of GM as the agent's loop made it: a first read, or a poll's.
    void scalar_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps, const VectorClock* knew, bool fresh,
                     ReadKind first);
    // An atomic as made at `as` (the writer's release when it was issued).
    void atomic_as(const Release& as, std::uint64_t addr, std::uint64_t len, const char* op,
                   const char* site, std::uint64_t time_ps);
    // `whole`: a core's write landing at GM; `fenced`: ordered before the
    // writer's later releases (a posted write: not until its dsb).
    void plain_write(const Release& as, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps, bool coherent, bool whole,
                     bool fenced = true);
    // `knew`: what the check held of the first's agent (a cached load's:
    // at its line's fill).
    void report(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
                std::uint64_t from, std::uint64_t to) const;
    // A pair against `reader`'s last read, held until its next access.
    void hold(int reader, const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
              std::uint64_t from, std::uint64_t to);
    // Reports the pairs held against `agent`'s last read.
    void release_held(int agent) const;
    // Acquires what the writes of these words published.
    void observed_words(int agent, std::uint64_t addr, std::uint64_t len, bool later = false);
    void settle() const;
    // RaceClocks: a release is the agent's own step, so its last read was no poll's.
    void own_step(int agent) override;

    mutable std::vector<Agent> m_agents;
    std::function<std::string(std::uint64_t)> m_where;
    RaceMode m_mode;
    std::string m_stopped;
    int m_agents_seen = 0;
    RangeShadow<RaceWord> m_shadow;
    HandWrittenPolls m_polls;
    mutable RacePairs m_found;
};

} // namespace syncsim
