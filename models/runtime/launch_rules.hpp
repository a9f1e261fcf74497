// How a launch becomes work on physical cores, per arch: which core types a
// build runs on, how many of each a block takes, what get_block_num and
// get_subblockdim return on each side, and whether the launch owns an FFTS
// context. Several real hangs come from these rules, so they live here, as
// one table, and nowhere else.
#pragma once

#include "syncsim/host_api.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace syncsim {

struct LaunchPlan {
    std::string arch;
    std::string kernel_type; // as the runtime names it: AIV_ONLY, MIX_AIC_1_2, ...
    int aic_per_block = 0, aiv_per_block = 0;
    std::int64_t block_num = 1;
    std::int64_t aic_subblockdim = 1, aiv_subblockdim = 1;
    bool ffts_context = false;
    std::string why; // the rule that decided, with its source
};

class LaunchError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws LaunchError when the build cannot run on the platform's arch.
LaunchPlan plan_launch(const std::string& platform_arch, const KernelLaunch& request);

} // namespace syncsim
