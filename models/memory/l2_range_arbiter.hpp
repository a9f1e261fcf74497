// The L2's same-address ranges and their arbiter. A range serves one request
// at a time (busy-until); requests that reach the L2 at one instant take
// their ranges in port order, a delta later, not in the order their threads
// happened to run; and the polls of cores asleep in a poll loop
// (SleepingPolls) are merged into that order by their own arrival times, so
// a spinning core and a sleeping one hold their range at the same moments.
// The L2 hands it its sleepers (it is the PollSleep behind the L2's).
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/memory/l2_poll.hpp"
#include "models/memory/polled_extents.hpp"
#include "models/memory/queue_depth_trace.hpp"
#include "models/memory/sleeping_polls.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <systemc>
#include <tuple>
#include <vector>

namespace syncsim {

// Where the arbiter keeps the polls each sleeper of a range had answered by
// a moment, computed for all of them at once: the end-of-run result asks
// core by core, and the state cannot change in between (nothing runs once
// the run ended; the key holds the moment asked and the delta cycle it was
// asked in).
struct AnsweredPollsKey {
    std::uint64_t range;
    sc_core::sc_time at;
    std::uint64_t delta;
    bool operator<(const AnsweredPollsKey& o) const {
        return std::tie(range, at, delta) < std::tie(o.range, o.at, o.delta);
    }
};

class L2RangeArbiter {
  public:
    // The part of a request one range serves.
    struct Piece {
        std::uint64_t range = 0;
        sc_core::sc_time occupancy;
        std::uint64_t addr = 0, len = 0;
        sc_core::sc_time start; // set by the arbiter
    };
    struct Request {
        int port = 0;
        std::vector<Piece> pieces; // in address order; a poll or an atomic has one
        bool writes = false;       // a write or an atomic: polls after it see it
        sc_core::sc_event arbitrated;
    };

    // Ranges of `range_bytes`; `polled` learns when each write lands and
    // tells the arbiter of writes other dies land; `queued` and `depth` count
    // and trace how long requests wait for their range.
    L2RangeArbiter(std::uint64_t range_bytes, PolledExtents& polled, QueueTally& queued,
                   QueueDepthTrace& depth);
    L2RangeArbiter(const L2RangeArbiter&) = delete;
    L2RangeArbiter& operator=(const L2RangeArbiter&) = delete;

    std::uint64_t range_of(std::uint64_t addr) const { return addr / m_range_bytes; }
    // A request reached the L2 now: its pieces get their start times at the
    // arbitration a delta later, and `arbitrated` fires when the first may
    // start.
    void arrive(Request& request);
    // The arbitration (the L2's process on arbitrate_event()), and a
    // sleeper's poll falling due (on due_event()).
    void arbitrate();
    void due_reached();
    const sc_core::sc_event& arbitrate_event() const { return m_arbitrate; }
    const sc_core::sc_event& due_event() const { return m_due; }
    // At the end of a run: the sleepers' polls that arrived before `t` are
    // served, so the statistics count them as a spinning run would.
    void serve_polls_before(const sc_core::sc_time& t);

    // What a PollSleep does, for the L2's.
    int sleep(const SleepingPoll& poll, sc_core::sc_event& wake, std::optional<PollWake>& out);
    void cancel(std::uint64_t word, int ticket);
    std::uint64_t answered_before(std::uint64_t word, int ticket, const sc_core::sc_time& t);

  private:
    struct Range {
        BusyUntil busy;
        SleepingPolls sleepers;
    };
    struct Waker { // a sleeper's core
        sc_core::sc_event* wake;
        std::optional<PollWake>* out;
    };
    Range& range(std::uint64_t index) { return m_ranges[index]; }
    void reserve(Request& r, const sc_core::sc_time& now);
    void serve_sleepers(std::uint64_t range, const sc_core::sc_time& t, int port_bound);
    void schedule_due();
    // The earliest moment a poll may still be served at: now, or a
    // sleeper's next arrival (PolledExtents settles writes before it).
    sc_core::sc_time earliest_poll() const;
    std::uint64_t landed(std::uint64_t word, const sc_core::sc_time& at) const {
        return m_polled.landed(word, at);
    }

    std::uint64_t m_range_bytes;
    PolledExtents& m_polled;
    QueueTally& m_queued;
    QueueDepthTrace& m_depth;
    std::map<std::uint64_t, Range> m_ranges; // the ranges requests have reached
    std::set<std::uint64_t> m_sleeping;      // ranges with sleepers
    std::map<AnsweredPollsKey, std::map<int, std::uint64_t>> m_answered; // per sleeper, by a moment
    std::map<std::pair<std::uint64_t, int>, Waker> m_wakers;             // (range, ticket)
    std::vector<Request*> m_arriving; // reached the L2 this instant, not yet arbitrated
    sc_core::sc_event m_arbitrate;
    sc_core::sc_event m_due; // a sleeper's poll must be served now
    bool m_due_scheduled = false;
};

} // namespace syncsim
