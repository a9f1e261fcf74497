#include "models/memory/sleeping_polls.hpp"

#include <algorithm>

namespace syncsim {

int SleepingPolls::add(const SleepingPoll& poll) {
    const int id = m_next_id++;
    m_sleepers.emplace(id, Sleeper{poll, std::nullopt});
    m_order.insert({poll.next_arrival, poll.port, id});
    forget_pattern();
    return id;
}

void SleepingPolls::remove(int id) {
    const auto it = m_sleepers.find(id);
    if (it == m_sleepers.end()) return;
    m_order.erase({it->second.poll.next_arrival, it->second.poll.port, id});
    m_sleepers.erase(it);
    forget_pattern();
}

int SleepingPolls::serve_next(BusyUntil& slice, QueueTally& queued, const SeqOf& seq,
                              const OnWake& wake) {
    const Key key = *m_order.begin();
    m_order.erase(m_order.begin());
    Sleeper& sleeper = m_sleepers.at(key.id);
    SleepingPoll& p = sleeper.poll;
    const sc_core::sc_time start = slice.reserve(key.arrival, p.cycle.occupancy);
    queued.add(start - key.arrival);
    m_queued += start - key.arrival;
    const sc_core::sc_time answered = start + p.cycle.after_start;
    const std::uint64_t now_seq = seq(p.word, start);
    if (now_seq != p.seen_seq || p.next == p.last) {
        const PollWake w{p.next, start, answered, now_seq, now_seq != p.seen_seq};
        m_sleepers.erase(key.id);
        wake(key.id, w);
        return kEnded;
    }
    sleeper.last_answer = answered;
    p.next_arrival = p.cycle.next_arrival(p.next, start);
    ++p.next;
    m_order.insert({p.next_arrival, p.port, key.id});
    return key.id;
}

void SleepingPolls::serve_until(const sc_core::sc_time& t, int port_bound, BusyUntil& slice,
                                QueueTally& queued, const SeqOf& seq, const OnWake& wake) {
    // Served one by one. Each time the sleeper served first is served
    // again, the state is compared with the one it left then: once the
    // sleepers repeat themselves, whole repetitions are skipped, so a long
    // spin costs a few of them.
    // A request the slice served since the last call changed the pattern.
    if (slice.busy_until() != m_busy_after_serving) forget_pattern();
    std::optional<Snapshot>& snapshot = m_snapshot;
    while (!m_order.empty()) {
        const Key& key = *m_order.begin();
        if (!(key.arrival < t || (key.arrival == t && key.port < port_bound))) break;
        ++m_served_singly;
        const int served = serve_next(slice, queued, seq, wake);
        if (served == kEnded) {
            forget_pattern(); // one sleeper fewer: a new pattern
        } else if (!snapshot || snapshot->rounds >= snapshot->limit) {
            // Brent's cycle search: compare over twice as many rounds each
            // time, so a late start or a long repetition is still found.
            const std::uint64_t limit =
                snapshot ? std::min(2 * snapshot->limit, kRoundsCompared) : 1;
            snapshot = take_snapshot(served, slice);
            snapshot->limit = limit;
        } else if (served == snapshot->anchor) {
            ++snapshot->rounds;
            if (skip_repeats(*snapshot, t, slice, queued, seq)) {
                // The same phase, repetitions later: compare from here on.
                const std::uint64_t limit = snapshot->limit;
                snapshot = take_snapshot(served, slice);
                snapshot->limit = limit;
            }
        }
    }
    m_busy_after_serving = slice.busy_until();
}

std::optional<sc_core::sc_time> SleepingPolls::due(const SeqOf& seq) const {
    std::optional<sc_core::sc_time> earliest;
    for (const auto& [id, sleeper] : m_sleepers) {
        const SleepingPoll& p = sleeper.poll;
        sc_core::sc_time at;
        if (seq(p.word, sc_core::sc_max_time()) != p.seen_seq) {
            at = p.next_arrival; // a poll from then on may see it
        } else if (p.last != kNoPollLimit) {
            // Each poll arrives at least one uncontended round after the last.
            const PollCycle& c = p.cycle;
            at = p.next_arrival + repeated(c.after_start + c.op + c.to_arrive, p.last - p.next) +
                 repeated(c.backoff, c.backoffs(p.next, p.last));
            // While the sleepers repeat a known pattern, nothing else
            // happening, the last poll is at least this many repeats away.
            if (m_pattern) {
                const sc_core::sc_time repeats =
                    p.next_arrival +
                    repeated(m_pattern->shift, (p.last - p.next) / m_pattern->made.at(id));
                at = std::max(at, repeats);
            }
        } else {
            continue;
        }
        if (!earliest || at < *earliest) earliest = at;
    }
    return earliest;
}

std::uint64_t SleepingPolls::answered_before(int id, const sc_core::sc_time& t, BusyUntil slice,
                                             const SeqOf& seq) const {
    return answered_all_before(t, slice, seq).at(id);
}

std::map<int, std::uint64_t> SleepingPolls::answered_all_before(const sc_core::sc_time& t,
                                                                BusyUntil slice,
                                                                const SeqOf& seq) const {
    SleepingPolls copy = *this;
    std::map<int, std::uint64_t> answered;
    QueueTally unused;
    copy.serve_until(t, std::numeric_limits<int>::min(), slice, unused, seq,
                     [&](int woke, const PollWake& w) { answered[woke] = answered_before(w, t); });
    // Only the latest served poll can still be on its way back.
    for (const auto& [id, s] : copy.m_sleepers)
        answered[id] = s.poll.next - (s.last_answer && *s.last_answer >= t ? 1 : 0);
    return answered;
}

} // namespace syncsim
