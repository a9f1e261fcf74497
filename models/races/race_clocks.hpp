// The race detector's clocks (race_detector.hpp): what each agent knows of
// the others (a vector clock, shared while unchanged: vector_clock.hpp), its
// own counter, and the synchronisation objects releases go into (a stream, a
// notify id, an MMIO register, a core's FFTS flag). A barrier's flag set joins
// its arrivers' releases once and every released core adopts that one clock,
// so a round costs O(1) per core, not O(cores). Kernel-free.
#pragma once

#include "models/races/sync_observer.hpp"
#include "models/races/vector_clock.hpp"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace syncsim {

class RaceClocks : public FlagSetObserver {
  public:
    enum class SyncKind { Stream, CntNotify, Notify, Event, Register, Aicpu, Flag };
    using SyncKey = std::pair<SyncKind, std::uint64_t>;

    RaceClocks(std::size_t agents, bool active) : m_clocks(agents), m_active(active) {}
    bool active() const { return m_active; }
    std::uint32_t own(int agent) const { return m_clocks[static_cast<std::size_t>(agent)].own; }
    // The agent learns `c` as it is now, taken when it next needs its
    // knowledge: an atomic's returned value, which its owner goes on growing
    // in place (a soft barrier's arrivers: no copy each). A later acquire of
    // the same clock (the barrier's poll) supersedes it.
    void acquire_later(int agent, const SharedClock& c);

    // What the agent publishes now; its clock moves on.
    Release release(int agent);
    void acquire(int agent, const Release& r);
    void acquire(int agent, const SharedClock& c);
    void acquire(int agent, const VectorClock& c);
    VectorClock clock(int agent) const;
    // What the agent knows of the others now (for a cache line's fill).
    const SharedClock& knowledge(int agent) const { return settled(agent).knows; }
    // A synchronisation object (a stream, a notify id, a register ...): what
    // was released into it (shared; null: nothing).
    SharedClock object(const SyncKey& key) const {
        auto it = m_objects.find(key);
        return it == m_objects.end() ? SharedClock() : it->second;
    }
    void join_into(const SyncKey& key, const VectorClock& c) {
        if (m_active) own_copy(m_objects[key]).join(c);
    }
    void join_into(const SyncKey& key, const Release& r) {
        if (m_active) join_release(own_copy(m_objects[key]), r);
    }
    // `agent` publishes into the object (and moves on) / learns what it holds.
    void release_to(int agent, const SyncKey& key) {
        if (m_active) join_into(key, release(agent));
    }
    void acquire_from(int agent, const SyncKey& key) {
        auto it = m_objects.find(key);
        if (m_active && it != m_objects.end()) acquire(agent, it->second);
    }
    static SyncKey stream_key(int stream) {
        return {SyncKind::Stream, static_cast<std::uint64_t>(stream)};
    }
    // A core's MMIO register (its RegId as a number) as an object.
    static SyncKey register_key(int core, int reg) {
        return {SyncKind::Register,
                static_cast<std::uint64_t>(core) << 16 | static_cast<std::uint64_t>(reg)};
    }
    // A core's FFTS (space 0) or intra-block (1) flag as an object: what the
    // messages that set it published, until its wait takes it.
    static SyncKey flag_key(int core, int space, int id) {
        return {SyncKind::Flag, static_cast<std::uint64_t>(core) << 32 |
                                    static_cast<std::uint64_t>(space) << 16 |
                                    static_cast<std::uint64_t>(id)};
    }
    // One object learns what another holds (a stream from a notify ...).
    void pass(const SyncKey& from, const SyncKey& to) {
        auto it = m_objects.find(from);
        if (m_active && it != m_objects.end() && it->second) join_into(to, *it->second);
    }
    // FlagSetObserver: the hub sets these targets' flag for these messages:
    // their releases joined once, the one clock shared by every target.
    void flags_set(const std::vector<Release>& sent, const std::vector<int>& targets, int space,
                   int id) override;
    void flag_set(const std::vector<Release>& sent, int target, int space, int id) {
        flags_set(sent, {target}, space, id);
    }

  protected:
    // The agent took a step of its own (a release): the detector's hook.
    virtual void own_step(int) {}
    std::uint32_t known(int agent, int of) const {
        const SharedClock& k = settled(agent).knows;
        return k ? k->get(of) : 0;
    }
    void stop() {
        m_active = false;
        m_objects.clear();
    }

  private:
    struct AgentClock {
        SharedClock knows;
        std::uint32_t own = 1;
        SharedClock later; // acquire_later's clock, held as a snapshot at `later_version`
        std::size_t later_version = 0;
    };
    // The agent's clock with what it acquires later taken in.
    AgentClock& settled(int agent) const;
    void drop_later(AgentClock& a) const {
        a.later->unhold();
        a.later.reset();
    }
    // The agent's knowledge, to grow in place (copied if shared).
    VectorClock& knows_to_grow(int agent) { return own_copy(settled(agent).knows); }

    mutable std::vector<AgentClock> m_clocks;
    struct SyncKeyHash {
        std::size_t operator()(const SyncKey& k) const {
            return std::hash<std::uint64_t>()(k.second * 8 + static_cast<std::uint64_t>(k.first));
        }
    };
    // Looked up per released core and per wait: hashed, not ordered.
    std::unordered_map<SyncKey, SharedClock, SyncKeyHash> m_objects;
    bool m_active;
};

} // namespace syncsim
