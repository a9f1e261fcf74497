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
    std::string fidelity;    // rtl or simx: rules and timing
    std::string rtl_version; // the upstream commit whose barriers are modelled
    double clock_mhz = 0;
    double bar_issue_cycles = 0; // schedule -> SFU execute_fire of a BAR
    double wctl_cycles = 0, release_cycles = 0, sched_out_cycles = 0;
    double gbar_req_cycles = 0, gbar_unit_cycles = 0, gbar_rsp_cycles = 0;
    double mem_cycles = 0;
    std::int64_t stall_timeout = 0, no_progress_cycles = 0;

    std::int64_t sockets() const { return (cores + socket_size - 1) / socket_size; }
    // 01f36d48 added split-phase barriers (vx_barrier_arrive/_wait) beside
    // the blocking ones; before it (31e4765d, the notes' M) their funct3
    // values 6 and 7 decode to nothing.
    bool split_phase() const { return rtl_version == "01f36d48"; }

    // The tree a vortex platform file gives under `device:`.
    template <typename Declare>
    void declare(Declare& d) {
        d.choice(fidelity, "fidelity", "rtl or simx: barrier rules and timing of that model",
                 {{"rtl", std::string("rtl")}, {"simx", std::string("simx")}});
        d.choice(rtl_version, "rtl_version",
                 "the vortexgpgpu/vortex commit whose barriers are modelled: 31e4765d (blocking "
                 "barriers only) or 01f36d48 (and split-phase arrive/wait)",
                 {{"31e4765d", std::string("31e4765d")}, {"01f36d48", std::string("01f36d48")}});
        d(clock_mhz, "clock_mhz", "MHz", "core clock", 1, 10000);
        d(mem_cycles, "mem_cycles", "cycles", "a load's or store's round trip to memory", 1,
          100000);
        d(no_progress_cycles, "no_progress_cycles", "cycles",
          "the simulator's own detector: no barrier release or warp exit this long while warps "
          "wait",
          1, 1e12);
        d.group("cluster", [&] {
            d(clusters, "count", "clusters", "clusters; nothing synchronises across them", 1, 64);
            d(cores, "cores", "cores", "cores per cluster (NUM_CORES)", 1, 64);
            d(socket_size, "socket_size", "cores", "cores per socket (SOCKET_SIZE)", 1, 64);
        });
        d.group("core", [&] {
            d(warps, "warps", "warps", "warps per core (NUM_WARPS)", 1, 64);
            d(threads, "threads", "threads", "threads per warp (NUM_THREADS)", 1, 64);
            d(barriers, "barriers", "ids", "barrier table entries per core (NUM_BARRIERS)", 1, 64);
            d(bar_issue_cycles, "bar_issue_cycles", "cycles",
              "a BAR from schedule to SFU execute_fire (not derived in the RTL notes)", 0, 1000);
            d(wctl_cycles, "wctl_cycles", "cycles",
              "execute_fire to warp_ctl_if.valid (pipe register)", 0, 100);
            d(release_cycles, "release_cycles", "cycles",
              "warp_ctl_if.valid to the released warps being ready (stall bits registered)", 0,
              100);
            d(sched_out_cycles, "sched_out_cycles", "cycles", "the scheduler's output buffer", 0,
              100);
            d(stall_timeout, "stall_timeout", "cycles",
              "STALL_TIMEOUT: the watchdog fires when all active warps of a core stay stalled this "
              "long (0 = none, as SimX)",
              0, 1e12);
        });
        d.group("gbar", [&] {
            d(gbar_enable, "enable", "",
              "GBAR_ENABLE: bit 31 of a barrier id makes it global (SimX always honours it)");
            d(gbar_storage_rtl_m, "storage_rtl_m", "",
              "the M revision's gbar unit has NB_WIDTH entries, not NUM_BARRIERS");
            d(gbar_req_cycles, "req_cycles", "cycles", "the core registers its gbar request", 0,
              100);
            d(gbar_unit_cycles, "unit_cycles", "cycles", "VX_gbar_unit registers its response", 0,
              100);
            d(gbar_rsp_cycles, "rsp_cycles", "cycles",
              "per response register (cluster arb, socket arb, core)", 0, 100);
        });
    }
};

} // namespace syncsim::vortex
