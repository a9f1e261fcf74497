// Skipping the repetitions of sleeping polls: exact, because the slice's
// rules depend only on differences of times, the sleepers' places in their
// backoff and the order of their ports, and a repeated state has the same.
#include "models/memory/sleeping_polls.hpp"

#include <algorithm>

namespace syncsim {

SleepingPolls::Snapshot SleepingPolls::take_snapshot(int anchor, const BusyUntil& slice) const {
    Snapshot s;
    s.anchor = anchor;
    s.busy = slice.busy_until();
    s.queued = m_queued;
    for (const auto& [id, sleeper] : m_sleepers)
        s.sleepers[id] = {sleeper.poll.next, sleeper.poll.next_arrival};
    return s;
}

bool SleepingPolls::skip_repeats(const Snapshot& snapshot, const sc_core::sc_time& t,
                                 BusyUntil& slice, QueueTally& queued, const SeqOf& seq) {
    if (snapshot.sleepers.size() != m_sleepers.size()) return false;
    const sc_core::sc_time shift = slice.busy_until() - snapshot.busy;
    if (shift == sc_core::SC_ZERO_TIME) return false;
    std::map<int, std::uint64_t> made;    // each sleeper's polls in one repetition
    std::uint64_t repeats = kNoPollLimit; // that fit
    for (const auto& [id, sleeper] : m_sleepers) {
        const SleepingPoll& p = sleeper.poll;
        const auto then = snapshot.sleepers.find(id);
        if (then == snapshot.sleepers.end() || seq(p.word, sc_core::sc_max_time()) != p.seen_seq)
            return false;
        const std::uint64_t polls = p.next - then->second.first;
        if (polls == 0) return false;
        if (p.cycle.every && polls % p.cycle.every != 0) return false; // backoff phase moved
        if (p.cycle.after && then->second.first < p.cycle.after) return false; // not yet periodic
        if (p.next_arrival - then->second.second != shift) return false;
        // Every poll skipped arrives before `t`, and none is a last one.
        repeats =
            p.next_arrival > t
                ? 0
                : std::min<std::uint64_t>(repeats, (t - p.next_arrival).value() / shift.value());
        if (p.last != kNoPollLimit) repeats = std::min(repeats, (p.last - p.next) / polls);
        made[id] = polls;
    }
    m_pattern = Pattern{shift, made};
    if (repeats == 0) return false;
    const sc_core::sc_time ahead = repeated(shift, repeats);
    m_order.clear();
    for (auto& [id, sleeper] : m_sleepers) {
        sleeper.poll.next_arrival += ahead;
        sleeper.poll.next += repeats * made.at(id);
        if (sleeper.last_answer) *sleeper.last_answer += ahead;
        m_order.insert({sleeper.poll.next_arrival, sleeper.poll.port, id});
    }
    slice.delay_by(ahead);
    const sc_core::sc_time waited = repeated(m_queued - snapshot.queued, repeats);
    queued.total += waited;
    m_queued += waited;
    return true;
}

} // namespace syncsim
