// What the Vortex device model reads: the cluster/socket/core/warp geometry,
// the barrier options and the latencies of the RTL or SimX reading
// (vortex-gbar.md 4, 6). The platform file fills these in.
#pragma once

#include <cstdint>
#include <string>

namespace syncsim::vortex {

struct DeviceParams {
    std::int64_t clusters = 0, cores = 0, socket_size = 0, warps = 0, threads = 0, barriers = 0;
    bool gbar_enable = false, gbar_storage_rtl_m = false;
    std::string fidelity; // rtl or simx: rules and timing
    double clock_mhz = 0;
    double bar_issue_cycles = 0; // schedule -> SFU execute_fire of a BAR
    double wctl_cycles = 0, release_cycles = 0, sched_out_cycles = 0;
    double gbar_req_cycles = 0, gbar_unit_cycles = 0, gbar_rsp_cycles = 0;
    double mem_cycles = 0;
    std::int64_t stall_timeout = 0, no_progress_cycles = 0;

    std::int64_t sockets() const { return (cores + socket_size - 1) / socket_size; }
};

} // namespace syncsim::vortex
