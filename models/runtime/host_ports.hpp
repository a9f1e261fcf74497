// What of the device a host runtime reaches, in one struct: the kind's
// assembler fills it (AscendDevice::host_ports()), so the runtime's
// constructor does not grow with every part it is wired to, and the driver
// does not know which parts those are.
#pragma once

#include "models/aicpu/aicpu_cluster.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/stale_reads.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/notify/notify_table.hpp"
#include "models/races/race_detector.hpp"
#include "models/runtime/launch_rules.hpp"
#include "models/runtime/scheduler_params.hpp"
#include "models/runtime/task_scheduler.hpp"
#include "models/systemc/simulation_time.hpp"
#include "syncsim/host_api.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace syncsim {

struct HostPorts {
    DeviceInfo device; // what the host program sees of it
    // GM: the store, where device addresses start and how many bytes.
    SparseStore* gm = nullptr;
    GmAddr gm_base = 0;
    std::uint64_t gm_bytes = 0;
    TaskScheduler* scheduler = nullptr;
    NotifyTable* notifies = nullptr;
    const Clock* clock = nullptr;
    SchedulerParams scheduling; // launch overhead, stream task limit
    // The arch's launch rules (platform data); a launch no rule covers fails.
    LaunchRules launch_rules;
    // Where rtGetC2cCtrlAddr points; 0 = the platform does not provide it.
    std::uint64_t c2c_ctrl_addr = 0;
    // The AICPU that runs AICPU kernels; null: launch_aicpu is refused.
    AicpuCluster* aicpu = nullptr;
    // Where GM writes are recorded, and how a requester number reads; null: nowhere.
    WriteProvenance* provenance = nullptr;
    std::function<std::string(int)> requester_name;
    const StaleReads* stale_reads = nullptr;
    // The race detector, with the host as agent `race_host_agent`; null: none.
    RaceDetector* races = nullptr;
    int race_host_agent = -1;
};

} // namespace syncsim
