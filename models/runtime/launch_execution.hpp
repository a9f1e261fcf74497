// A launch while the task scheduler runs it, and what the scheduler returns
// for it.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/runtime/block_placement.hpp"
#include "models/runtime/launch_rules.hpp"

#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

struct LaunchResult {
    std::uint64_t launch_id = 0;
    std::vector<std::string> faults; // "aiv3 block 2: ..."
    // The op-execute watchdog killed it, or it never ran because the device
    // needs a reset: the code its stream reports, and why.
    aclError timeout_code = 0;
    std::string timeout_message;
};

// A launch while the scheduler runs it.
struct LaunchExecution {
    std::uint64_t id;
    LaunchPlan plan;
    std::shared_ptr<const LaunchedKernel> kernel;
    DieGroups groups;
    std::vector<std::int64_t> group_next; // blocks each group has started
    std::int64_t dispatched = 0;
    int last_group = -1;
    std::int64_t cores_running = 0;
    std::vector<AiCore*> cores; // running its blocks now
    LaunchResult result;
    sc_core::sc_event done;
    bool finished = false;
    sc_core::sc_time started;
    std::optional<sc_core::sc_time> deadline; // none: it never times out
    std::int64_t timeout_credits = 0;
    std::uint64_t timeout_us = 0;
    bool expiring = false;
    bool batch = false;
    int stream = 0;
};

} // namespace syncsim
