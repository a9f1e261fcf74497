// Busy-until serialisation: a resource that serves one request at a time
// computes when the next one may start, instead of queueing events. N requests
// arriving together start at 0, s, 2s, ... which is what makes atomics on one
// counter cost N service times.
#pragma once

#include <algorithm>
#include <systemc>

namespace syncsim {

// How long requests waited for a busy resource: integer time, so the sum
// does not depend on the order it is taken in.
struct QueueTally {
    sc_core::sc_time total = sc_core::SC_ZERO_TIME;
    sc_core::sc_time longest = sc_core::SC_ZERO_TIME;
    void add(const sc_core::sc_time& queued) {
        total += queued;
        longest = std::max(longest, queued);
    }
};

class BusyUntil {
  public:
    // Returns the start time of a request arriving at `arrival` that holds the
    // resource for `occupancy`.
    sc_core::sc_time reserve(const sc_core::sc_time& arrival, const sc_core::sc_time& occupancy) {
        const sc_core::sc_time start = std::max(arrival, m_busy_until);
        m_busy_until = start + occupancy;
        return start;
    }
    const sc_core::sc_time& busy_until() const { return m_busy_until; }
    // Skipping ahead over requests served in bulk (SleepingPolls).
    void delay_by(const sc_core::sc_time& d) { m_busy_until += d; }

  private:
    sc_core::sc_time m_busy_until = sc_core::SC_ZERO_TIME;
};

} // namespace syncsim
