// How many requests wait for a busy range of one L2, over time, as a traced
// counter. A request that reaches the L2 at `arrival` and is served from
// `start` waits in between; the depth at a moment is how many such waits
// cover it. Each wait is known at its arrival, with its start in the
// future, and a trace takes values, not steps: so at each arrival the depth
// from then on is reported again at every pending start (a later report of
// one moment replaces an earlier one). Memory holds the pending starts.
// Kernel-free (times in ps).
#pragma once

#include "models/report/trace_signals.hpp"

#include <cstdint>
#include <set>

namespace syncsim {

class QueueDepthTrace {
  public:
    // Null: nothing traced (and waited() costs nothing).
    void set_tracer(SignalTracer* tracer, const SignalDecl& signal) {
        m_tracer = tracer;
        m_signal = tracer ? tracer->declare(signal) : -1;
        m_pending.clear();
    }
    bool tracing() const { return m_signal >= 0; }

    // A request arrived at `arrival_ps` and is served from `start_ps`.
    // Arrivals come in time order.
    void waited(std::uint64_t arrival_ps, std::uint64_t start_ps) {
        if (!tracing()) return;
        // Waits that ended by now were reported at their starts already.
        m_pending.erase(m_pending.begin(), m_pending.upper_bound(arrival_ps));
        if (start_ps <= arrival_ps) return; // served at once: no change
        m_pending.insert(start_ps);
        m_tracer->change(m_signal, arrival_ps, m_pending.size());
        std::uint64_t left = m_pending.size();
        for (auto it = m_pending.begin(); it != m_pending.end();) {
            const std::uint64_t at = *it;
            for (; it != m_pending.end() && *it == at; ++it) --left;
            m_tracer->change(m_signal, at, left);
        }
    }

  private:
    SignalTracer* m_tracer = nullptr;
    int m_signal = -1;
    std::multiset<std::uint64_t> m_pending; // starts after the last arrival
};

} // namespace syncsim
