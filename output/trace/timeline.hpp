// A Chrome trace-event timeline of a run (opens in Perfetto or
// chrome://tracing; a path ending in .gz is written gzip-compressed, which
// both open). Process "cores" has a track per core: slices named after the
// kernel a block runs and after the intrinsic a wait is in, and zero-length
// slices for barrier arrivals and releases, with a flow from each round's
// last arrival to every release it caused. Process "streams" has a track
// per stream, its slices named after the task. Process "counters" has a
// counter track per traced signal that changes (flag and CntNotify counts,
// the GM words a workload marks, each die's L2 queue). Every event carries
// args: the core, launch, block and round, and what a wait is on.
//
// --signals state keeps the core slices, round the arrivals and releases,
// streams the stream slices, and each signal kind its counters. Times are
// written to the ns, as Perfetto reads them. Slices are written as they end
// (Perfetto sorts the file); counter values go through OrderedChanges, so
// each counter track is in time order. With
// a window, slices are cut to it, and while a round window's start is not
// known yet, events that might fall inside are held until the horizon
// passes them. A track (and its process) is named with its first event, so
// there is no named track without events.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/report/round_ledger.hpp"
#include "models/report/trace_signals.hpp"
#include "models/runtime/stream.hpp"
#include "output/trace/ordered_changes.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/trace_event_json.hpp"
#include "output/trace/trace_window.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace syncsim {

// Each track's first time as a reader that takes it off every time before
// adding a duration (speedscope) finds it, for append_duration_us: the
// earliest start written, or the open slice's (written when it ends, while
// a round mark inside it may come first).
class TrackOrigins {
  public:
    std::uint64_t origin_ns(std::pair<int, int> track, std::uint64_t start_ns,
                            std::optional<std::uint64_t> open_since_ns) {
        const std::uint64_t first = std::min(start_ns, open_since_ns.value_or(start_ns));
        const auto [at, fresh] = m_origin_ns.try_emplace(track, first);
        if (!fresh) at->second = std::min(at->second, first);
        return at->second;
    }

  private:
    std::map<std::pair<int, int>, std::uint64_t> m_origin_ns;
};

class TimelineRecorder : public CoreTraceSink,
                         public StreamTraceSink,
                         public SignalTracer,
                         public RoundSink,
                         private OrderedChanges::Writer {
  public:
    using Horizon = OrderedChanges::Horizon;

    // Opens `path` (throws OutputError); `window` (may be null) must outlive it.
    TimelineRecorder(const std::string& path, const std::vector<AiCore*>& cores,
                     const TraceSpec& spec = {}, const TraceWindow* window = nullptr);
    void set_horizon(Horizon horizon);

    void core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) override;
    // Arrivals and releases are drawn from the closed rounds' rows.
    void core_round(int, std::uint32_t, std::uint64_t) override {}
    void stream_state(const Stream& stream, StreamState state) override;
    int declare(const SignalDecl& signal) override;
    void change(int signal, std::uint64_t at_ps, std::uint64_t value) override;
    void round_closed(const RoundRow& row) override;

    // Ends open slices at `end_ps`, writes what is held and closes the file.
    void finish(std::uint64_t end_ps);

  private:
    struct Open {
        std::string name;
        std::uint64_t since_ps = 0;
        TraceArgs args;
    };
    // A flow's end on an event: its id, whether it starts here, and where
    // its other end lies (the first, for a start): a flow whose other end
    // the window cuts off is not drawn.
    struct FlowEnd {
        std::uint64_t id = 0;
        bool out = false;
        std::uint64_t other_end_ps = 0;
    };
    struct Event {
        std::string name;
        char phase; // 'X' slice, 'i' instant
        int pid, tid;
        std::uint64_t ts_ps, dur_ps;
        TraceArgs args;
        FlowEnd flow = {};
        bool mark = false; // a round's arrival or release (kMarkPs long)
    };
    // Writes `e` (cut to the window) or drops it when its place is known by
    // `horizon_ps`; false when it must be held.
    bool settle(Event& e, std::uint64_t horizon_ps);
    void add(Event e);
    void flush(std::uint64_t horizon_ps);
    void write(const Event& e);       // cut at --max-trace-size's stop
    void write_event(const Event& e); // as it is
    std::uint64_t track_origin_ns(int pid, int tid, std::uint64_t start_ns);
    TrackOrigins m_origins;
    // Writes one event's text (the separator before it added here).
    void write_text(const std::string& text);
    std::string m_text; // the event being written (its capacity reused)
    // Names the track (and its process) before its first event.
    void name_track(int pid, int tid);
    void close(int pid, int tid, Open& open, std::uint64_t now);
    // What a core's slice from now on is named and says (its report's view).
    Open core_slice(int soc_core_id, CoreState state, std::uint64_t at_ps) const;
    // OrderedChanges::Writer: the counter tracks.
    void begin(std::uint64_t at_ps) override;
    void write(std::uint64_t at_ps, const OrderedChanges::Changes& changes) override;
    // A counter's value at a moment; written once no other value can come
    // in the same ns (its track in strictly increasing time).
    void counter_value(int signal, std::uint64_t at_ps, std::uint64_t value);
    void write_counter(int signal, std::uint64_t at_ns, std::uint64_t value);

    TraceOutput m_out;
    TraceSpec m_spec;
    const TraceWindow* m_window;
    Horizon m_horizon;
    std::vector<AiCore*> m_cores;          // by soc_core_id
    std::vector<bool> m_selected;          // by soc_core_id
    std::set<std::pair<int, int>> m_named; // (pid, tid) tracks named; (pid, -1) processes
    std::map<int, Open> m_core_open, m_stream_open;
    std::vector<Event> m_held;
    std::size_t m_flush_at = 4096;
    std::uint64_t m_next_flow = 1;
    std::uint64_t m_last_flow_out = 0; // the last flow whose start was written
    // Counter tracks: their names, and whether each was written yet.
    OrderedChanges m_counters;
    std::vector<std::string> m_counter_name;
    std::vector<bool> m_counter_written;
    std::vector<std::optional<std::pair<std::uint64_t, std::uint64_t>>>
        m_counter_pending; // ns, value
    std::uint64_t m_counters_start = 0;
    bool m_first = true;
};

} // namespace syncsim
