// The L2's arbiter: requests that reach it at one instant take their slices
// in port order, and the polls of sleeping cores (SleepingPolls) are merged
// into that order by their own arrival times, so a spinning core and a
// sleeping one hold their slice at the same moments.
#include "models/memory/l2_cache.hpp"

#include <algorithm>
#include <limits>

namespace syncsim {

namespace {
constexpr int kBeforeAnyPort = std::numeric_limits<int>::min();
constexpr int kAfterEveryPort = std::numeric_limits<int>::max();
} // namespace

void L2Cache::reserve(Request& r, const sc_core::sc_time& now) {
    const sc_core::sc_time start = m_slices[r.slice].busy.reserve(now, r.occupancy);
    m_stats.queued.add(start - now);
    if (r.writes) {
        // Polled words are 8 bytes at most: one that starts before addr - 7
        // cannot overlap.
        for (auto it = m_write_seq.lower_bound(r.addr >= 7 ? r.addr - 7 : 0);
             it != m_write_seq.end() && it->first < r.addr + r.len; ++it)
            ++it->second;
    } else if (const auto it = m_write_seq.find(r.addr); it != m_write_seq.end()) {
        r.seq_before = it->second;
    }
    r.granted.notify(start - now);
}

void L2Cache::serve_sleepers(std::size_t slice, const sc_core::sc_time& t, int port_bound) {
    Slice& s = m_slices[slice];
    if (s.sleepers.empty()) return;
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    s.sleepers.serve_until(
        t, port_bound, s.busy, m_stats.queued,
        [this](std::uint64_t word) { return write_seq(word); },
        [&](int ticket, const PollWake& w) {
            const auto it = m_wakers.find({slice, ticket});
            *it->second.out = w;
            // A poll that sees a write wakes its core when the slice serves
            // it (the core reads the word then); the last allowed one when
            // it is answered.
            const sc_core::sc_time at = w.changed ? w.start : w.completion;
            it->second.wake->notify(at > now ? at - now : sc_core::SC_ZERO_TIME);
            m_wakers.erase(it);
        });
}

void L2Cache::arbitrate() {
    std::stable_sort(m_arriving.begin(), m_arriving.end(),
                     [](const Request* a, const Request* b) { return a->port < b->port; });
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    // Each request after the sleepers' polls that arrived before it (earlier,
    // or now from a lower port); then the rest of this instant's polls.
    for (Request* r : m_arriving) {
        serve_sleepers(r->slice, now, r->port);
        reserve(*r, now);
    }
    bool sleeping = false;
    for (std::size_t i = 0; i < m_slices.size(); ++i) {
        serve_sleepers(i, now, kAfterEveryPort);
        sleeping = sleeping || !m_slices[i].sleepers.empty();
    }
    m_arriving.clear();
    if (sleeping || m_due_scheduled) schedule_due();
}

void L2Cache::schedule_due() {
    const auto seq = [this](std::uint64_t word) { return write_seq(word); };
    std::optional<sc_core::sc_time> earliest;
    for (const Slice& s : m_slices) {
        if (s.sleepers.empty()) continue;
        const auto at = s.sleepers.due(seq);
        if (at && (!earliest || *at < *earliest)) earliest = at;
    }
    m_due.cancel();
    m_due_scheduled = earliest.has_value();
    if (!earliest) return;
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    m_due.notify(*earliest > now ? *earliest - now : sc_core::SC_ZERO_TIME);
}

void L2Cache::due_reached() {
    // Arbitrate a delta later, with whatever real requests arrive now.
    m_due_scheduled = false;
    m_arbitrate.notify(sc_core::SC_ZERO_TIME);
}

void L2Cache::serve_polls_before(const sc_core::sc_time& t) {
    for (std::size_t i = 0; i < m_slices.size(); ++i) serve_sleepers(i, t, kBeforeAnyPort);
}

int L2Cache::sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
                   std::optional<PollWake>& out) {
    const std::size_t slice = slice_of(poll.word);
    const int ticket = m_slices[slice].sleepers.add(poll);
    m_wakers[{slice, ticket}] = Waker{&wake, &out};
    schedule_due();
    return ticket;
}

void L2Cache::cancel(std::uint64_t word, int ticket) {
    const std::size_t slice = slice_of(word);
    // Its polls until now still held the slice.
    serve_sleepers(slice, sc_core::sc_time_stamp(), kBeforeAnyPort);
    m_slices[slice].sleepers.remove(ticket);
    m_wakers.erase({slice, ticket});
    schedule_due();
}

std::uint64_t L2Cache::answered_before(std::uint64_t word, int ticket, const sc_core::sc_time& t) {
    const Slice& s = m_slices[slice_of(word)];
    return s.sleepers.answered_before(ticket, t, s.busy,
                                      [this](std::uint64_t w) { return write_seq(w); });
}

void L2Cache::read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) {
    m_store.read(addr, out, len);
}

} // namespace syncsim
