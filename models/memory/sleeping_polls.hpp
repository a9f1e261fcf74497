// The polls a slice makes for cores asleep in a poll loop. A core whose
// polled word has not been written since its last poll hands the loop to the
// word's L2 slice: every poll it would have made still arrives, queues
// behind what the slice is serving, holds the slice for its occupancy and is
// answered, so other requests queue behind polls exactly as when the cores
// spin. The slice makes these polls lazily, as arithmetic on sc_time with the
// rules of its arbiter (first come first served, ties by port), when its
// state is needed: before a real request is served, and at the moment a
// sleeper must wake (its first poll after a write to its word, or its last
// allowed poll). Nothing wakes in between. Plain class: no process.
#pragma once

#include "models/memory/busy_until.hpp"

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <systemc>

namespace syncsim {

// What one poll of a loop costs, as measured on the loop's real polls.
struct PollCycle {
    sc_core::sc_time occupancy;   // the range is busy serving it
    sc_core::sc_time after_start; // from service start to the answer at the core
    sc_core::sc_time op;          // the compare after a failed poll
    sc_core::sc_time backoff;     // the pipe_barrier of the backoff rule below
    std::uint64_t every = 0;      // a backoff after every `every` failed polls (0: none)
    std::uint64_t after = 0;      // a backoff before every poll once `after` have failed (0: none)
    sc_core::sc_time to_arrive;   // from issue to arrival at the range

    // Whether the backoff follows failed poll `k` (0-based).
    bool backoff_after(std::uint64_t k) const {
        return (every && (k + 1) % every == 0) || (after && k + 1 > after);
    }
    // Backoffs after the failed polls first .. end - 1.
    std::uint64_t backoffs(std::uint64_t first, std::uint64_t end) const {
        if (end <= first) return 0;
        std::uint64_t n = every ? end / every - first / every : 0;
        if (after) n += end - std::max(first, std::min(end, after));
        return n;
    }
    // The arrival of the poll after poll `k` failed, served at `start`.
    sc_core::sc_time next_arrival(std::uint64_t k, const sc_core::sc_time& start) const {
        sc_core::sc_time t = start + after_start + op;
        if (backoff_after(k)) t += backoff;
        return t + to_arrive;
    }
};

// `n` times `t`, exactly (integer time, no rounding through double).
inline sc_core::sc_time repeated(const sc_core::sc_time& t, std::uint64_t n) {
    return sc_core::sc_time::from_value(t.value() * n);
}

constexpr std::uint64_t kNoPollLimit = std::numeric_limits<std::uint64_t>::max();

struct SleepingPoll {
    int port = 0;                      // orders it among requests that arrive together
    std::uint64_t word = 0;            // the polled extent's first byte
    std::uint64_t seen_seq = 0;        // writes to the extent before the poll that last failed
    std::uint64_t next = 0;            // index of its next poll (the failed polls before it)
    std::uint64_t last = kNoPollLimit; // index of the last poll allowed
    sc_core::sc_time next_arrival;
    PollCycle cycle;
};

// How a sleep ends: poll `poll`, served at `start` and answered at
// `completion`, is the first after a write to the word (`changed`) or the
// last allowed.
struct PollWake {
    std::uint64_t poll = 0;
    sc_core::sc_time start, completion;
    std::uint64_t seq = 0; // writes to the word before it
    bool changed = false;
};

class SleepingPolls {
  public:
    // Writes to the extent starting at `word` landed by `at` (sc_max_time():
    // every write logged, landed or not).
    using SeqOf = std::function<std::uint64_t(std::uint64_t word, const sc_core::sc_time& at)>;
    using OnWake = std::function<void(int id, const PollWake&)>;

    int add(const SleepingPoll& poll);
    void remove(int id);
    bool empty() const { return m_sleepers.empty(); }
    // The next poll's arrival, if any sleeps.
    std::optional<sc_core::sc_time> earliest_arrival() const {
        if (m_order.empty()) return std::nullopt;
        return m_order.begin()->arrival;
    }
    // Polls served one at a time so far (the rest were skipped in periods).
    std::uint64_t served_singly() const { return m_served_singly; }
    const SleepingPoll& sleeper(int id) const { return m_sleepers.at(id).poll; }

