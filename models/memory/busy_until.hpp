// Busy-until serialisation: a resource that serves one request at a time
// computes when the next one may start, instead of queueing events. N requests
// arriving together start at 0, s, 2s, ... which is what makes atomics on one
// counter cost N service times.
#pragma once

#include <algorithm>
#include <systemc>

namespace syncsim {

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

  private:
    sc_core::sc_time m_busy_until = sc_core::SC_ZERO_TIME;
};

} // namespace syncsim
