// The polls a slice makes for sleeping cores (SleepingPolls), against a
// plain reference that serves every poll one by one: first come first
// served, ties by port. Skipping whole periods must land exactly where the
// reference does; a write wakes a sleeper at its first poll after it; the
// last allowed poll ends a sleep when it is answered.
#include "models/memory/sleeping_polls.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <vector>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

constexpr int kAll = std::numeric_limits<int>::max();

PollCycle cycle(double occupancy, double to_arrive = 20, std::uint64_t every = 16,
                std::uint64_t after = 0) {
    PollCycle c;
    c.after = after;
    c.occupancy = sc_time(occupancy, SC_NS);
    c.after_start = sc_time(occupancy + 20, SC_NS); // served, then one hop back
    c.op = sc_time(1, SC_NS);
    c.backoff = sc_time(20, SC_NS);
    c.every = every;
    c.to_arrive = sc_time(to_arrive, SC_NS);
    return c;
}

SleepingPoll sleeper(int port, double first_arrival, const PollCycle& c,
                     std::uint64_t last = kNoPollLimit) {
    SleepingPoll p;
    p.port = port;
    p.word = 0x100;
    p.next = static_cast<std::uint64_t>(port) % 7; // sleepers start at different backoff phases
    p.last = last;
    p.next_arrival = sc_time(first_arrival, SC_NS);
    p.cycle = c;
    return p;
}

// Every poll served one by one, in (arrival, port) order.
struct Reference {
    std::vector<SleepingPoll> polls;
    BusyUntil slice;
    QueueTally queued;
    std::vector<bool> ended;
    std::vector<sc_time> last_start; // of an ended sleeper's last poll

    void serve_until(const sc_time& t, int port_bound = std::numeric_limits<int>::min()) {
        ended.resize(polls.size(), false);
        last_start.resize(polls.size());
        for (;;) {
            int best = -1;
            for (int i = 0; i < static_cast<int>(polls.size()); ++i) {
                if (ended[i]) continue;
                const SleepingPoll& p = polls[i];
                const bool before =
                    p.next_arrival < t || (p.next_arrival == t && p.port < port_bound);
                if (!before) continue;
                if (best < 0 || p.next_arrival < polls[best].next_arrival ||
                    (p.next_arrival == polls[best].next_arrival && p.port < polls[best].port))
                    best = i;
            }
            if (best < 0) return;
            SleepingPoll& p = polls[best];
            const sc_time start = slice.reserve(p.next_arrival, p.cycle.occupancy);
            queued.add(start - p.next_arrival);
            if (p.next == p.last) {
                ended[best] = true;
                last_start[best] = start;
                continue;
            }
            p.next_arrival = p.cycle.next_arrival(p.next, start);
            ++p.next;
        }
    }
};

const SleepingPolls::SeqOf kNoWrites = [](std::uint64_t, const sc_time&) { return 0; };

void check_same(const SleepingPolls& polls, const std::vector<int>& ids, const Reference& ref,
                const BusyUntil& slice, const QueueTally& queued) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
        INFO("sleeper " << i);
        CHECK(polls.sleeper(ids[i]).next == ref.polls[i].next);
        CHECK(polls.sleeper(ids[i]).next_arrival == ref.polls[i].next_arrival);
    }
    CHECK(slice.busy_until() == ref.slice.busy_until());
    CHECK(queued.total == ref.queued.total);
    CHECK(queued.longest == ref.queued.longest);
}

// The same sleepers in SleepingPolls and in the reference, on slices of their own.
struct Both {
    SleepingPolls polls;
    Reference ref;
    std::vector<int> ids;
    BusyUntil slice;
    QueueTally queued;

    void add(const SleepingPoll& p) {
        ids.push_back(polls.add(p));
        ref.polls.push_back(p);
    }
    // Serves the sleepers only: none may wake (nothing is written).
    void serve_polls(const sc_time& t, int port_bound = kAll) {
        polls.serve_until(t, port_bound, slice, queued, kNoWrites,
                          [](int, const PollWake&) { FAIL(); });
    }
    void serve_until(const sc_time& t, int port_bound = kAll) {
        serve_polls(t, port_bound);
        ref.serve_until(t, port_bound);
    }
    void check() const { check_same(polls, ids, ref, slice, queued); }
};

} // namespace