    // Serves, in arrival order, every poll arriving before `t` and those
    // arriving at `t` from ports below `port_bound`. A poll that sees a write
    // (its word's sequence moved) or is the last allowed ends its sleeper's
    // sleep: `wake` is called and the sleeper leaves.
    void serve_until(const sc_core::sc_time& t, int port_bound, BusyUntil& slice,
                     QueueTally& queued, const SeqOf& seq, const OnWake& wake);
    // The earliest moment a sleeper may have to wake: the next arrival of one
    // whose word was written, or a lower bound on the arrival of a last
    // allowed poll (polls only ever queue, never overtake). At that moment
    // the slice must be served.
    std::optional<sc_core::sc_time> due(const SeqOf& seq) const;
    // The polls sleeper `id` has had answered before `t`, had nothing else
    // arrived (served on a copy: for the result at the end of a run).
    std::uint64_t answered_before(int id, const sc_core::sc_time& t, BusyUntil slice,
                                  const SeqOf& seq) const;
    // The same for every sleeper at once, by id: one replay, where asking
    // sleeper by sleeper would replay once each.
    std::map<int, std::uint64_t> answered_all_before(const sc_core::sc_time& t, BusyUntil slice,
                                                     const SeqOf& seq) const;
    // The same for a sleep whose end is known.
    static std::uint64_t answered_before(const PollWake& end, const sc_core::sc_time& t) {
        return end.poll + (end.completion < t ? 1 : 0);
    }

  private:
    struct Key {
        sc_core::sc_time arrival;
        int port;
        int id;
        bool operator<(const Key& o) const {
            if (arrival != o.arrival) return arrival < o.arrival;
            if (port != o.port) return port < o.port;
            return id < o.id;
        }
    };
    struct Sleeper {
        SleepingPoll poll;
        std::optional<sc_core::sc_time> last_answer; // of its latest served poll
    };
    // Serves the earliest poll; returns its sleeper, or kEnded if the poll
    // ended that sleeper's sleep.
    static constexpr int kEnded = -1;
    int serve_next(BusyUntil& slice, QueueTally& queued, const SeqOf& seq, const OnWake& wake);

    // Skipping repetitions (sleeping_polls_repeats.cpp). A snapshot is the
    // state just after one sleeper (the anchor) was served. Each time the
    // anchor is served again, if every sleeper has made polls (a whole
    // number of backoff periods each, not necessarily as many as the others:
    // a poller nearer the slice may overtake one further away) and every
    // arrival and the slice's busy-until moved by the same time, the state
    // repeats: skip as many repetitions as fit before `t` and before any
    // sleeper's last allowed poll. After `limit` anchor services without a
    // repeat, a new snapshot is taken with twice the limit (at most
    // kRoundsCompared).
    static constexpr std::uint64_t kRoundsCompared = 4096;
    struct Snapshot {
        int anchor = 0;
        sc_core::sc_time busy;
        sc_core::sc_time queued;                                            // m_queued then
        std::map<int, std::pair<std::uint64_t, sc_core::sc_time>> sleepers; // next, arrival
        std::uint64_t rounds = 0;                                           // anchor services since
        std::uint64_t limit = 1;
    };
    // A repetition found: how far it moves the slice, and each sleeper's
    // polls in it.
    struct Pattern {
        sc_core::sc_time shift;
        std::map<int, std::uint64_t> made;
    };
    Snapshot take_snapshot(int anchor, const BusyUntil& slice) const;
    void forget_pattern() {
        m_snapshot.reset();
        m_pattern.reset();
    }
    bool skip_repeats(const Snapshot& snapshot, const sc_core::sc_time& t, BusyUntil& slice,
                      QueueTally& queued, const SeqOf& seq);

    std::set<Key> m_order;
    std::map<int, Sleeper> m_sleepers;
    int m_next_id = 0;
    std::uint64_t m_served_singly = 0;
    std::optional<Snapshot> m_snapshot; // kept between calls while nothing else is served
    std::optional<Pattern> m_pattern;
    sc_core::sc_time m_busy_after_serving;
    // How long these polls have queued: what a skipped repetition adds to
    // the slice's tally (which other slices and requests share).
    sc_core::sc_time m_queued;
};

} // namespace syncsim
