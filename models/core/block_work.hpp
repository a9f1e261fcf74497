// A launch as its cores see it (one per launch, shared by its blocks), and
// one block of it as the task scheduler hands it to a core.
#pragma once

#include "models/ffts/ffts_hub.hpp"
#include "models/races/race_detector.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

struct LaunchedKernel {
    std::uint64_t launch_id = 0;
    std::string kernel_name;
    KernelFn fn = nullptr;
    std::vector<std::uint64_t> args;
    std::shared_ptr<const ParamMap> params;
    BuildInfo build;
    std::string kernel_type; // as the runtime scheduled it (AIV_ONLY, MIX_AIC_1_2, ...)
    std::int64_t block_num = 1;
    std::uint64_t works = 1; // blocks times the cores each one occupies
    std::int64_t aic_subblockdim = 1, aiv_subblockdim = 1;
    std::shared_ptr<const FftsContext> ffts_context; // null: the launch owns none
    // Where the race detector orders the launch in its stream (null: off).
    std::shared_ptr<LaunchOrder> order;
};

struct BlockWork {
    std::shared_ptr<const LaunchedKernel> launch;
    std::int64_t block_idx = 0, subblockid = 0;
    std::shared_ptr<const BlockPeers> peers;
    std::function<void(const std::optional<std::string>& fault)> on_done;
};

} // namespace syncsim