TEST_CASE("sleeping polls: 16 pollers saturating a slice, skipped in periods", "[memory]") {
    Both both;
    for (int port = 0; port < 16; ++port) both.add(sleeper(port, 100 + 3 * port, cycle(160)));
    both.serve_until(sc_time(20, sc_core::SC_MS)); // about 7,800 polls each
    both.check();
    CHECK(both.ref.polls[0].next > 7000);
    // Nearly all of it skipped: a few periods were served one by one.
    CHECK(both.polls.served_singly() < 16 * 16 * 10);
}

TEST_CASE("sleeping polls: skipping across calls adds only their own queueing to the tally",
          "[memory]") {
    // The L2's tally is shared by its slices: between two calls another
    // slice's request adds to it, and a skip must not count that again.
    Both both;
    for (int port = 0; port < 16; ++port) both.add(sleeper(port, 100 + 3 * port, cycle(160)));
    const sc_time other(1, sc_core::SC_US);
    for (int ms = 1; ms <= 20; ++ms) {
        both.serve_polls(sc_time(ms, sc_core::SC_MS));
        both.queued.add(other); // another slice's request
    }
    both.ref.serve_until(sc_time(20, sc_core::SC_MS), kAll);
    both.ref.queued.total += 20 * other;
    both.ref.queued.longest = std::max(both.ref.queued.longest, other);
    both.check();
}

TEST_CASE("sleeping polls: unsaturated pollers on two dies keep their own pace", "[memory]") {
    Both both;
    const double to_arrive[] = {20, 20, 60}; // the third crosses the die link
    for (int port = 0; port < 3; ++port)
        both.add(sleeper(port * 5, 100, cycle(10, to_arrive[port])));
    both.serve_until(sc_time(1, sc_core::SC_MS));
    both.check();
    CHECK(both.queued.total > sc_core::SC_ZERO_TIME); // they did collide at the start
}

TEST_CASE("sleeping polls: a request arriving among them queues behind them", "[memory]") {
    Both both;
    for (int port = 0; port < 8; ++port) both.add(sleeper(port * 2, 50, cycle(40)));
    // A request from port 5 arrives at 100 us, between the sleepers' ports.
    const sc_time t(100, sc_core::SC_US);
    both.serve_until(t, 5);
    const sc_time start = both.slice.reserve(t, sc_time(20, SC_NS));
    const sc_time ref_start = both.ref.slice.reserve(t, sc_time(20, SC_NS));
    CHECK(start == ref_start);
    CHECK(start > t); // the slice was busy with polls
    both.serve_until(sc_time(300, sc_core::SC_US));
    both.check();
}

TEST_CASE("sleeping polls: a write wakes the sleeper at its next poll", "[memory]") {
    SleepingPolls polls;
    const int id = polls.add(sleeper(3, 100, cycle(10)));
    BusyUntil slice;
    QueueTally queued;
    std::uint64_t writes = 0;
    const SleepingPolls::SeqOf seq = [&](std::uint64_t, const sc_time&) { return writes; };
    std::vector<PollWake> woke;
    const auto on_wake = [&](int who, const PollWake& w) {
        CHECK(who == id);
        woke.push_back(w);
    };
    // Nothing written: nothing is due (no limit either).
    CHECK_FALSE(polls.due(seq).has_value());
    polls.serve_until(sc_time(10, sc_core::SC_US), kAll, slice, queued, seq, on_wake);
    CHECK(woke.empty());
    ++writes; // the slice took a write
    const sc_time next = polls.sleeper(id).next_arrival;
    REQUIRE(polls.due(seq).has_value());
    CHECK(*polls.due(seq) == next);
    polls.serve_until(next, kAll, slice, queued, seq, on_wake);
    REQUIRE(woke.size() == 1);
    CHECK(woke[0].changed);
    CHECK(woke[0].seq == 1);
    CHECK(woke[0].start == next);
    CHECK(woke[0].completion == next + sc_time(30, SC_NS));
    CHECK(polls.empty());
}

