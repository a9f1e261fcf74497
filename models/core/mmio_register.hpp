// A core register another agent reaches by MMIO (DATA_MAIN_BASE, COND): a
// write lands after its path's latency, so a reader at a given time sees the
// last write that had landed by then. Writes land in order. Waiters sleep on
// posted() and ask when the value can next differ, so nothing wakes to find
// nothing changed.
#pragma once

#include "models/systemc/simulation_time.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <deque>
#include <optional>
#include <systemc>

namespace syncsim {

class MmioRegister {
  public:
    // `value` lands `latency` from now (never before an earlier write).
    void post(std::uint64_t value, const sc_core::sc_time& latency) {
        sc_core::sc_time at = sc_core::sc_time_stamp() + latency;
        if (!m_writes.empty() && m_writes.back().at > at) at = m_writes.back().at;
        m_writes.push_back({value, at});
        m_posted.notify(sc_core::SC_ZERO_TIME);
    }
    // What a read at `at` (now or later: landed writes are forgotten) returns.
    std::uint64_t read(const sc_core::sc_time& at) {
        forget_landed();
        std::uint64_t v = m_value;
        for (const Write& w : m_writes) {
            if (w.at > at) break;
            v = w.value;
        }
        return v;
    }
    // The first time from `from` on at which a read returns other than
    // `value`, as far as the writes posted so far say; none: wait on posted().
    std::optional<sc_core::sc_time> first_differing(std::uint64_t value,
                                                    const sc_core::sc_time& from) {
        if (read(from) != value) return from;
        for (const Write& w : m_writes)
            if (w.at > from && w.value != value) return w.at;
        return std::nullopt;
    }
    const sc_core::sc_event& posted() const { return m_posted; }
    // A kernel launch leaves the register at `value` (DATA_MAIN_BASE: 0,
    // simpler's aicore_executor.cpp:85-92, "verified on a2a3 silicon").
    void reset(std::uint64_t value) {
        m_writes.clear();
        m_value = value;
        m_posted.notify(sc_core::SC_ZERO_TIME);
    }

  private:
    struct Write {
        std::uint64_t value;
        sc_core::sc_time at;
    };
    // Writes that landed by now fold into the value: only those in flight
    // stay, so memory holds at most the writes of one latency.
    void forget_landed() {
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        while (!m_writes.empty() && m_writes.front().at <= now) {
            m_value = m_writes.front().value;
            m_writes.pop_front();
        }
    }

    std::uint64_t m_value = 0;
    std::deque<Write> m_writes;
    sc_core::sc_event m_posted;
};

// The two registers of a core's window, and how long the core's COND
// stores take to land where the AICPU reads them (the AICPU sets it; its
// own stores carry their latency).
struct CoreRegisters {
    MmioRegister data_main_base, cond;
    sc_core::sc_time core_write_latency = sc_core::SC_ZERO_TIME;
    MmioRegister& operator[](RegId r) { return r == RegId::COND ? cond : data_main_base; }
};

} // namespace syncsim
