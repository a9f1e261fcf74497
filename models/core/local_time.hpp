// The scalar unit's own time. Private work (cache hits, scalar ops) runs
// ahead of the SystemC kernel's time by up to a quantum (the lag); anything
// another agent can observe syncs first. The quantum only bounds how long a
// purely private loop goes without yielding, so results do not depend on it.
#pragma once

#include "models/systemc/simulation_time.hpp"

#include <algorithm>
#include <systemc>

namespace syncsim {

class LocalTime {
  public:
    static constexpr double kQuantumCycles = 1000;

    explicit LocalTime(const Clock& clock, double quantum_cycles = kQuantumCycles)
        : m_clock(clock), m_quantum(clock.cycles(quantum_cycles)) {}

    const Clock& clock() const { return m_clock; }
    sc_core::sc_time cycles(double n) const { return m_clock.cycles(n); }
    // The core's own time: the kernel's, plus how far its private work ran ahead.
    sc_core::sc_time now() const { return sc_core::sc_time_stamp() + m_lag; }
    // The latest time the core has reached: a core waiting from ahead of the
    // kernel is at the time it started waiting.
    sc_core::sc_time reached() const { return std::max(now(), m_waiting_from); }

    void advance(double cycles) {
        m_lag += m_clock.cycles(cycles);
        if (m_lag > m_quantum) sync();
    }
    // Catches up with the kernel: waits out the lag.
    void sync();
    // Waits for `event` without catching up first (that would cost a
    // resumption of its own): what wakes the core may have happened before
    // the core's own time, as it ran ahead; it then goes on at its own time.
    // Only for waits on what this core cannot see early: a flag or pipe of
    // its own, never a shared word.
    void wait_ahead(const sc_core::sc_event& event);
    // Forgets the lag (the block was killed; the core sleeps from the kernel's time).
    void drop_lag() { m_lag = sc_core::SC_ZERO_TIME; }

  private:
    Clock m_clock;
    sc_core::sc_time m_quantum;
    sc_core::sc_time m_lag = sc_core::SC_ZERO_TIME;
    sc_core::sc_time m_waiting_from = sc_core::SC_ZERO_TIME; // in wait_ahead: the core's time
};

} // namespace syncsim
