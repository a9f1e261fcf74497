// The device's private parts, shared by its source files and units (the
// hang detectors): a warp and a core as the device keeps them.
#pragma once

#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_barrier_rules.hpp"

#include <memory>
#include <set>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim::vortex {

struct VxCore;

struct VxWarp {
    VxCore* core = nullptr;
    int id = 0;
    bool spawned = false, exited = false, granted = false, released = false;
    std::string state = "never spawned", detail;
    int slot = -1; // the barrier table slot waited on
    // A split-phase wait: on `slot` of the split barriers, for this token
    // (the report reads the barrier's state live).
    bool split_wait = false;
    std::uint32_t split_id = 0, token = 0;
    sc_core::sc_event grant_event, release_event;
    sc_core::sc_time stores_land;
};

struct VxCore {
    int index = 0, local = 0, cluster = 0, socket = 0, socket_input = 0, cluster_input = 0;
    std::unique_ptr<BarrierTable> table;
    std::unique_ptr<SplitBarriers> split;
    std::vector<std::unique_ptr<VxWarp>> warps;
    std::set<int> ready;
    bool armed = false;
    sc_core::sc_time last_grant = sc_core::sc_max_time(); // no grant yet
    sc_core::sc_event schedule_event, watchdog_event;
    std::uint64_t active = 0, stalled = 0;
    bool watchdog_armed = false;
    int gbar_req_id = 0;     // never reset, as in the RTL
    int wctl_barrier_id = 0; // the id the warp-control interface carried last
    std::set<int> requested; // gbar ids this core has sent and not had answered
};

} // namespace syncsim::vortex
