#include "models/vortex/vx_barrier_rules.hpp"

#include <bitset>
#include <string>

namespace syncsim::vortex {

namespace {
int popcount(std::uint64_t v) {
    return static_cast<int>(std::bitset<64>(v).count());
}
} // namespace

void BarrierTable::global_released(int id, int wctl_id) {
    m_masks.at(static_cast<std::size_t>(id)) = 0;
    if (m_g.fidelity == Fidelity::Rtl) m_ctrs.at(static_cast<std::size_t>(wctl_id)) = 0;
}

BarOutcome BarrierTable::arrive(int warp, std::uint32_t rs1, std::uint32_t rs2,
                                std::uint64_t active) {
    BarOutcome o;
    const bool global_bit = (rs1 >> 31) & 1;
    const bool is_global = global_bit && (m_g.gbar_enable || m_g.fidelity == Fidelity::SimX);
    const std::uint64_t caller = 1ull << warp;
    if (m_g.fidelity == Fidelity::SimX) {
        o.count = rs2;
        o.id = static_cast<int>(rs1 & 0x7fffffffu);
        if (rs2 < 2) {
            o.noop = true;
            return o;
        }
        if (o.id >= m_g.barriers)
            throw BarrierFault("barrier id " + std::to_string(o.id) + " >= NUM_BARRIERS " +
                               std::to_string(m_g.barriers) + " (SimX: barriers_.at throws)");
    } else {
        const std::uint32_t wmask = (1u << m_g.count_width()) - 1;
        o.count = rs2 & wmask;
        o.id = static_cast<int>(rs1 & ((1u << m_g.nb_width()) - 1)); // higher id bits ignored
        if (o.count == 1) {
            o.noop = true;
            return o;
        }
    }
    auto& mask = m_masks[static_cast<std::size_t>(o.id)];
    auto& ctr = m_ctrs[static_cast<std::size_t>(o.id)];
    if (is_global) {
        // Counted but never compared; the core asks the cluster once all its
        // active warps have arrived, whatever `count` says.
        mask |= caller;
        ++ctr;
        const std::uint32_t ncmask = (1u << m_g.nc_width()) - 1;
        o.size_m1 = (o.count - 1) & ncmask;
        o.global_request = mask == active;
        return o;
    }
    const bool last = m_g.fidelity == Fidelity::SimX
                          ? popcount(mask | caller) == static_cast<int>(o.count)
                          : ctr == ((o.count - 1) & ((1u << m_g.count_width()) - 1));
    if (last) {
        o.released = mask | caller;
        mask = 0;
        ctr = 0;
    } else {
        mask |= caller;
        ++ctr;
    }
    return o;
}

GbarUnit::GbarUnit(const BarrierGeometry& g, bool rtl_m_storage)
    : m_g(g),
      m_masks(rtl_m_storage && g.fidelity == Fidelity::Rtl ? static_cast<std::size_t>(g.nb_width())
                                                           : static_cast<std::size_t>(g.barriers),
              0) {}

bool GbarUnit::request(int id, std::uint32_t size_m1, std::uint32_t count, int core) {
    if (!has_storage(id)) return false; // no slot: the request is lost
    auto& mask = m_masks[static_cast<std::size_t>(id)];
    const bool complete = m_g.fidelity == Fidelity::SimX
                              ? popcount(mask | (1ull << core)) == static_cast<int>(count)
                              : static_cast<std::uint32_t>(popcount(mask)) == size_m1;
    if (complete)
        mask = 0;
    else
        mask |= 1ull << core;
    return complete;
}

SplitBarriers::SplitBarriers(const BarrierGeometry& g)
    : m_g(g), m_slots(g.fidelity == Fidelity::Rtl ? (1u << g.nb_width())
                                                  : static_cast<std::size_t>(g.barriers)) {}

int SplitBarriers::index(std::uint32_t rs1) const {
    if (m_g.fidelity == Fidelity::Rtl) // bit 31 is ignored: always a local barrier
        return static_cast<int>(rs1 & ((1u << m_g.nb_width()) - 1));
    if (rs1 >> 31)
        throw BarrierFault("a global split-phase barrier (id bit 31): SimX sends it to the "
                           "cluster's async barrier, which syncsim does not model");
    const int id = static_cast<int>(rs1);
    if (id >= m_g.barriers)
        throw BarrierFault("barrier id " + std::to_string(id) + " >= NUM_BARRIERS " +
                           std::to_string(m_g.barriers) + " (SimX: barriers_.at throws)");
    return id;
}

ArriveOutcome SplitBarriers::arrive(int warp, std::uint32_t rs1, std::uint32_t rs2) {
    ArriveOutcome o;
    o.id = index(rs1);
    Slot& s = m_slots[static_cast<std::size_t>(o.id)];
    o.token = s.generation;
    bool last = false;
    if (m_g.fidelity == Fidelity::Rtl) {
        // count is rs2[NW_WIDTH-1:0]: NUM_WARPS itself wraps to 0, and a
        // count of 0 or 1 completes the phase at every arrival.
        const std::uint32_t wmask = (1u << m_g.nw_width()) - 1;
        o.count = rs2 & wmask;
        last = o.count <= 1 || s.arrived == ((o.count - 1) & wmask);
        s.arrived = last ? 0 : (s.arrived + 1) & wmask;
    } else {
        if (s.expect == 0) s.expect = rs2;
        o.count = s.expect;
        const std::uint64_t me = 1ull << warp;
        if (s.arrived_mask & me) return o; // a second arrival in the phase is ignored
        s.arrived_mask |= me;
        last = ++s.arrived == s.expect;
        if (last) {
            s.arrived = 0;
            s.arrived_mask = 0;
        }
    }
    if (!last) return o;
    ++s.generation;
    o.released = true;
    o.woken = s.waiting;
    s.waiting = 0;
    return o;
}

bool SplitBarriers::wait(int warp, std::uint32_t rs1, std::uint32_t token, int& id) {
    id = index(rs1);
    Slot& s = m_slots[static_cast<std::size_t>(id)];
    const bool done = m_g.fidelity == Fidelity::Rtl
                          ? static_cast<std::int32_t>(s.generation - token) > 0
                          : s.generation >= token + 1;
    if (!done) s.waiting |= 1ull << warp;
    return done;
}

std::uint64_t GbarUnit::arrived(int id) const {
    return has_storage(id) ? m_masks[static_cast<std::size_t>(id)] : 0;
}

} // namespace syncsim::vortex
