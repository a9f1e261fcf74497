#include "models/memory/sleeping_polls.hpp"

#include <algorithm>

namespace syncsim {

namespace {
sc_core::sc_time times(const sc_core::sc_time& t, std::uint64_t n) {
    return sc_core::sc_time::from_value(t.value() * n);
}
} // namespace

int SleepingPolls::add(const SleepingPoll& poll) {
    const int id = m_next_id++;
    m_sleepers.emplace(id, Sleeper{poll, std::nullopt});
    m_order.insert({poll.next_arrival, poll.port, id});
    return id;
}

void SleepingPolls::remove(int id) {
    const auto it = m_sleepers.find(id);
    if (it == m_sleepers.end()) return;
    m_order.erase({it->second.poll.next_arrival, it->second.poll.port, id});
    m_sleepers.erase(it);
}

bool SleepingPolls::serve_next(BusyUntil& slice, QueueTally& queued, const SeqOf& seq,
                               const OnWake& wake) {
    const Key key = *m_order.begin();
    m_order.erase(m_order.begin());
    Sleeper& sleeper = m_sleepers.at(key.id);
    SleepingPoll& p = sleeper.poll;
    const sc_core::sc_time start = slice.reserve(key.arrival, p.cycle.occupancy);
    queued.add(start - key.arrival);
    const sc_core::sc_time answered = start + p.cycle.after_start;
    const std::uint64_t now_seq = seq(p.word);
    if (now_seq != p.seen_seq || p.next == p.last) {
        const PollWake w{p.next, start, answered, now_seq, now_seq != p.seen_seq};
        m_sleepers.erase(key.id);
        wake(key.id, w);
        return false;
    }
    sleeper.last_answer = answered;
    p.next_arrival = p.cycle.next_arrival(p.next, start);
    ++p.next;
    m_order.insert({p.next_arrival, p.port, key.id});
    return true;
}

void SleepingPolls::serve_until(const sc_core::sc_time& t, int port_bound, BusyUntil& slice,
                                QueueTally& queued, const SeqOf& seq, const OnWake& wake) {
    // Served one by one, and at every period's end compared with the state
    // some periods earlier: once the sleepers repeat themselves, whole
    // repetitions are skipped, so a long spin costs a few periods.
    std::optional<Snapshot> snapshot;
    std::uint64_t served = 0;
    while (!m_order.empty()) {
        const Key& key = *m_order.begin();
        if (!(key.arrival < t || (key.arrival == t && key.port < port_bound))) break;
        ++m_served_singly;
        if (!serve_next(slice, queued, seq, wake)) {
            snapshot.reset(); // one sleeper fewer: the period changed
            served = 0;
            continue;
        }
        if (++served % period_polls() != 0) continue;
        if (snapshot && snapshot->periods < kPeriodsCompared) {
            ++snapshot->periods;
            if (skip_repeats(*snapshot, t, slice, queued, seq)) snapshot.reset();
        } else {
            snapshot = take_snapshot(slice, queued);
        }
    }
}

std::optional<sc_core::sc_time> SleepingPolls::due(const SeqOf& seq) const {
    std::optional<sc_core::sc_time> earliest;
    for (const auto& [id, sleeper] : m_sleepers) {
        const SleepingPoll& p = sleeper.poll;
        sc_core::sc_time at;
        if (seq(p.word) != p.seen_seq) {
            at = p.next_arrival;
        } else if (p.last != kNoPollLimit) {
            // Each poll arrives at least one uncontended round after the last.
            const PollCycle& c = p.cycle;
            const std::uint64_t backoffs = c.every ? p.last / c.every - p.next / c.every : 0;
            at = p.next_arrival + times(c.after_start + c.op + c.to_arrive, p.last - p.next) +
                 times(c.backoff, backoffs);
        } else {
            continue;
        }
        if (!earliest || at < *earliest) earliest = at;
    }
    return earliest;
}

std::uint64_t SleepingPolls::answered_before(int id, const sc_core::sc_time& t, BusyUntil slice,
                                             const SeqOf& seq) const {
    SleepingPolls copy = *this;
    std::optional<PollWake> ended;
    QueueTally unused;
    copy.serve_until(t, std::numeric_limits<int>::min(), slice, unused, seq,
                     [&](int woke, const PollWake& w) {
                         if (woke == id) ended = w;
                     });
    if (ended) return ended->poll + (ended->completion < t ? 1 : 0);
    const Sleeper& s = copy.m_sleepers.at(id);
    // Only the latest served poll can still be on its way back.
    return s.poll.next - (s.last_answer && *s.last_answer >= t ? 1 : 0);
}

std::uint64_t SleepingPolls::period_polls() const {
    const std::uint64_t every = m_sleepers.begin()->second.poll.cycle.every;
    return m_sleepers.size() * (every ? every : 1);
}

} // namespace syncsim
