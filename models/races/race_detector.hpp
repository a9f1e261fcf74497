// A happens-before race detector over the modelled GM accesses (issue 28
// item 4): it reports every pair of conflicting accesses (at least one a
// write) to a GM word by different agents that no synchronisation orders,
// whatever values this run's timing produced. Agents are the cores, the
// host and the AICPU; each has a vector clock (vector_clock.hpp). Edges:
// an FFTS message's sender to the cores its flag set releases, an atomic
// (a release and, when it returns a value, an acquire) and a poll that saw
// its target (an acquire of what the polled words' writes published),
// stream order (the host's submission, a launch's start, its blocks' ends,
// a synchronize), CntNotify, notify and event records to their waits, and
// MMIO registers. A write's clock is the writer's when it lands, so a
// write-back covered by a release must have landed first (a dsb between
// them, or just timing); a cached load is checked with what the reader knew
// when its line was filled. Every write may be what a poll acquires: the
// writer's clock moves on after each. Memory grows with agents and the
// pieces of GM accessed (RangeShadow), not with time: the first pairs are
// kept, the rest counted. Kernel-free.
#pragma once

#include "models/races/range_shadow.hpp"
#include "models/races/sync_observer.hpp"
#include "models/races/vector_clock.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
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
    bool atomic = false; // a synchronising access: an atomic, ld_dev or st_dev
    bool operator==(const RaceAccess& o) const {
        return agent == o.agent && clock == o.clock && op == o.op && site == o.site &&
               time_ps == o.time_ps && write == o.write && atomic == o.atomic;
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

enum class RaceMode { Off, Auto, On };

// A launch in stream order: its blocks start knowing `start` (what its
// stream knew when the launch reached its head) and each joins what it
// knew at its end into `end`, which the stream knows once the launch is done.
struct LaunchOrder {
    VectorClock start, end;
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
            return a.agent == b.agent && a.clock == b.clock && a.op == b.op && a.atomic == b.atomic;
        };
        return write == o.write && released == o.released && atomics == o.atomics &&
               std::equal(reads.begin(), reads.end(), o.reads.begin(), o.reads.end(), same_read);
    }
};

class RaceDetector : public FlagSetObserver, public GmWriteObserver {
  public:
    static constexpr std::size_t kPairs = 64;
    // Auto: checked while agents that accessed GM x GM words accessed stay
    // at most this (2^24: e.g. 72 cores and 233,000 words, 0.9 MB of GM):
    // past it the shadow state could take hundreds of MB.
    static constexpr std::uint64_t kAutoLimit = 1ull << 24;
    enum class SyncKind { Stream, CntNotify, Notify, Event, Register, Aicpu, Flag };
    using SyncKey = std::pair<SyncKind, std::uint64_t>;

    RaceDetector(std::vector<std::string> agent_names, RaceMode mode);

    bool active() const { return m_active; }
    RaceMode mode() const { return m_mode; }
    // Why it stopped checking (auto mode, past the limit); empty while active.
    const std::string& stopped() const { return m_stopped; }
    const std::string& agent_name(int agent) const;
    // How a report names an address ("seen+0x40"); unset: in hex.
    void set_address_names(std::function<std::string(std::uint64_t)> where) {
        m_where = std::move(where);
    }
    std::string where(std::uint64_t addr) const;
    std::uint32_t own(int agent) const { return m_agents[static_cast<std::size_t>(agent)].own; }

