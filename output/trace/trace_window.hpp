// What part of a run the traces keep (--window, --cores, --signals): a window
// in simulated time or in barrier rounds, a selection of cores and a
// selection of signal kinds. A round window is known in time only once its
// rounds have closed; until then a writer holds back what might fall inside
// and drops what cannot. Kernel-free (times in ps).
#pragma once

#include "models/report/round_ledger.hpp"
#include "models/report/trace_signals.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace syncsim {

constexpr std::uint64_t kNoTime = std::numeric_limits<std::uint64_t>::max();

// The names --signals accepts, in the order `syncsim run --help` lists them.
const std::vector<std::pair<std::string, TraceSignal>>& trace_signal_names();

struct TraceSpec {
    // The window: [from_ps, to_ps] in time, or rounds [first_round,
    // last_round] of the first launch that closes round first_round: from
    // that round's first arrival to the last release of last_round.
    bool by_rounds = false;
    std::uint64_t from_ps = 0, to_ps = kNoTime;
    std::uint32_t first_round = 0, last_round = 0;
    // Cores: empty selects every core; else ranges of one core type
    // ("aiv", 0, 15); "aic"/"aiv" alone selects all of the type.
    struct CoreRange {
        std::string type;
        int first = 0, last = std::numeric_limits<int>::max();
    };
    std::vector<CoreRange> cores;
    unsigned signals = kAllTraceSignals;

    bool whole_run() const { return !by_rounds && from_ps == 0 && to_ps == kNoTime; }
    bool selects(const std::string& type, int index) const;
    bool selects(TraceSignal s) const { return (signals & static_cast<unsigned>(s)) != 0; }
    // "rounds 10 .. 20" or "in time": what the summary says it kept.
    std::string describe_window() const;
};

// A window as the run goes: a time window is known from the start; a round
// window learns its bounds from closed rounds.
class TraceWindow : public RoundSink {
  public:
    explicit TraceWindow(const TraceSpec& spec);

    void round_closed(const RoundRow& row) override;

    // kNoTime until known. Until from() is known, every time below the
    // caller's horizon lies before the window.
    std::uint64_t from() const { return m_from; }
    std::uint64_t to() const { return m_to; }
    bool from_known() const { return m_from != kNoTime; }
    bool to_known() const { return m_to != kNoTime || !m_spec.by_rounds; }
    const TraceSpec& spec() const { return m_spec; }

  private:
    TraceSpec m_spec;
    std::uint64_t m_from, m_to;
    bool m_launch_chosen = false;
    std::uint64_t m_launch = 0;
};

} // namespace syncsim
