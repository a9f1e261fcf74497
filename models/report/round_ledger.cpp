#include "models/report/round_ledger.hpp"

#include <algorithm>
#include <tuple>

namespace syncsim {

void RoundLedger::RoundCounts::add(std::uint32_t round) {
    if (m_total == 0) {
        m_base = round;
        m_count.clear();
    }
    while (round < m_base) {
        m_count.push_front(0);
        --m_base;
    }
    const std::size_t i = round - m_base;
    if (i >= m_count.size()) m_count.resize(i + 1, 0);
    ++m_count[i];
    ++m_total;
}

void RoundLedger::RoundCounts::remove(std::uint32_t round) {
    --m_count[round - m_base];
    --m_total;
    while (!m_count.empty() && m_count.front() == 0) {
        m_count.pop_front();
        ++m_base;
    }
}

RoundLedger::CoreAt* RoundLedger::running(int core) {
    const auto i = static_cast<std::size_t>(core);
    return i < m_cores.size() && m_cores[i].running ? &m_cores[i] : nullptr;
}

void RoundLedger::work_started(std::uint64_t launch, std::uint64_t works, int core) {
    Launch& l = m_launches[launch];
    l.works = works;
    ++l.started;
    l.running.add(0);
    if (static_cast<std::size_t>(core) >= m_cores.size())
        m_cores.resize(static_cast<std::size_t>(core) + 1);
    m_cores[static_cast<std::size_t>(core)] = CoreAt{true, launch, &l, 0, true, 0};
}

void RoundLedger::arrive(int core, std::uint64_t at_ps) {
    CoreAt* at = running(core);
    if (!at) return;
    Launch& l = *at->state;
    l.running.remove(at->round);
    l.running.add(++at->round);
    at->released = false;
    OpenRow& open = l.open[at->round];
    ++open.unreleased;
    RoundRow& row = open.row;
    row.launch = at->launch;
    row.round = at->round;
    ++row.count;
    row.first_arrival = std::min(row.first_arrival, at_ps);
    row.last_arrival = std::max(row.last_arrival, at_ps);
    at->mark = row.cores.size();
    row.cores.push_back({core, at_ps, at_ps, false});
}

void RoundLedger::release(int core, std::uint64_t at_ps) {
    CoreAt* at = running(core);
    if (!at || at->released) return;
    at->released = true;
    Launch& l = *at->state;
    OpenRow& open = l.open[at->round];
    --open.unreleased;
    RoundRow& row = open.row;
    ++row.released;
    row.first_release = std::min(row.first_release, at_ps);
    row.last_release = std::max(row.last_release, at_ps);
    row.cores[at->mark].released_ps = at_ps;
    row.cores[at->mark].has_release = true;
    close_ready(l);
}

void RoundLedger::work_finished(int core) {
    CoreAt* at = running(core);
    if (!at) return;
    at->running = false;
    const std::uint64_t launch = at->launch;
    Launch& l = *at->state;
    l.running.remove(at->round);
    // A block that ended inside a round will never be released from it.
    if (!at->released) --l.open[at->round].unreleased;
    close_ready(l);
    if (l.started == l.works && l.running.empty() && l.open.empty()) m_launches.erase(launch);
}

// A row closes when every block of its launch has started, every running
// block has reached it, and none that arrived awaits its release.
void RoundLedger::close_ready(Launch& l) {
    while (!l.open.empty() && l.started >= l.works) {
        auto first = l.open.begin();
        if (!l.running.empty() && l.running.lowest() < first->first) return;
        if (first->second.unreleased > 0) return;
        RoundRow row = std::move(first->second.row);
        l.open.erase(first);
        close(std::move(row));
    }
}

void RoundLedger::finish() {
    for (auto& [id, l] : m_launches)
        for (auto& [round, open] : l.open) close(std::move(open.row));
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

std::uint64_t RoundLedger::open_horizon_ps() const {
    std::uint64_t h = std::numeric_limits<std::uint64_t>::max();
    for (const auto& [id, l] : m_launches)
        if (!l.open.empty()) h = std::min(h, l.open.begin()->second.row.first_arrival);
    return h;
}

} // namespace syncsim
