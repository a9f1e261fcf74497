// The GM lines an agent outside the AICores keeps a hardware-coherent copy
// of (the AICPU's cache: simpler 6ebaf771 docs/hardware/mmio-performance.md
// "Normal cacheable, coherent"). A write that lands at an L2 on a watched
// line invalidates the copy at that moment and wakes whoever waits for the
// line to change. Only watched lines are kept (memory grows with the lines
// the AICPU read, not with time). Plain class: the events are notified, never
// waited on, here.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <systemc>

namespace syncsim {

class LineWatch {
  public:
    explicit LineWatch(std::uint32_t line_bytes) : m_line_bytes(line_bytes) {}

    std::uint64_t line_of(std::uint64_t addr) const { return addr / m_line_bytes; }
    std::uint64_t first_byte(std::uint64_t line) const { return line * m_line_bytes; }

    // A write of [addr, addr + len) landed now.
    void landed(std::uint64_t addr, std::uint64_t len) {
        if (m_lines.empty() || len == 0) return;
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        auto it = m_lines.lower_bound(line_of(addr));
        for (; it != m_lines.end() && it->first <= line_of(addr + len - 1); ++it) {
            it->second.landed = now;
            it->second.written = true;
            it->second.changed->notify(sc_core::SC_ZERO_TIME);
        }
    }
    // Starts watching the line of `addr` (if not already).
    void watch(std::uint64_t addr) {
        Line& l = m_lines[line_of(addr)];
        if (!l.changed) l.changed = std::make_unique<sc_core::sc_event>();
    }
    // Whether a write landed on the watched line of `addr` after `since`.
    bool written_after(std::uint64_t addr, const sc_core::sc_time& since) const {
        const auto it = m_lines.find(line_of(addr));
        return it != m_lines.end() && it->second.written && it->second.landed > since;
    }
    // Notified when a write lands on the line of `addr` (watched first).
    const sc_core::sc_event& changed(std::uint64_t addr) {
        watch(addr);
        return *m_lines[line_of(addr)].changed;
    }

  private:
    struct Line {
        sc_core::sc_time landed;
        bool written = false;
        std::unique_ptr<sc_core::sc_event> changed;
    };
    std::uint32_t m_line_bytes;
    std::map<std::uint64_t, Line> m_lines;
};

} // namespace syncsim
