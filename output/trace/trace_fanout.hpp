// What models report for tracing, forwarded to every writer a run has (the
// VCD and the timeline): core and stream states, rounds, and the signals
// models declare, each writer keeping its own ids for them.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/report/trace_signals.hpp"
#include "models/runtime/stream.hpp"

#include <vector>

namespace syncsim {

class TraceFanout : public CoreTraceSink, public StreamTraceSink, public SignalTracer {
  public:
    // Before the first declaration.
    void add(CoreTraceSink* core, StreamTraceSink* stream, SignalTracer* signals) {
        m_cores.push_back(core);
        m_streams.push_back(stream);
        m_signals.push_back(signals);
    }
    // Whether anything was traced yet (a declaration after it is refused).
    bool started() const { return m_started; }

    void core_state(int id, CoreState s, std::uint64_t at_ps) override {
        m_started = true;
        for (auto* c : m_cores) c->core_state(id, s, at_ps);
    }
    void core_round(int id, std::uint32_t r, std::uint64_t at_ps) override {
        m_started = true;
        for (auto* c : m_cores) c->core_round(id, r, at_ps);
    }
    void core_release(int id, std::uint32_t r, std::uint64_t at_ps) override {
        m_started = true;
        for (auto* c : m_cores) c->core_release(id, r, at_ps);
    }
    void stream_state(const Stream& stream, StreamState s) override {
        m_started = true;
        for (auto* st : m_streams) st->stream_state(stream, s);
    }
    // -1 when every writer leaves the signal out.
    int declare(const SignalDecl& signal) override {
        std::vector<int> ids;
        bool kept = false;
        for (auto* s : m_signals) {
            ids.push_back(s->declare(signal));
            kept = kept || ids.back() >= 0;
        }
        if (!kept) return -1;
        m_ids.push_back(std::move(ids));
        return static_cast<int>(m_ids.size() - 1);
    }
    void change(int signal, std::uint64_t at_ps, std::uint64_t value) override {
        m_started = true;
        if (signal < 0) return;
        const std::vector<int>& ids = m_ids[static_cast<std::size_t>(signal)];
        for (std::size_t i = 0; i < ids.size(); ++i) m_signals[i]->change(ids[i], at_ps, value);
    }

  private:
    std::vector<CoreTraceSink*> m_cores;
    std::vector<StreamTraceSink*> m_streams;
    std::vector<SignalTracer*> m_signals;
    std::vector<std::vector<int>> m_ids; // by fanout id: each writer's id
    bool m_started = false;
};

} // namespace syncsim
