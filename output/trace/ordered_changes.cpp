#include "output/trace/ordered_changes.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace syncsim {

namespace {

// SYNCSIM_TRACE_FLUSH_EVERY (a testing knob) flushes after that many held
// changes, so tests can check that flushing at every change writes the same
// bytes as holding everything.
std::size_t initial_flush_threshold() {
    const char* env = std::getenv("SYNCSIM_TRACE_FLUSH_EVERY");
    if (env == nullptr) return 65536;
    const long n = std::strtol(env, nullptr, 10);
    return n > 0 ? static_cast<std::size_t>(n) : 65536;
}

std::size_t g_flush_threshold = initial_flush_threshold();

} // namespace

void OrderedChanges::set_flush_threshold_for_tests(std::size_t n) {
    g_flush_threshold = std::max<std::size_t>(1, n);
}

OrderedChanges::OrderedChanges(Writer& writer, const TraceWindow* window)
    : m_writer(writer), m_window(window), m_flush_at(g_flush_threshold) {}

int OrderedChanges::add_signal(std::uint64_t initial, bool event) {
    if (!m_changes.empty() || m_begun)
        throw std::logic_error("a traced signal declared after the first change");
    m_values.push_back(initial);
    m_event.push_back(event);
    return static_cast<int>(m_values.size() - 1);
}

std::uint64_t OrderedChanges::start_ps() const {
    return m_window && m_window->from_known() ? m_window->from() : 0;
}

void OrderedChanges::change(int signal, std::uint64_t at_ps, std::uint64_t value) {
    if (at_ps < m_final_before)
        throw std::logic_error("a traced change at " + std::to_string(at_ps) +
                               " ps, before the horizon already written (" +
                               std::to_string(m_final_before) + " ps)");
    m_changes.push_back({at_ps, signal, value});
    if (m_changes.size() < m_flush_at || !m_horizon) return;
    flush(m_horizon());
    // Most of what is held cannot be handed on yet: wait for more next time.
    if (m_changes.size() * 2 > m_flush_at && m_changes.size() > 1) m_flush_at *= 2;
}

void OrderedChanges::begin(std::uint64_t at_ps) {
    m_begun = true;
    m_last_written = at_ps;
    m_writer.begin(at_ps);
}

void OrderedChanges::hand_on(std::uint64_t at_ps, Changes& finals) {
    // Only what changes a value (an event: every trigger).
    finals.erase(std::remove_if(finals.begin(), finals.end(),
                                [&](const auto& f) {
                                    const auto s = static_cast<std::size_t>(f.first);
                                    return !m_event[s] && m_values[s] == f.second;
                                }),
                 finals.end());
    if (finals.empty()) return;
    std::sort(finals.begin(), finals.end());
    m_writer.write(at_ps, finals);
    for (const auto& [signal, value] : finals) m_values[static_cast<std::size_t>(signal)] = value;
    m_last_written = at_ps;
}

void OrderedChanges::flush(std::uint64_t horizon_ps) {
    if (horizon_ps <= m_final_before) return;
    m_final_before = horizon_ps;
    std::stable_sort(m_changes.begin(), m_changes.end(),
                     [](const Change& a, const Change& b) { return a.at_ps < b.at_ps; });
    // Until a round window's start is known, every final change lies before it.
    const bool from_known = !m_window || m_window->from_known();
    const std::uint64_t from = from_known ? start_ps() : kNoTime;
    const std::uint64_t to = m_window ? m_window->to() : kNoTime;
    std::size_t i = 0;
    Changes finals;
    for (; i < m_changes.size() && m_changes[i].at_ps < horizon_ps;) {
        // One timestamp: the last value of each signal wins.
        const std::uint64_t t = m_changes[i].at_ps;
        finals.clear();
        for (; i < m_changes.size() && m_changes[i].at_ps == t; ++i) {
            auto it = std::find_if(finals.begin(), finals.end(),
                                   [&](const auto& f) { return f.first == m_changes[i].signal; });
            if (it == finals.end())
                finals.push_back({m_changes[i].signal, m_changes[i].value});
            else
                it->second = m_changes[i].value;
        }
        if (t > to) continue; // after the window
        if (t < from) {
            // Before the window (or at its start): sets the values there.
            for (const auto& [signal, value] : finals)
                m_values[static_cast<std::size_t>(signal)] = value;
            continue;
        }
        if (!m_begun) begin(from);
        hand_on(t, finals);
    }
    m_changes.erase(m_changes.begin(), m_changes.begin() + static_cast<std::ptrdiff_t>(i));
    if (!m_begun && from_known && horizon_ps > from) begin(from);
}

void OrderedChanges::close() {
    flush(kNoTime);
    if (!m_begun) begin(start_ps());
}

} // namespace syncsim
