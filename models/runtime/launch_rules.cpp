#include "models/runtime/launch_rules.hpp"

#include <algorithm>

namespace syncsim {

namespace {

enum class Side { Vec, Cube, Mix };

struct Rule {
    const char* arch;
    Side side;
    KernelMeta meta;
    int meta_aiv; // for MixAicMain: the ratio's aiv part; -1 = any
    const char* kernel_type;
    int aic_per_block, aiv_per_block;
    bool ffts_context;
    const char* why;
};

// Written from reference/pto-syncall.md 1.3-1.4 and 3 (items 1, 2, 10).
const Rule kRules[] = {
    {"dav-c220", Side::Vec, KernelMeta::None, -1, "AIV_ONLY", 0, 1, false,
     "a pure vector build without kernel meta is scheduled as AIV_ONLY, a task with no FFTS (MIX) "
     "context (pto-syncall.md 3.2)"},
    {"dav-c220", Side::Vec, KernelMeta::MixAivMain, -1, "MIX_AIV_1_0", 0, 1, true,
     "kernel meta MIX_AIV_MAIN makes the runtime schedule KERNEL_TYPE_MIX_AIV_1_0, a MIX task "
     "with an FFTS context (pto-syncall.md 3.2)"},
    {"dav-c220", Side::Cube, KernelMeta::None, -1, "AIC_ONLY", 1, 0, false,
     "a dav-c220-cube build gets no FFTS (MIX) context (pto-syncall.md 3.1)"},
    {"dav-c220", Side::Cube, KernelMeta::AicOnly, -1, "AIC_ONLY", 1, 0, false,
     "kernel meta AIC_ONLY still schedules a pure cube task without FFTS context "
     "(pto-syncall.md 3.1-3.2)"},
    {"dav-c220", Side::Mix, KernelMeta::None, -1, "MIX_AIC_1_2", 1, 2, true,
     "a dav-c220 MIX build is auto-split 1:2 and owns an FFTS context (pto-syncall.md 3.10)"},
    {"dav-c220", Side::Mix, KernelMeta::MixAicMain, 2, "MIX_AIC_1_2", 1, 2, true,
     "kernel meta MIX_AIC_MAIN 1:2: MIX task with FFTS context"},
    {"dav-c220", Side::Mix, KernelMeta::MixAicMain, 1, "MIX_AIC_1_1", 1, 1, true,
     "register-ELF MIX_AIC_MAIN 1:1 with set_ffts_base_addr from rtGetC2cCtrlAddr "
     "(pto-syncall.md 4.2, A2-4)"},
    {"dav-c310", Side::Vec, KernelMeta::None, -1, "AIV_ONLY", 0, 1, true,
     "on dav-c310 the runtime sets up the FFTS base for every chevron launch "
     "(pto-syncall.md 1.4)"},
    {"dav-c310", Side::Vec, KernelMeta::MixAivMain, -1, "MIX_AIV_1_0", 0, 1, true,
     "on dav-c310 every launch carries an FFTS context (pto-syncall.md 1.4)"},
    {"dav-c310", Side::Cube, KernelMeta::None, -1, "AIC_ONLY", 1, 0, true,
     "dav-c310-cube launches own an FFTS context (pto-syncall.md 3.1)"},
    {"dav-c310", Side::Cube, KernelMeta::AicOnly, -1, "AIC_ONLY", 1, 0, true,
     "dav-c310-cube launches own an FFTS context (pto-syncall.md 3.1)"},
    {"dav-c310", Side::Mix, KernelMeta::None, -1, "MIX_AIC_1_2", 1, 2, true,
     "dav-c310 auto-split is physically 1:2 (pto-syncall.md 3.10)"},
    {"dav-c310", Side::Mix, KernelMeta::MixAicMain, 2, "MIX_AIC_1_2", 1, 2, true,
     "dav-c310 MIX 1:2 (pto-syncall.md 3.10)"},
    {"dav-c310", Side::Mix, KernelMeta::MixAicMain, 1, "MIX_AIC_1_1", 1, 1, false,
     "register-ELF 1:1 needs an FFTS base from rtGetC2cCtrlAddr, which dav-c310 does not provide "
     "(207000; pto-syncall.md 3.10)"},
};

} // namespace

LaunchPlan plan_launch(const std::string& platform_arch, const KernelLaunch& request) {
    const auto& targets = build_targets();
    if (std::find(targets.begin(), targets.end(), request.target) == targets.end())
        throw LaunchError("unknown build target '" + request.target + "'");
    const std::string arch = request.target.substr(0, 8);
    if (arch != platform_arch)
        throw LaunchError("a kernel built for " + arch + " (" + request.target +
                          ") cannot run on a " + platform_arch + " platform");
    const Side side = request.target.size() == 8                 ? Side::Mix
                      : request.target.compare(9, 3, "vec") == 0 ? Side::Vec
                                                                 : Side::Cube;
    if (request.block_dim < 1) throw LaunchError("block dim must be at least 1");
    for (const Rule& rule : kRules) {
        if (arch != rule.arch || side != rule.side || request.meta != rule.meta) continue;
        if (request.meta == KernelMeta::MixAicMain &&
            (request.meta_aic != 1 || request.meta_aiv != rule.meta_aiv))
            continue;
        LaunchPlan plan;
        plan.arch = arch;
        plan.kernel_type = rule.kernel_type;
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
        ": the runtime would schedule the wrong core type");
}

} // namespace syncsim
