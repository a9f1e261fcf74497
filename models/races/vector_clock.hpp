// Vector clocks for the GM race detector (issue 28 item 4): one counter per
// agent (a core, the host, the AICPU). A release is what an agent publishes:
// what it knows of the others (shared, copied only when an acquire changes
// it) and its own counter at that moment. Kernel-free.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace syncsim {

class VectorClock {
  public:
    std::uint32_t get(int agent) const {
        return static_cast<std::size_t>(agent) < m_c.size() ? m_c[static_cast<std::size_t>(agent)]
                                                            : 0;
    }
    void raise(int agent, std::uint32_t value) {
        const auto i = static_cast<std::size_t>(agent);
        if (i >= m_c.size()) m_c.resize(i + 1, 0);
        m_c[i] = std::max(m_c[i], value);
    }
    // Whether every counter of `o` (but `except`'s) is at most this one's.
    bool covers(const VectorClock& o, int except = -1) const {
        for (std::size_t i = 0; i < o.m_c.size(); ++i)
            if (o.m_c[i] > get(static_cast<int>(i)) && static_cast<int>(i) != except) return false;
        return true;
    }
    void join(const VectorClock& o) {
        if (o.m_c.size() > m_c.size()) m_c.resize(o.m_c.size(), 0);
        for (std::size_t i = 0; i < o.m_c.size(); ++i) m_c[i] = std::max(m_c[i], o.m_c[i]);
    }
    bool operator==(const VectorClock& o) const { return covers(o) && o.covers(*this); }
    std::size_t size() const { return m_c.size(); }

  private:
    std::vector<std::uint32_t> m_c;
};

using SharedClock = std::shared_ptr<const VectorClock>;

// What an agent published at a release (or a write another may poll).
struct Release {
    SharedClock knows; // its knowledge of the other agents; null: nothing
    int agent = -1;    // -1: an empty release
    std::uint32_t own = 0;

    // The release as one clock.
    VectorClock clock() const {
        VectorClock c;
        if (knows) c = *knows;
        if (agent >= 0) c.raise(agent, own);
        return c;
    }
    bool operator==(const Release& o) const {
        return knows == o.knows && agent == o.agent && own == o.own;
    }
};

} // namespace syncsim
