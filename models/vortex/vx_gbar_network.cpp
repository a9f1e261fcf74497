#include "models/vortex/vx_gbar_network.hpp"

#include <algorithm>
#include <bitset>
#include <sstream>

namespace syncsim::vortex {

GbarNetwork::GbarNetwork(const DeviceParams& p, const BarrierGeometry& geometry, const Clock& clock)
    : m_geometry(geometry), m_clock(clock) {
    const int sockets = static_cast<int>(p.sockets());
    for (int cl = 0; cl < p.clusters; ++cl) {
        m_units.emplace_back(m_geometry, p.gbar_storage_rtl_m);
        Arbiter cluster_arb;
        cluster_arb.inputs = sockets;
        cluster_arb.out_buf = sockets > 2 ? 1 : 0; // OUT_BUF = (NUM_SOCKETS > 2) ? 1 : 0
        m_cluster_arbs.push_back(std::move(cluster_arb));
        for (int s = 0; s < sockets; ++s) {
            Arbiter socket_arb;
            socket_arb.inputs = static_cast<int>(p.socket_size);
            socket_arb.out_buf = p.socket_size > 1 ? 1 : 0; // OUT_BUF = (SOCKET_SIZE > 1) ? 2 : 0
            m_socket_arbs.push_back(std::move(socket_arb));
        }
    }
    for (auto* arbs : {&m_socket_arbs, &m_cluster_arbs})
        for (Arbiter& a : *arbs) {
            Arbiter* raw = &a;
            sc_core::sc_spawn_options opts;
            opts.spawn_method();
            opts.set_sensitivity(raw->arbitrate.get());
            opts.dont_initialize();
            sc_core::sc_spawn([this, raw] { run_arbiter(*raw); }, nullptr, &opts);
        }
}

void GbarNetwork::route(const Port& from, const sc_core::sc_time& at_socket) {
    wait_until(at_socket);
    const sc_core::sc_time at_cluster = arbitrate(
        m_socket_arbs[static_cast<std::size_t>(from.socket)], from.socket_input, at_socket);
    wait_until(at_cluster);
    const sc_core::sc_time at_unit = arbitrate(
        m_cluster_arbs[static_cast<std::size_t>(from.cluster)], from.cluster_input, at_cluster);
    wait_until(at_unit);
}

sc_core::sc_time GbarNetwork::arbitrate(Arbiter& a, int input, const sc_core::sc_time& at) {
    // SimX forwards Socket -> Cluster by plain function calls: no arbitration, no buffers.
    if (m_geometry.fidelity == Fidelity::SimX) return at;
    wait_until(at);
    Arbiter::Request request{input, {}, {}, false};
    a.pending.push_back(&request);
    a.arbitrate->notify(sc_core::SC_ZERO_TIME);
    while (!request.ready) wait_on(request.done);
    return request.granted + m_clock.cycles(a.out_buf);
}

void GbarNetwork::run_arbiter(Arbiter& a) {
    std::sort(a.pending.begin(), a.pending.end(),
              [&a](const Arbiter::Request* x, const Arbiter::Request* y) {
                  return (x->input - a.rr + a.inputs) % a.inputs <
                         (y->input - a.rr + a.inputs) % a.inputs;
              });
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    for (Arbiter::Request* r : a.pending) {
        r->granted = a.out.reserve(now, m_clock.cycles(1));
        r->ready = true;
        r->done.notify(r->granted - now);
        a.rr = (r->input + 1) % a.inputs;
    }
    a.pending.clear();
}

std::vector<std::string> GbarNetwork::state() const {
    std::vector<std::string> out;
    for (std::size_t cl = 0; cl < m_units.size(); ++cl)
        for (int id = 0; id < m_geometry.barriers; ++id) {
            const std::uint64_t mask = m_units[cl].arrived(id);
            if (!mask) continue;
            std::ostringstream os;
            os << "cluster " << cl << " gbar id " << id << ": cores 0x" << std::hex << mask
               << std::dec << " arrived (" << std::bitset<64>(mask).count() << ")";
            out.push_back(os.str());
        }
    return out;
}

} // namespace syncsim::vortex
