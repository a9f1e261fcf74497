#include "models/races/race_clocks.hpp"

namespace syncsim {

Release RaceClocks::release(int agent) {
    own_step(agent);
    AgentClock& a = settled(agent);
    Release r{a.knows, agent, a.own};
    ++a.own;
    return r;
}

void RaceClocks::acquire(int agent, const Release& r) {
    AgentClock& a = settled(agent);
    const bool own_known = r.agent < 0 || r.agent == agent || known(agent, r.agent) >= r.own;
    bool rest_known =
        !r.knows || r.knows == a.knows || (a.knows && a.knows->covers(*r.knows, agent));
    if (!rest_known && (!a.knows || r.knows->covers(*a.knows, agent))) {
        a.knows = r.knows; // shared, not copied: a barrier's joined clock
        rest_known = true;
    }
    if (own_known && rest_known) return;
    VectorClock& grown = knows_to_grow(agent);
    if (!rest_known) grown.join(*r.knows);
    if (!own_known) grown.raise(r.agent, r.own);
}

void RaceClocks::acquire(int agent, const SharedClock& c) {
    if (!c) return;
    AgentClock& a = m_clocks[static_cast<std::size_t>(agent)];
    if (a.later == c) drop_later(a); // the same clock grown since covers it
    settled(agent);
    if (a.knows == c) return;
    if (!a.knows || c->covers(*a.knows, agent)) {
        a.knows = c;
        return;
    }
    if (!a.knows->covers(*c, agent)) knows_to_grow(agent).join(*c);
}

void RaceClocks::acquire(int agent, const VectorClock& c) {
    AgentClock& a = settled(agent);
    if (c.size() == 0 || (a.knows && a.knows->covers(c, agent))) return; // its own counter is `own`
    knows_to_grow(agent).join(c);
}

void RaceClocks::acquire_later(int agent, const SharedClock& c) {
    if (!c) return;
    AgentClock& a = m_clocks[static_cast<std::size_t>(agent)];
    if (a.later == c) drop_later(a); // a newer snapshot of the same clock
    settled(agent);
    if (a.knows && !c->covers(*a.knows, agent)) return acquire(agent, c);
    a.later = c;
    a.later_version = c->version();
    c->hold();
}

RaceClocks::AgentClock& RaceClocks::settled(int agent) const {
    AgentClock& a = m_clocks[static_cast<std::size_t>(agent)];
    if (!a.later) return a;
    // It covered the agent's knowledge when taken: adopted while unchanged.
    if (a.later->version() == a.later_version)
        a.knows = a.later;
    else
        a.knows = std::make_shared<VectorClock>(a.later->as_of(a.later_version));
    drop_later(a);
    return a;
}

VectorClock RaceClocks::clock(int agent) const {
    const AgentClock& a = settled(agent);
    VectorClock c;
    if (a.knows) c = *a.knows;
    c.raise(agent, a.own);
    return c;
}

void RaceClocks::flags_set(const std::vector<Release>& sent, const std::vector<int>& targets,
                           int space, int id) {
    if (!m_active) return;
    // The arrivers of one round mostly know the same shared clock: joined once.
    auto joined = std::make_shared<VectorClock>();
    const VectorClock* last = nullptr;
    for (const Release& r : sent) {
        if (r.knows && r.knows.get() != last) {
            joined->join(*r.knows);
            last = r.knows.get();
        }
        if (r.agent >= 0) joined->raise(r.agent, r.own);
    }
    const SharedClock shared = std::move(joined);
    for (int target : targets) {
        SharedClock& object = m_objects[flag_key(target, space, id)];
        if (!object || shared->covers(*object))
            object = shared;
        else
            own_copy(object).join(*shared);
    }
}

} // namespace syncsim