TEST_CASE("sleeping polls: the last allowed poll ends the sleep, found by lower bounds",
          "[memory]") {
    Both both;
    for (int port = 0; port < 4; ++port)
        both.add(sleeper(port, 100, cycle(40), port == 2 ? 5000 : kNoPollLimit));
    Reference& ref = both.ref;
    std::vector<PollWake> woke;
    int dues = 0;
    // Serve up to each due in turn, as the L2 does when nothing else arrives.
    while (woke.empty()) {
        const auto due = both.polls.due(kNoWrites);
        REQUIRE(due.has_value());
        both.polls.serve_until(*due, kAll, both.slice, both.queued, kNoWrites,
                               [&](int, const PollWake& w) { woke.push_back(w); });
        REQUIRE(++dues < 200);
    }
    CHECK_FALSE(woke[0].changed);
    CHECK(woke[0].poll == 5000); // the index of the last poll allowed
    // The reference serves the same last poll at the same moment.
    ref.serve_until(woke[0].start + sc_time(1, SC_NS), kAll);
    CHECK(ref.ended[2]);
    CHECK(ref.last_start[2] == woke[0].start);
    CHECK(woke[0].completion == woke[0].start + sc_time(60, SC_NS));
}

TEST_CASE("sleeping polls: a backoff before every poll past a threshold, skipped exactly",
          "[memory]") {
    // pto-isa 83d01313's loop: no barrier for the first 16 failed polls, one
    // before every poll after; sleepers start on both sides of the threshold.
    Both both;
    for (int port = 0; port < 12; ++port) {
        SleepingPoll p = sleeper(port, 100 + 7 * port, cycle(16, 400, 0, 16));
        p.next = static_cast<std::uint64_t>(port) * 3; // 0 .. 33 failed polls before
        both.add(p);
    }
    both.serve_until(sc_time(5, sc_core::SC_MS));
    both.check();
    CHECK(both.polls.served_singly() < 12 * 200);
    PollCycle c = cycle(16, 400, 0, 16);
    CHECK(c.backoffs(0, 16) == 0);
    CHECK(c.backoffs(0, 20) == 4);
    CHECK(c.backoffs(18, 20) == 2);
    CHECK_FALSE(c.backoff_after(15));
    CHECK(c.backoff_after(16));
}

TEST_CASE("sleeping polls: a write is seen by the first poll served after it lands", "[memory]") {
    // A write another range takes now may land later (it queues there): a
    // poll served before its landing does not see it, the next one does.
    SleepingPolls polls;
    const int id = polls.add(sleeper(3, 100, cycle(10)));
    BusyUntil slice;
    QueueTally queued;
    const sc_time lands(1000, SC_NS);
    const SleepingPolls::SeqOf seq = [&](std::uint64_t, const sc_time& at) {
        return at >= lands ? 1u : 0u;
    };
    std::vector<PollWake> woke;
    const auto on_wake = [&](int, const PollWake& w) { woke.push_back(w); };
    REQUIRE(polls.due(seq).has_value()); // logged: a poll from now on may see it
    polls.serve_until(sc_time(900, SC_NS), kAll, slice, queued, seq, on_wake);
    CHECK(woke.empty());
    polls.serve_until(sc_time(2, sc_core::SC_US), kAll, slice, queued, seq, on_wake);
    REQUIRE(woke.size() == 1);
    CHECK(woke[0].start >= lands);
    // The first poll at or after it: polls are 51 ns apart, 71 after a backoff.
    CHECK(woke[0].start < lands + sc_time(71, SC_NS));
    (void)id;
}

// The result at a run's end asks every sleeper's answered polls; one replay
// answers them all (asked one by one, 71 sleepers replayed 71 times: a
// fuzz case spent minutes collecting its result, issue 24 review).
TEST_CASE("sleeping polls: all sleepers' answered polls from one replay, as asked one by one",
          "[memory]") {
    Both both;
    for (int port = 0; port < 6; ++port)
        both.add(sleeper(port, 100 + 7 * port, cycle(40), port == 4 ? 300 : kNoPollLimit));
    const sc_time end(200000, SC_NS);
    const auto all = both.polls.answered_all_before(end, both.slice, kNoWrites);
    REQUIRE(all.size() == 6);
    for (const int id : both.ids) {
        INFO(id);
        CHECK(all.at(id) == both.polls.answered_before(id, end, both.slice, kNoWrites));
    }
    // The one that ended at its last allowed poll had all 301 answered.
    CHECK(all.at(both.ids[4]) == 301);
}
