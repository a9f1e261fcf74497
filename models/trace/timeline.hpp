// A Chrome trace-event timeline of a run (opens in Perfetto or
// chrome://tracing): one track per core with slices for compute, waits,
// polls and stalls and instant events for barrier arrivals and releases,
// and one track per stream.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/runtime/stream.hpp"

#include <map>
#include <string>
#include <vector>

namespace syncsim {

class TimelineRecorder : public CoreTraceSink, public StreamTraceSink {
  public:
    explicit TimelineRecorder(const std::vector<AiCore*>& cores);

    void core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) override;
    void core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) override;
    void core_release(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) override;
    void stream_state(int stream, StreamState state) override;

    void write(const std::string& path, std::uint64_t end_ps);

  private:
    struct Open {
        std::string name;
        std::uint64_t since_ps = 0;
    };
    struct Event {
        std::string name, phase; // "X" slice, "i" instant
        int pid, tid;
        std::uint64_t ts_ps, dur_ps;
    };
    void close(int pid, int tid, Open& open, std::uint64_t now);

    std::vector<std::string> m_core_names;
    std::map<int, Open> m_core_open, m_stream_open;
    std::vector<Event> m_events;
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