    // --- accesses; addresses in bytes, checked per word
    // A plain read; a cached load passes what its reader knew at the fill.
    void read(int agent, std::uint64_t addr, std::uint64_t len, const char* op, const char* site,
              std::uint64_t time_ps, const VectorClock* knew = nullptr);
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
    // not race with atomics and uncached stores, and it acquires what the
    // write it reads published (a spin on ld_dev synchronises).
    void atomic_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps);
    // A poll saw its target in these words: it acquires what their writes published.
    void observed(int agent, std::uint64_t addr, std::uint64_t len);

    // --- synchronisation
    // What the agent publishes now; its clock moves on.
    Release release(int agent);
    void acquire(int agent, const Release& r);
    void acquire(int agent, const VectorClock& c);
    VectorClock clock(int agent) const;
    // What the agent knows of the others now (for a cache line's fill).
    const SharedClock& knowledge(int agent) const {
        return m_agents[static_cast<std::size_t>(agent)].knows;
    }
    // A synchronisation object (a stream, a notify id, a register ...).
    VectorClock& object(const SyncKey& key) { return m_objects[key]; }
    // `agent` publishes into the object (and moves on) / learns what it holds.
    void release_to(int agent, const SyncKey& key) {
        if (m_active) m_objects[key].join(release(agent).clock());
    }
    void acquire_from(int agent, const SyncKey& key) {
        auto it = m_objects.find(key);
        if (m_active && it != m_objects.end()) acquire(agent, it->second);
    }
    static SyncKey stream_key(int stream) {
        return {SyncKind::Stream, static_cast<std::uint64_t>(stream)};
    }
    // A core's MMIO register (its RegId as a number) as an object.
    static SyncKey register_key(int core, int reg) {
        return {SyncKind::Register,
                static_cast<std::uint64_t>(core) << 16 | static_cast<std::uint64_t>(reg)};
    }
    // A core's FFTS (space 0) or intra-block (1) flag as an object: what the
    // messages that set it published, until its wait takes it.
    static SyncKey flag_key(int core, int space, int id) {
        return {SyncKind::Flag, static_cast<std::uint64_t>(core) << 32 |
                                    static_cast<std::uint64_t>(space) << 16 |
                                    static_cast<std::uint64_t>(id)};
    }
    // One object learns what another holds (a stream from a notify ...).
    void pass(const SyncKey& from, const SyncKey& to) {
        auto it = m_objects.find(from);
        if (m_active && it != m_objects.end()) m_objects[to].join(it->second);
    }
    // FlagSetObserver: the hub sets `target`'s flag for these messages.
    void flag_set(const std::vector<Release>& sent, int target, int space, int id) override;
    // GmWriteObserver: an L2 applied a core's write (an atomic's release part).
    void gm_written(int agent, std::uint64_t addr, std::uint64_t len, const char* what,
                    const RaceTag* tag, bool atomic, std::uint64_t time_ps) override;

    // --- what it found
    std::uint64_t count() const { return m_count; }
    // The earliest pairs (by the later access's time, then the earlier's).
    const std::vector<RacePair>& pairs() const { return m_pairs; }
    std::uint64_t words() const { return m_shadow.bytes() / 4; }
    int agents_seen() const { return m_agents_seen; }

  private:
    struct Agent {
        std::string name;
        SharedClock knows;
        std::uint32_t own = 1;
        bool seen = false;
    };
    void begin_access(int agent);
    void end_access();
    void check_write(const VectorClock* knows, const RaceAccess& now, const RaceWord& w,
                     std::uint64_t from, std::uint64_t to);
    void read_access(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps, const VectorClock* knew,
                     bool atomic_load, const Release* as = nullptr);
    // An atomic as made at `as` (the writer's release when it was issued).
    void atomic_as(const Release& as, std::uint64_t addr, std::uint64_t len, const char* op,
                   const char* site, std::uint64_t time_ps);
    void plain_write(const Release& as, std::uint64_t addr, std::uint64_t len, const char* op,
                     const char* site, std::uint64_t time_ps, bool coherent = false);
    // `knew`: what the check held of the first's agent (a cached load's:
    // at its line's fill).
    void report(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
                std::uint64_t from, std::uint64_t to);
    std::uint32_t known(int agent, int of) const {
        const SharedClock& k = m_agents[static_cast<std::size_t>(agent)].knows;
        return k ? k->get(of) : 0;
    }

    std::vector<Agent> m_agents;
    std::function<std::string(std::uint64_t)> m_where;
    RaceMode m_mode;
    bool m_active;
    std::string m_stopped;
    int m_agents_seen = 0;
    RangeShadow<RaceWord> m_shadow;
    std::map<SyncKey, VectorClock> m_objects;
    std::vector<RacePair> m_pairs; // the earliest kPairs, in order
    std::uint64_t m_count = 0;
    // The last flag set's messages and what they published joined (a
    // barrier's release reaches many targets: joined once).
    std::vector<Release> m_flag_sent;
    VectorClock m_flag_clock;
    // The earlier accesses the current access raced with so far.
    std::vector<RaceAccess> m_found;
};

} // namespace syncsim
