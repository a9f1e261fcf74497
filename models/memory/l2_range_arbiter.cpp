// The L2's range arbiter (l2_range_arbiter.hpp): requests that reach the L2
// at one instant take their ranges in port order, and the polls of sleeping
// cores are merged into that order by their own arrival times.
#include "models/memory/l2_range_arbiter.hpp"
#include "models/systemc/simulation_time.hpp"

#include <algorithm>
#include <limits>

namespace syncsim {

namespace {
constexpr int kBeforeAnyPort = std::numeric_limits<int>::min();
constexpr int kAfterEveryPort = std::numeric_limits<int>::max();
} // namespace

L2RangeArbiter::L2RangeArbiter(std::uint64_t range_bytes, PolledExtents& polled, QueueTally& queued,
                               QueueDepthTrace& depth)
    : m_range_bytes(range_bytes), m_polled(polled), m_queued(queued), m_depth(depth) {
    m_polled.add_listener([this] { schedule_due(); }, [this] { return earliest_poll(); });
}

void L2RangeArbiter::arrive(Request& request) {
    m_arriving.push_back(&request);
    m_arbitrate.notify(sc_core::SC_ZERO_TIME);
}

void L2RangeArbiter::reserve(Request& r, const sc_core::sc_time& now) {
    sc_core::sc_time earliest = sc_core::sc_max_time();
    for (Piece& p : r.pieces) {
        serve_sleepers(p.range, now, r.port);
        p.start = range(p.range).busy.reserve(now, p.occupancy);
        m_queued.add(p.start - now);
        m_depth.waited(to_ps(now), to_ps(p.start));
        // Polls of its extent, here or on another die, see it from its landing on.
        if (r.writes) m_polled.wrote(p.addr, p.len, p.start);
        earliest = std::min(earliest, p.start);
    }
    r.arbitrated.notify(earliest - now);
}

void L2RangeArbiter::serve_sleepers(std::uint64_t index, const sc_core::sc_time& t,
                                    int port_bound) {
    if (!m_sleeping.count(index)) return;
    Range& r = m_ranges.at(index);
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    r.sleepers.serve_until(
        t, port_bound, r.busy, m_queued,
        [this](std::uint64_t word, const sc_core::sc_time& at) { return landed(word, at); },
        [&](int ticket, const PollWake& w) {
            const auto it = m_wakers.find({index, ticket});
            *it->second.out = w;
            // A poll that sees a write wakes its core when the range serves
            // it (the core reads the extent then); the last allowed one when
            // it is answered.
            const sc_core::sc_time at = w.changed ? w.start : w.completion;
            it->second.wake->notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
            m_wakers.erase(it);
        });
    if (r.sleepers.empty()) m_sleeping.erase(index);
}

void L2RangeArbiter::arbitrate() {
    std::stable_sort(m_arriving.begin(), m_arriving.end(),
                     [](const Request* a, const Request* b) { return a->port < b->port; });
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    // Each request after the sleepers' polls that arrived before it (earlier,
    // or now from a lower port); then the rest of this instant's polls.
    for (Request* r : m_arriving) reserve(*r, now);
    const std::vector<std::uint64_t> sleeping(m_sleeping.begin(), m_sleeping.end());
    for (std::uint64_t index : sleeping) serve_sleepers(index, now, kAfterEveryPort);
    m_arriving.clear();
    if (!m_sleeping.empty() || m_due_scheduled) schedule_due();
    m_polled.settle(); // nothing here is served before now any more
}

void L2RangeArbiter::schedule_due() {
    const auto seq = [this](std::uint64_t word, const sc_core::sc_time& at) {
        return landed(word, at);
    };
    std::optional<sc_core::sc_time> earliest;
    for (std::uint64_t index : m_sleeping) {
        const auto at = m_ranges.at(index).sleepers.due(seq);
        if (at && (!earliest || *at < *earliest)) earliest = at;
    }
    m_due.cancel();
    m_due_scheduled = earliest.has_value();
    if (!earliest) return;
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    m_due.notify(*earliest > now ? *earliest - now : sc_core::SC_ZERO_TIME);
}

void L2RangeArbiter::due_reached() {
    // Arbitrate a delta later, with whatever real requests arrive now.
    m_due_scheduled = false;
    m_arbitrate.notify(sc_core::SC_ZERO_TIME);
}

sc_core::sc_time L2RangeArbiter::earliest_poll() const {
    sc_core::sc_time earliest = sc_core::sc_time_stamp();
    for (std::uint64_t index : m_sleeping)
        if (const auto at = m_ranges.at(index).sleepers.earliest_arrival())
            earliest = std::min(earliest, *at);
    return earliest;
}

void L2RangeArbiter::serve_polls_before(const sc_core::sc_time& t) {
    const std::vector<std::uint64_t> sleeping(m_sleeping.begin(), m_sleeping.end());
    for (std::uint64_t index : sleeping) serve_sleepers(index, t, kBeforeAnyPort);
}

int L2RangeArbiter::sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
                          std::optional<PollWake>& out) {
    const std::uint64_t index = range_of(poll.word);
    const int ticket = range(index).sleepers.add(poll);
    m_sleeping.insert(index);
    m_wakers[{index, ticket}] = Waker{&wake, &out};
    schedule_due();
    return ticket;
}

void L2RangeArbiter::cancel(std::uint64_t word, int ticket) {
    const std::uint64_t index = range_of(word);
    // Its polls until now still held the range.
    serve_sleepers(index, sc_core::sc_time_stamp(), kBeforeAnyPort);
    if (const auto it = m_ranges.find(index); it != m_ranges.end()) {
        it->second.sleepers.remove(ticket);
        if (it->second.sleepers.empty()) m_sleeping.erase(index);
    }
    m_wakers.erase({index, ticket});
    schedule_due();
}

std::uint64_t L2RangeArbiter::answered_before(std::uint64_t word, int ticket,
                                              const sc_core::sc_time& t) {
    const std::uint64_t index = range_of(word);
    const AnsweredPollsKey key{index, t, sc_core::sc_delta_count()};
    auto it = m_answered.find(key);
    if (it == m_answered.end()) {
        const Range& r = m_ranges.at(index);
        // Answers for another moment are stale; other ranges' for this one stay.
        if (!m_answered.empty() &&
            (m_answered.begin()->first.at != t || m_answered.begin()->first.delta != key.delta))
            m_answered.clear();
        it = m_answered
                 .emplace(key, r.sleepers.answered_all_before(
                                   t, r.busy,
                                   [this](std::uint64_t w, const sc_core::sc_time& at) {
                                       return landed(w, at);
                                   }))
                 .first;
    }
    return it->second.at(ticket);
}

} // namespace syncsim
