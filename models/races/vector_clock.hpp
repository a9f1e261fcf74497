// Vector clocks for the GM race detector (issue 28 item 4): one counter per
// agent (a core, the host, the AICPU). A release is what an agent publishes:
// what it knows of the others (shared) and its own counter at that moment.
//
// Cheap at any core count (issue 40): a barrier release gives every released
// agent the same clock, so clocks are shared, not copied, and a clock knows
// which others it was built from. Each content version has an id; a clock
// remembers the ids of a few contents it contains (what it was copied from,
// what it joined). `covers` answers from those in O(1) for the common case,
// a released agent adopting the barrier's joined clock, and compares counters
// only otherwise. Content only grows, so a remembered id stays true. An id
// is handed out only when someone looks (a burst of raises is one version).
// Kernel-free.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace syncsim {

class VectorClock {
  public:
    VectorClock() = default;
    VectorClock(const VectorClock& o) : m_c(o.m_c), m_id(o.id()), m_contains(o.m_contains) {}
    VectorClock& operator=(const VectorClock& o) {
        if (this != &o) {
            m_c = o.m_c;
            m_id = o.id();
            m_contains = o.m_contains;
            m_next_slot = 0;
            m_changed = false;
        }
        return *this;
    }

    std::uint32_t get(int agent) const {
        return static_cast<std::size_t>(agent) < m_c.size() ? m_c[static_cast<std::size_t>(agent)]
                                                            : 0;
    }
    void raise(int agent, std::uint32_t value) {
        const auto i = static_cast<std::size_t>(agent);
        if (i < m_c.size() && m_c[i] >= value) return;
        changing();
        if (i >= m_c.size()) m_c.resize(i + 1, 0);
        if (m_snapshots > 0) m_undo.emplace_back(static_cast<std::uint32_t>(i), m_c[i]);
        m_c[i] = value;
    }
    // Whether every counter of `o` (but `except`'s) is at most this one's.
    bool covers(const VectorClock& o, int except = -1) const {
        if (o.m_c.empty() || contains_id(o.id())) return true;
        for (std::size_t i = 0; i < o.m_c.size(); ++i)
            if (o.m_c[i] > get(static_cast<int>(i)) && static_cast<int>(i) != except) return false;
        // Found by comparing: the next look at the same content is O(1)
        // (every arriver and poller of a soft barrier's round brings the
        // round's one knowledge). Not with an exception: its counter may not be.
        if (except < 0 || static_cast<std::size_t>(except) >= o.m_c.size() ||
            o.m_c[static_cast<std::size_t>(except)] <= get(except))
            remember(o.id());
        return true;
    }
    void join(const VectorClock& o) {
        if (&o == this || covers(o)) return;
        const std::uint64_t joined = o.id();
        changing();
        if (o.m_c.size() > m_c.size()) m_c.resize(o.m_c.size(), 0);
        for (std::size_t i = 0; i < o.m_c.size(); ++i) {
            if (o.m_c[i] <= m_c[i]) continue;
            if (m_snapshots > 0) m_undo.emplace_back(static_cast<std::uint32_t>(i), m_c[i]);
            m_c[i] = o.m_c[i];
        }
        remember(joined);
    }
    // Snapshots: a holder that needs this clock as it is now while its owner
    // goes on growing it in place (an atomic's returned value: each arriver
    // of a soft barrier learns the arrivers before it). While one is held,
    // every raise is kept, so the content at a version can be made again.
    std::size_t version() const { return m_undo.size(); }
    std::size_t snapshots() const { return m_snapshots; }
    void hold() const { ++m_snapshots; }
    void unhold() const {
        if (--m_snapshots == 0) m_undo.clear();
    }
    // The content when version() was `version` (a clock of its own).
    VectorClock as_of(std::size_t version) const {
        VectorClock c;
        c.m_c = m_c;
        for (std::size_t i = m_undo.size(); i-- > version;)
            c.m_c[m_undo[i].first] = m_undo[i].second;
        return c;
    }
    bool operator==(const VectorClock& o) const { return covers(o) && o.covers(*this); }
    std::size_t size() const { return m_c.size(); }
    // This content's id (0: the empty clock).
    std::uint64_t id() const {
        if (m_c.empty()) return 0;
        if (m_id == 0 || m_changed) {
            m_id = ++s_next_id;
            m_changed = false;
        }
        return m_id;
    }

  private:
    bool contains_id(std::uint64_t id) const {
        return id == 0 || (id == m_id && !m_changed) ||
               std::find(m_contains.begin(), m_contains.end(), id) != m_contains.end();
    }
    // Before the content grows: the version others may have seen stays contained.
    void changing() {
        if (m_changed) return;
        if (m_id != 0) remember(m_id);
        m_changed = true;
    }
    void remember(std::uint64_t id) const {
        if (id == 0 || std::find(m_contains.begin(), m_contains.end(), id) != m_contains.end())
            return;
        // The first (what it was copied from or first joined: the clock its
        // holders had) stays; the others take turns.
        m_contains[m_next_slot] = id;
        m_next_slot = m_next_slot + 1 < m_contains.size() ? m_next_slot + 1 : 1;
    }

    std::vector<std::uint32_t> m_c;
    mutable std::uint64_t m_id = 0; // 0: none handed out yet
    mutable bool m_changed = false; // grown since m_id was handed out
    // Ids of contents this one contains: a cache, so kept when const.
    mutable std::array<std::uint64_t, 4> m_contains{};
    mutable std::size_t m_next_slot = 0;
    mutable std::size_t m_snapshots = 0;
    mutable std::vector<std::pair<std::uint32_t, std::uint32_t>> m_undo; // (agent, old value)
    static inline std::uint64_t s_next_id = 0;
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

// `c` joined with what `r` published, without a copy of r's knowledge when
// `c` already holds it.
inline void join_release(VectorClock& c, const Release& r) {
    if (r.knows) c.join(*r.knows);
    if (r.agent >= 0) c.raise(r.agent, r.own);
}

// A clock to grow in place: `c` itself when nobody else holds it but
// snapshots (which keep what they need), else a copy.
inline VectorClock& own_copy(SharedClock& c) {
    if (!c)
        c = std::make_shared<VectorClock>();
    else if (static_cast<std::size_t>(c.use_count()) > 1 + c->snapshots())
        c = std::make_shared<VectorClock>(*c);
    // Every clock here was made as a non-const VectorClock (make_shared above
    // or in the detector) and no one else holds it.
    return const_cast<VectorClock&>(*c);
}

} // namespace syncsim
