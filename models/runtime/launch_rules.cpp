#include "models/runtime/launch_rules.hpp"

namespace syncsim {

LaunchPlan plan_launch(const LaunchRules& rules, const std::string& platform_arch,
                       const KernelLaunch& request) {
    const auto target = BuildTarget::parse(request.target);
    if (!target)
        throw LaunchError("'" + request.target +
                          "' is not a build target (ARCH, ARCH-vec or ARCH-cube)");
    if (target->arch != platform_arch)
        throw LaunchError("a kernel built for " + target->arch + " (" + request.target +
                          ") cannot run on a " + platform_arch + " platform");
    if (request.block_dim < 1 || request.block_dim > kMaxBlockDim)
        throw LaunchError("block dim " + std::to_string(request.block_dim) + " is outside [1, " +
                          std::to_string(kMaxBlockDim) + "], the range of a launch's BlockDim");
    for (const LaunchRule& rule : rules) {
        if (target->side != rule.side || request.meta != rule.meta) continue;
        if (request.meta == KernelMeta::MixAicMain &&
            (request.meta_aic != 1 || request.meta_aiv != rule.meta_aiv))
            continue;
        LaunchPlan plan;
        plan.arch = target->arch;
        plan.side = target->side;
        plan.kernel_type = rule.kernel_type;
        plan.vector_task = rule.vector_task;
        plan.aic_per_block = rule.aic_per_block;
        plan.aiv_per_block = rule.aiv_per_block;
        plan.block_num = request.block_dim;
        plan.aiv_subblockdim =
            rule.aic_per_block > 0 && rule.aiv_per_block > 0 ? rule.aiv_per_block : 1;
        plan.aic_subblockdim = 1;
        plan.ffts_context = rule.ffts_context;
        plan.why = rule.why;
        return plan;
    }
    throw LaunchError(
        "no launch rule for build " + request.target + " with kernel meta " +
        to_string(request.meta) +
        (request.meta == KernelMeta::MixAicMain
             ? " " + std::to_string(request.meta_aic) + ":" + std::to_string(request.meta_aiv)
             : std::string()) +
        ": the platform's launch_rules do not say how the runtime schedules it");
}

} // namespace syncsim
