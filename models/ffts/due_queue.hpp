// What is due at a time, earliest first (ties: the first pushed), for a
// model whose SC_METHOD wakes when the earliest falls due: the FFTS hub's
// messages in the order they leave their cores, and its flag deliveries.
// One event, re-armed for the earliest, rather than an event per item.
#pragma once

#include <algorithm>
#include <cstdint>
#include <systemc>
#include <utility>
#include <vector>

namespace syncsim {

template <typename What>
class DueQueue {
  public:
    void push(const sc_core::sc_time& at, std::uint64_t seq, What what, sc_core::sc_event& wake) {
        m_heap.push_back({at, seq, std::move(what)});
        std::push_heap(m_heap.begin(), m_heap.end());
        wake.notify(m_heap.front().at - sc_core::sc_time_stamp());
    }
    // Takes the earliest item due by `now`; false when none is.
    bool pop_due(const sc_core::sc_time& now, What& out) {
        if (m_heap.empty() || m_heap.front().at > now) return false;
        std::pop_heap(m_heap.begin(), m_heap.end());
        out = std::move(m_heap.back().what);
        m_heap.pop_back();
        return true;
    }
    void rearm(sc_core::sc_event& wake, const sc_core::sc_time& now) const {
        if (!m_heap.empty()) wake.notify(m_heap.front().at - now);
    }

  private:
    struct Due {
        sc_core::sc_time at;
        std::uint64_t seq;
        What what;
        bool operator<(const Due& o) const { return o.at < at || (o.at == at && o.seq < seq); }
    };
    std::vector<Due> m_heap;
};

} // namespace syncsim
