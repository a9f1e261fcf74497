// The global barrier path: a core's request goes through the socket and
// cluster arbiters (round robin, one request a cycle) to its cluster's gbar
// unit; the unit's response is broadcast back to every core of the cluster.
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"

#include <algorithm>
#include <bitset>
#include <sstream>

namespace syncsim::vortex {

sc_core::sc_time VortexDevice::arbitrate(Arbiter& a, int input, const sc_core::sc_time& at) {
    // SimX forwards Socket -> Cluster by plain function calls: no arbitration, no buffers.
    if (m_geometry.fidelity == Fidelity::SimX) return at;
    wait_until(at);
    Arbiter::Request request{input, {}, {}, false};
    a.pending.push_back(&request);
    a.arbitrate->notify(sc_core::SC_ZERO_TIME);
    while (!request.ready) wait_on(request.done);
    return request.granted + cyc(a.out_buf);
}

void VortexDevice::run_arbiter(Arbiter& a) {
    std::sort(a.pending.begin(), a.pending.end(),
              [&a](const Arbiter::Request* x, const Arbiter::Request* y) {
                  return (x->input - a.rr + a.inputs) % a.inputs <
                         (y->input - a.rr + a.inputs) % a.inputs;
              });
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    for (Arbiter::Request* r : a.pending) {
        r->granted = a.out.reserve(now, cyc(1));
        r->ready = true;
        r->done.notify(r->granted - now);
        a.rr = (r->input + 1) % a.inputs;
    }
    a.pending.clear();
}

void VortexDevice::global_request(Core& c, int id, std::uint32_t size_m1, std::uint32_t count) {
    const sc_core::sc_time c0 = sc_core::sc_time_stamp();
    const sc_core::sc_time at_socket = c0 + cyc(m_p.gbar_req_cycles);
    wait_until(at_socket);
    const sc_core::sc_time at_cluster =
        arbitrate(m_socket_arbs[static_cast<std::size_t>(c.socket)], c.socket_input, at_socket);
    wait_until(at_cluster);
    const sc_core::sc_time at_unit =
        arbitrate(m_cluster_arbs[static_cast<std::size_t>(c.cluster)], c.cluster_input, at_cluster);
    wait_until(at_unit);
    GbarUnit& unit = m_gbar_units[static_cast<std::size_t>(c.cluster)];
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

std::vector<std::string> VortexDevice::gbar_state() const {
    std::vector<std::string> out;
    for (std::size_t cl = 0; cl < m_gbar_units.size(); ++cl)
        for (int id = 0; id < m_geometry.barriers; ++id) {
            const std::uint64_t mask = m_gbar_units[cl].arrived(id);
            if (mask)
                out.push_back("cluster " + std::to_string(cl) + " gbar id " + std::to_string(id) +
                              ": cores 0x" +
                              [&] {
                                  std::ostringstream os;
                                  os << std::hex << mask;
                                  return os.str();
                              }() +
                              " arrived (" + std::to_string(std::bitset<64>(mask).count()) + ")");
        }
    return out;
}

} // namespace syncsim::vortex
