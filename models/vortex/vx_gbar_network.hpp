// The global barrier path's hardware: per socket and per cluster a round
// robin arbiter (one request a cycle, VX_gbar_arb) and per cluster one gbar
// unit. A core's request goes socket -> cluster -> unit; SimX forwards by
// plain function calls (no arbitration, no buffers).
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_barrier_rules.hpp"
#include "models/vortex/vx_device_params.hpp"

#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim::vortex {

class GbarNetwork {
  public:
    // One arbiter per socket and per cluster and one unit per cluster; their
    // processes are spawned here (during elaboration).
    GbarNetwork(const DeviceParams& p, const BarrierGeometry& geometry, const Clock& clock);
    GbarNetwork(const GbarNetwork&) = delete;
    GbarNetwork& operator=(const GbarNetwork&) = delete;

    struct Port {
        int socket, socket_input, cluster, cluster_input;
    };
    // From the socket arbiter's input at `at_socket` to the cluster's unit:
    // waits through both arbiters and returns when the unit has the request.
    void route(const Port& from, const sc_core::sc_time& at_socket);
    GbarUnit& unit(int cluster) { return m_units[static_cast<std::size_t>(cluster)]; }
    // For a hang's report: every gbar id some core of a cluster arrived at.
    std::vector<std::string> state() const;

  private:
    // Requests that arrive in the same cycle are ordered from the input after
    // the last one served.
    struct Arbiter {
        struct Request {
            int input;
            sc_core::sc_time granted;
            sc_core::sc_event done;
            bool ready = false;
        };
        BusyUntil out;
        int inputs = 1, rr = 0;
        double out_buf = 0;
        std::vector<Request*> pending;
        std::unique_ptr<sc_core::sc_event> arbitrate = std::make_unique<sc_core::sc_event>();
    };
    sc_core::sc_time arbitrate(Arbiter& a, int input, const sc_core::sc_time& at);
    void run_arbiter(Arbiter& a);

    BarrierGeometry m_geometry;
    Clock m_clock;
    std::vector<Arbiter> m_socket_arbs, m_cluster_arbs; // sized once, before processes bind to them
    std::vector<GbarUnit> m_units;
};

} // namespace syncsim::vortex
