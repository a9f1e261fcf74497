#include "output/trace/trace_window.hpp"

#include <sstream>

namespace syncsim {

const std::vector<std::pair<std::string, TraceSignal>>& trace_signal_names() {
    static const std::vector<std::pair<std::string, TraceSignal>> names = {
        {"state", TraceSignal::State},          {"round", TraceSignal::Round},
        {"ffts_flags", TraceSignal::FftsFlags}, {"intra_flags", TraceSignal::IntraFlags},
        {"streams", TraceSignal::Streams},      {"cnt_notify", TraceSignal::CntNotify},
        {"words", TraceSignal::Words},          {"rounds", TraceSignal::RoundMarker},
        {"l2_queue", TraceSignal::L2Queue},
    };
    return names;
}

bool TraceSpec::selects(const std::string& type, int index) const {
    if (cores.empty()) return true;
    for (const CoreRange& r : cores)
        if (r.type == type && index >= r.first && index <= r.last) return true;
    return false;
}

std::string TraceSpec::describe_window() const {
    std::ostringstream s;
    if (by_rounds)
        s << "rounds " << first_round << " .. " << last_round;
    else
        s << "in time";
    return s.str();
}

TraceWindow::TraceWindow(const TraceSpec& spec)
    : m_spec(spec), m_from(spec.by_rounds ? kNoTime : spec.from_ps),
      m_to(spec.by_rounds ? kNoTime : spec.to_ps) {}

void TraceWindow::round_closed(const RoundRow& row) {
    if (!m_spec.by_rounds) return;
    // The first launch to close the window's first round is the one shown;
    // rows of one launch close in round order.
    if (!m_launch_chosen && row.round == m_spec.first_round) {
        m_launch_chosen = true;
        m_launch = row.launch;
        m_from = row.first_arrival;
    }
    if (!m_launch_chosen || row.launch != m_launch) return;
    if (row.round == m_spec.last_round)
        m_to = row.complete() ? row.last_release : std::max(row.last_arrival, row.last_release);
}

} // namespace syncsim
