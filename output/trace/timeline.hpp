// A Chrome trace-event timeline of a run (opens in Perfetto or
// chrome://tracing): one track per core with slices for compute, waits,
// polls and stalls and instant events for barrier arrivals and releases,
// and one track per stream. Events are written as they end (the format
// does not need them in time order); with a window, slices are cut to it,
// and while a round window's start is not known yet, events that might
// fall inside are held until the horizon passes them.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/runtime/stream.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/trace_window.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

class TimelineRecorder : public CoreTraceSink, public StreamTraceSink {
  public:
    using Horizon = std::function<std::uint64_t()>;

    // Opens `path` (throws OutputError); `window` (may be null) must outlive it.
    TimelineRecorder(const std::string& path, const std::vector<AiCore*>& cores,
                     const TraceSpec& spec = {}, const TraceWindow* window = nullptr);
    void set_horizon(Horizon horizon) { m_horizon = std::move(horizon); }

    void core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) override;
    void core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) override;
    void core_release(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) override;
    void stream_state(int stream, StreamState state) override;

    // Ends open slices at `end_ps`, writes what is held and closes the file.
    void finish(std::uint64_t end_ps);

  private:
    struct Open {
        std::string name;
        std::uint64_t since_ps = 0;
    };
    struct Event {
        std::string name;
        char phase; // 'X' slice, 'i' instant
        int pid, tid;
        std::uint64_t ts_ps, dur_ps;
    };
    // Writes `e` (cut to the window) or drops it when its place is known by
    // `horizon_ps`; false when it must be held.
    bool settle(Event& e, std::uint64_t horizon_ps);
    void add(Event e);
    void flush(std::uint64_t horizon_ps);
    void write(const Event& e);
    void write_name(const char* what, int pid, int tid, const std::string& name);
    void close(int pid, int tid, Open& open, std::uint64_t now);

    std::string m_path;
    TraceOutput m_out;
    TraceSpec m_spec;
    const TraceWindow* m_window;
    Horizon m_horizon;
    std::vector<bool> m_selected; // by soc_core_id
    std::map<int, Open> m_core_open, m_stream_open;
    std::vector<Event> m_held;
    std::size_t m_flush_at = 4096;
    bool m_first = true;
};

// Forwards to several sinks, so a run can write a VCD and a timeline at once.
class TraceFanout : public CoreTraceSink, public StreamTraceSink {
  public:
    void add(CoreTraceSink* core, StreamTraceSink* stream) {
        m_cores.push_back(core);
        m_streams.push_back(stream);
    }
    void core_state(int id, CoreState s, std::uint64_t at_ps) override {
        for (auto* c : m_cores) c->core_state(id, s, at_ps);
    }
    void core_round(int id, std::uint32_t r, std::uint64_t at_ps) override {
        for (auto* c : m_cores) c->core_round(id, r, at_ps);
    }
    void core_release(int id, std::uint32_t r, std::uint64_t at_ps) override {
        for (auto* c : m_cores) c->core_release(id, r, at_ps);
    }
    void stream_state(int id, StreamState s) override {
        for (auto* st : m_streams) st->stream_state(id, s);
    }

  private:
    std::vector<CoreTraceSink*> m_cores;
    std::vector<StreamTraceSink*> m_streams;
};

} // namespace syncsim
