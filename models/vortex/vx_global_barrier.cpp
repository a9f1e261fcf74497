// The global barrier path: a core's request goes through the gbar network
// to its cluster's gbar unit; the unit's response is broadcast back to every
// core of the cluster.
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"

namespace syncsim::vortex {

void VortexDevice::global_request(Core& c, int id, std::uint32_t size_m1, std::uint32_t count) {
    const sc_core::sc_time c0 = sc_core::sc_time_stamp();
    const sc_core::sc_time at_socket = c0 + cyc(m_p.gbar_req_cycles);
    m_gbar.route({c.socket, c.socket_input, c.cluster, c.cluster_input}, at_socket);
    GbarUnit& unit = m_gbar.unit(c.cluster);
    if (!unit.has_storage(id)) {
        m_lost.push_back(
            "core " + std::to_string(c.index) + ": gbar id " + std::to_string(id) +
            " has no storage in the cluster's gbar unit (RTL M revision): the request was lost");
        return;
    }
    if (!unit.request(id, size_m1, count, c.local)) return;
    // The response is registered in the unit, then in the cluster and socket
    // arbiters and at the core, and broadcast to every core of the cluster.
    const sc_core::sc_time rsp =
        sc_core::sc_time_stamp() + cyc(m_p.gbar_unit_cycles + 3 * m_p.gbar_rsp_cycles);
    m_releases.push_back({true, c.index, id, to_ps(c0), to_ps(rsp), {}});
    for (auto& core : m_cores)
        if (core->cluster == c.cluster) {
            Core* target = core.get();
            sc_core::sc_spawn_options opts;
            sc_core::sc_spawn(
                [this, target, id, rsp] {
                    wait_until(rsp);
                    gbar_response(*target, id);
                },
                nullptr, &opts);
        }
}

void VortexDevice::gbar_response(Core& c, int id) {
    if (c.gbar_req_id != id) return;
    // stalled_warps = 0: every stalled warp of the core goes, whatever it waited for.
    c.table->global_released(id, c.wctl_barrier_id);
    c.requested.erase(id);
    for (auto& w : c.warps)
        if (c.stalled >> w->id & 1) release(*w, sc_core::sc_time_stamp());
}

} // namespace syncsim::vortex
