// How a launch becomes work on physical cores: which core types a build
// runs on, how many of each a block takes, what get_block_num and
// get_subblockdim return on each side, and whether the launch owns an FFTS
// context. Several real hangs come from these rules. They are data: each
// arch's platform file lists its rules (launch_rules:), and plan_launch
// applies them, here and nowhere else.
#pragma once

#include "syncsim/host_api.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace syncsim {

// One row: a build side with a kernel meta (and, for mix_aic_main, the
// ratio's vector count) is scheduled as `kernel_type` with these cores.
struct LaunchRule {
    BuildSide side = BuildSide::Mix;
    KernelMeta meta = KernelMeta::None;
    int meta_aiv = -1; // for MixAicMain: the ratio's aiv part; -1 = any
    std::string kernel_type;
    std::string kernel_type_at; // where the rule names it (for messages)
    bool vector_task = false;   // the runtime runs it as a vector task
    int aic_per_block = 0, aiv_per_block = 0;
    bool ffts_context = false;
    std::string why; // the rule in words, with its source
};
using LaunchRules = std::vector<LaunchRule>;

struct LaunchPlan {
    std::string arch;
    BuildSide side = BuildSide::Mix;
    std::string kernel_type;  // as the runtime names it: AIV_ONLY, MIX_AIC_1_2, ...
    bool vector_task = false; // its timeout is a vector core's (507034), else an AI Core's
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

// Throws LaunchError when the build cannot run on the platform's arch or no
// rule covers it.
LaunchPlan plan_launch(const LaunchRules& rules, const std::string& platform_arch,
                       const KernelLaunch& request);

} // namespace syncsim
