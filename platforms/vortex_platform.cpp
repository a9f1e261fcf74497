#include "platforms/vortex_platform.hpp"

namespace syncsim {

namespace {
using V = VortexPlatform;
}

const std::vector<VortexParamSpec>& vortex_params() {
    // clang-format off
    static const std::vector<VortexParamSpec> specs = {
        {"clusters", "", "clusters; nothing synchronises across them", &V::clusters, 1, 64},
        {"cores", "cores", "cores per cluster (NUM_CORES)", &V::cores, 1, 64},
        {"socket_size", "cores", "cores per socket (SOCKET_SIZE)", &V::socket_size, 1, 64},
        {"warps", "warps", "warps per core (NUM_WARPS)", &V::warps, 1, 64},
        {"threads", "threads", "threads per warp (NUM_THREADS)", &V::threads, 1, 64},
        {"barriers", "ids", "barrier table entries per core (NUM_BARRIERS)", &V::barriers, 1, 64},
        {"gbar_enable", "", "GBAR_ENABLE: bit 31 of a barrier id makes it global (SimX always honours it)", &V::gbar_enable},
        {"gbar_storage_rtl_m", "", "the M revision's gbar unit has NB_WIDTH entries, not NUM_BARRIERS", &V::gbar_storage_rtl_m},
        {"fidelity", "", "rtl or simx: barrier rules and timing of that model", &V::fidelity, 0, 0, {"rtl", "simx"}},
        {"clock_mhz", "MHz", "core clock", &V::clock_mhz, 1, 10000},
        {"bar_issue_cycles", "cycles", "a BAR from schedule to SFU execute_fire (not derived in the RTL notes)", &V::bar_issue_cycles, 0, 1000},
        {"wctl_cycles", "cycles", "execute_fire to warp_ctl_if.valid (pipe register)", &V::wctl_cycles, 0, 100},
        {"release_cycles", "cycles", "warp_ctl_if.valid to the released warps being ready (stall bits registered)", &V::release_cycles, 0, 100},
        {"sched_out_cycles", "cycles", "the scheduler's output buffer", &V::sched_out_cycles, 0, 100},
        {"gbar_req_cycles", "cycles", "the core registers its gbar request", &V::gbar_req_cycles, 0, 100},
        {"gbar_unit_cycles", "cycles", "VX_gbar_unit registers its response", &V::gbar_unit_cycles, 0, 100},
        {"gbar_rsp_cycles", "cycles", "per response register (cluster arb, socket arb, core)", &V::gbar_rsp_cycles, 0, 100},
        {"mem_cycles", "cycles", "a load's or store's round trip to memory", &V::mem_cycles, 1, 100000},
        {"stall_timeout", "cycles", "STALL_TIMEOUT: the watchdog fires when all active warps of a core stay stalled this long (0 = none, as SimX)", &V::stall_timeout, 0, 1e12},
        {"no_progress_cycles", "cycles", "the simulator's own detector: no barrier release or warp exit this long while warps wait", &V::no_progress_cycles, 1, 1e12},
    };
    // clang-format on
    return specs;
}

VortexPlatform load_vortex_platform(const std::string& dir, const std::string& name) {
    return load_once<VortexPlatform>(dir, name, [&] {
        VortexPlatform p;
        load_param_file(dir, name, p, vortex_params());
        validate_vortex_platform(p);
        return p;
    });
}

void validate_vortex_platform(const VortexPlatform& p) {
    auto fail = [&](const std::string& what) {
        throw ConfigError("platform " + p.name + ": " + what);
    };
    if (p.socket_size > p.cores)
        fail("socket_size exceeds cores (SOCKET_SIZE = MIN(4, NUM_CORES))");
    if (p.barriers > p.warps) fail("barriers exceed warps (NUM_BARRIERS = UP(NUM_WARPS/2))");
    if (p.threads > 32) fail("threads above 32 do not fit a thread mask here");
}

} // namespace syncsim
