#include "models/report/round_ledger.hpp"

#include <algorithm>
#include <tuple>

namespace syncsim {

void RoundLedger::work_started(std::uint64_t launch, std::uint64_t works, int core) {
    Launch& l = m_launches[launch];
    l.works = works;
    ++l.started;
    ++l.running_at[0];
    m_cores[core] = CoreAt{launch, 0, true};
}

void RoundLedger::move_core(Launch& l, CoreAt& at, std::uint32_t to) {
    auto it = l.running_at.find(at.round);
    if (--it->second == 0) l.running_at.erase(it);
    at.round = to;
    ++l.running_at[to];
}

void RoundLedger::arrive(int core, std::uint64_t at_ps) {
    auto c = m_cores.find(core);
    if (c == m_cores.end()) return;
    CoreAt& at = c->second;
    Launch& l = m_launches[at.launch];
    move_core(l, at, at.round + 1);
    at.released = false;
    ++l.unreleased[at.round];
    RoundRow& row = l.open[at.round];
    row.launch = at.launch;
    row.round = at.round;
    ++row.count;
    row.first_arrival = std::min(row.first_arrival, at_ps);
    row.last_arrival = std::max(row.last_arrival, at_ps);
    row.cores.push_back({core, at_ps, at_ps, false});
}

void RoundLedger::release(int core, std::uint64_t at_ps) {
    auto c = m_cores.find(core);
    if (c == m_cores.end() || c->second.released) return;
    CoreAt& at = c->second;
    at.released = true;
    Launch& l = m_launches[at.launch];
    RoundRow& row = l.open[at.round];
    ++row.released;
    row.first_release = std::min(row.first_release, at_ps);
    row.last_release = std::max(row.last_release, at_ps);
    for (auto it = row.cores.rbegin(); it != row.cores.rend(); ++it)
        if (it->core == core) {
            it->released_ps = at_ps;
            it->has_release = true;
            break;
        }
    if (--l.unreleased[at.round] == 0) l.unreleased.erase(at.round);
    close_ready(l);
}

void RoundLedger::work_finished(int core) {
    auto c = m_cores.find(core);
    if (c == m_cores.end()) return;
    const CoreAt at = c->second;
    m_cores.erase(c);
    Launch& l = m_launches[at.launch];
    auto it = l.running_at.find(at.round);
    if (--it->second == 0) l.running_at.erase(it);
    // A block that ended inside a round will never be released from it.
    if (!at.released && --l.unreleased[at.round] == 0) l.unreleased.erase(at.round);
    close_ready(l);
    if (l.started == l.works && l.running_at.empty() && l.open.empty()) m_launches.erase(at.launch);
}

// A row closes when every block of its launch has started, every running
// block has reached it, and none that arrived awaits its release.
void RoundLedger::close_ready(Launch& l) {
    while (!l.open.empty() && l.started >= l.works) {
        auto first = l.open.begin();
        const std::uint32_t r = first->first;
        if (!l.running_at.empty() && l.running_at.begin()->first < r) return;
        if (l.unreleased.count(r)) return;
        RoundRow row = std::move(first->second);
        l.open.erase(first);
        close(std::move(row));
    }
}

void RoundLedger::finish() {
    for (auto& [id, l] : m_launches)
        for (auto& [round, row] : l.open) close(std::move(row));
    m_launches.clear();
    m_cores.clear();
    std::sort(m_listed.begin(), m_listed.end(), [](const RoundRow& a, const RoundRow& b) {
        return std::tie(a.launch, a.round) < std::tie(b.launch, b.round);
    });
}

void RoundLedger::close(RoundRow&& row) {
    std::stable_sort(
        row.cores.begin(), row.cores.end(),
        [](const RoundRow::CoreMark& a, const RoundRow::CoreMark& b) { return a.core < b.core; });
    for (const auto& m : row.cores)
        if (m.has_release && m.released_ps < row.last_arrival) ++row.early;
    ++m_stats.rounds;
    m_stats.released_early += static_cast<std::uint64_t>(row.early);
    if (row.complete()) {
        ++m_stats.complete;
        m_stats.latency.add(row.latency());
        m_stats.release_skew.add(row.release_skew());
    }
    for (RoundSink* sink : m_sinks) sink->round_closed(row);
    // Rows are listed in the order they close until the budget is spent.
    m_listing = m_listing && m_listed_marks + row.cores.size() <= kListedMarks;
    if (m_listing) {
        m_listed_marks += row.cores.size();
        m_listed.push_back(std::move(row));
    }
}

std::uint32_t RoundLedger::round_of(int core) const {
    auto c = m_cores.find(core);
    return c == m_cores.end() ? 0 : c->second.round;
}

std::uint64_t RoundLedger::open_horizon_ps() const {
    std::uint64_t h = std::numeric_limits<std::uint64_t>::max();
    for (const auto& [id, l] : m_launches)
        if (!l.open.empty()) h = std::min(h, l.open.begin()->second.first_arrival);
    return h;
}

} // namespace syncsim
