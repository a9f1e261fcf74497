// Vortex barrier semantics as plain classes (vortex-gbar.md 1.2-1.4): the
// per-core barrier table in VX_schedule and the per-cluster VX_gbar_unit, in
// the RTL's reading and SimX's where they differ. Unit-tested without a kernel.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace syncsim::vortex {

enum class Fidelity { Rtl, SimX };

inline int clog2(std::uint64_t n) {
    int b = 0;
    while ((1ull << b) < n) ++b;
    return b;
}
inline int up(int bits) {
    return bits < 1 ? 1 : bits;
} // UP(): at least one bit

struct BarrierGeometry {
    int warps, cores_per_cluster, barriers;
    bool gbar_enable;
    Fidelity fidelity;
    int nb_width() const { return up(clog2(static_cast<std::uint64_t>(barriers))); }
    int nw_width() const { return up(clog2(static_cast<std::uint64_t>(warps))); }
    int nc_width() const { return up(clog2(static_cast<std::uint64_t>(cores_per_cluster))); }
    // Width of the count operand: NW_WIDTH, or MAX(NW, NC) with GBAR.
    int count_width() const { return gbar_enable ? std::max(nw_width(), nc_width()) : nw_width(); }
};

class BarrierFault : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What one BAR does to the table.
struct BarOutcome {
    bool noop = false;           // count 1 (RTL) or < 2 (SimX): the caller goes on
    std::uint64_t released = 0;  // warps a local barrier releases (caller included)
    bool global_request = false; // this core now sends its gbar request
    int id = 0;                  // table index after truncation
    std::uint32_t size_m1 = 0;   // for the gbar request (count - 1, NC_WIDTH bits)
    std::uint32_t count = 0;     // count as the hardware sees it (mod 2^W)
};

class BarrierTable {
  public:
    explicit BarrierTable(const BarrierGeometry& g)
        : m_g(g), m_masks(entries(g), 0), m_ctrs(entries(g), 0) {}

    // A BAR from `warp` with operands rs1 (id, bit 31 = global) and rs2 (count);
    // `active` is the core's active-warp mask when the BAR executes.
    BarOutcome arrive(int warp, std::uint32_t rs1, std::uint32_t rs2, std::uint64_t active);
    // The gbar response for `id`: its mask is cleared. The RTL resets the
    // counter of `wctl_id`, the id on the warp-control interface at that
    // moment, not the response's (vortex-gbar.md 1.3, VX_schedule.sv:185);
    // usually the gbar's own. SimX counts by the mask and has no counter.
    void global_released(int id, int wctl_id);
    std::uint64_t mask(int id) const { return m_masks.at(static_cast<std::size_t>(id)); }
    std::uint32_t counter(int id) const { return m_ctrs.at(static_cast<std::size_t>(id)); }
    int entries() const { return static_cast<int>(m_masks.size()); }

  private:
    static std::size_t entries(const BarrierGeometry& g) {
        // The RTL indexes with NB_WIDTH bits, so ids alias into 2^NB_WIDTH slots.
        return g.fidelity == Fidelity::Rtl ? (1u << g.nb_width())
                                           : static_cast<std::size_t>(g.barriers);
    }
    BarrierGeometry m_g;
    std::vector<std::uint64_t> m_masks;
    std::vector<std::uint32_t> m_ctrs;
};

// One VX_gbar_unit: per id, the cores that have arrived.
class GbarUnit {
  public:
    // rtl_m_storage: the M revision's array has NB_WIDTH entries, not NUM_BARRIERS (H8).
    GbarUnit(const BarrierGeometry& g, bool rtl_m_storage);
    // A core's request; returns true when it completes the barrier (the
    // unit then clears the id and broadcasts its response).
    bool request(int id, std::uint32_t size_m1, std::uint32_t count, int core);
    std::uint64_t arrived(int id) const;
    bool has_storage(int id) const { return id >= 0 && id < static_cast<int>(m_masks.size()); }

  private:
    BarrierGeometry m_g;
    std::vector<std::uint64_t> m_masks;
};

// The split-phase barriers of RTL 01f36d48 (vx_barrier_arrive returns a
// token, vx_barrier_wait(id, token) waits for the generation past it):
// per id a generation, an arrival count and a mask of waiters, apart from
// the blocking table (VX_schedule.sv:94-96, 210-237, 361). SimX reads them
// differently (emulator.cpp:333-466): it latches the first count it sees,
// ignores a warp's second arrival in a phase, and compares unsigned.
struct ArriveOutcome {
    int id = 0;
    std::uint32_t count = 0; // as the hardware sees it
    std::uint32_t token = 0; // the generation before this arrival
    bool released = false;   // this arrival completed the phase
    std::uint64_t woken = 0; // the waiters it wakes
};

class SplitBarriers {
  public:
    explicit SplitBarriers(const BarrierGeometry& g);
    ArriveOutcome arrive(int warp, std::uint32_t rs1, std::uint32_t rs2);
    // True if the phase after `token` is complete: the warp goes on; else it
    // is recorded as a waiter of `id` (the table index, set either way).
    bool wait(int warp, std::uint32_t rs1, std::uint32_t token, int& id);
    std::uint32_t generation(int id) const { return slot(id).generation; }
    std::uint32_t arrived(int id) const { return slot(id).arrived; }
    std::uint64_t waiting(int id) const { return slot(id).waiting; }

  private:
    struct Slot {
        std::uint32_t generation = 0, arrived = 0;
        std::uint32_t expect = 0;       // SimX: the count latched at the first arrival
        std::uint64_t arrived_mask = 0; // SimX: who arrived in this phase
        std::uint64_t waiting = 0;
    };
    int index(std::uint32_t rs1) const;
    const Slot& slot(int id) const { return m_slots.at(static_cast<std::size_t>(id)); }
    BarrierGeometry m_g;
    std::vector<Slot> m_slots;
};

} // namespace syncsim::vortex
