// Split-phase barriers (vortex 01f36d48): vx_barrier_arrive counts the warp
// and returns the barrier's generation without waiting; the arrival that
// completes the phase advances the generation and wakes every waiter of the
// id; vx_barrier_wait(id, token) goes on if the generation is past the token
// and otherwise stalls until a phase completes. Both take the BAR's path
// through the pipeline: the warp stalls from schedule to its warp-control
// cycle (is_wstall), and the woken warps are ready release_cycles later.
#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"
#include "syncsim/fault.hpp"

#include <bitset>
#include <sstream>

namespace syncsim::vortex {

// Issue to warp_ctl_if.valid; returns the execute cycle.
sc_core::sc_time VortexDevice::split_op(Warp& w, const char* intrinsic) {
    if (!m_p.split_phase())
        throw KernelFault(std::string(intrinsic) + " is an illegal instruction at vortex " +
                          m_p.rtl_version +
                          ": split-phase barriers came with 01f36d48 (the platform's "
                          "device.rtl_version)");
    issue(w);
    wait_for(cyc(m_p.bar_issue_cycles));
    const sc_core::sc_time t0 = sc_core::sc_time_stamp(); // execute_fire
    wait_for(cyc(m_p.wctl_cycles));
    return t0;
}

std::uint32_t VortexDevice::barrier_arrive(Warp& w, std::uint32_t id, std::uint32_t count) {
    Core& c = *w.core;
    const sc_core::sc_time t0 = split_op(w, "vx_barrier_arrive");
    const ArriveOutcome o = c.split->arrive(w.id, id, count);
    const sc_core::sc_time ready = sc_core::sc_time_stamp() + cyc(m_p.release_cycles);
    if (o.released) {
        // stalled_warps &= ~waiting: the waiters go, whatever stalls them now.
        ReleaseRecord r{false, c.index, o.id, to_ps(t0), to_ps(ready), {}, true};
        for (int i = 0; i < m_p.warps; ++i)
            if ((o.woken >> i & 1) && (c.stalled >> i & 1)) {
                r.warps.push_back(i);
                release(*c.warps[static_cast<std::size_t>(i)], ready);
            }
        m_releases.push_back(r);
        progress();
    }
    wait_until(ready);
    return o.token;
}

void VortexDevice::barrier_wait(Warp& w, std::uint32_t id, std::uint32_t token) {
    Core& c = *w.core;
    split_op(w, "vx_barrier_wait");
    int slot = 0;
    const bool done = c.split->wait(w.id, id, token, slot);
    const sc_core::sc_time ready = sc_core::sc_time_stamp() + cyc(m_p.release_cycles);
    if (done) {
        wait_until(ready);
        return;
    }
    set_state(w, "barrier");
    w.split_wait = true;
    w.split_id = id;
    w.token = token;
    w.slot = slot;
    w.released = false;
    set_stalled(c, w.id, true);
    while (!w.released) wait_on(w.release_event);
    set_stalled(c, w.id, false);
    set_state(w, "running");
    w.split_wait = false;
    progress();
}

std::string VortexDevice::split_wait_detail(const Core& c, const Warp& w) const {
    std::ostringstream os;
    os << "split-phase barrier " << w.slot << " (id 0x" << std::hex << w.split_id << std::dec
       << "): waiting for its generation to pass token " << w.token << "; generation "
       << c.split->generation(w.slot) << ", " << c.split->arrived(w.slot)
       << " arrival(s) in the current phase, " << std::bitset<64>(c.split->waiting(w.slot)).count()
       << " warp(s) waiting";
    return os.str();
}

} // namespace syncsim::vortex
