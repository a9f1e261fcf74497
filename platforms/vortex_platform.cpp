#include "platforms/vortex_platform.hpp"

namespace syncsim {

namespace {

// Where each key of the old flat vortex format went in the tree.
const MovedKeyHint vortex_moved_key_hint = moved_keys_hint({
    {"clusters", "cluster.count"},
    {"cores", "cluster.cores"},
    {"socket_size", "cluster.socket_size"},
    {"warps", "core.warps"},
    {"threads", "core.threads"},
    {"barriers", "core.barriers"},
    {"bar_issue_cycles", "core.bar_issue_cycles"},
    {"wctl_cycles", "core.wctl_cycles"},
    {"release_cycles", "core.release_cycles"},
    {"sched_out_cycles", "core.sched_out_cycles"},
    {"stall_timeout", "core.stall_timeout"},
    {"gbar_enable", "gbar.enable"},
    {"gbar_storage_rtl_m", "gbar.storage_rtl_m"},
    {"gbar_req_cycles", "gbar.req_cycles"},
    {"gbar_unit_cycles", "gbar.unit_cycles"},
    {"gbar_rsp_cycles", "gbar.rsp_cycles"},
});

} // namespace

VortexPlatform load_vortex_platform(const std::string& dir, const std::string& name) {
    return load_once<VortexPlatform>(dir, name, [&] {
        VortexPlatform p;
        load_param_tree(dir, name, p, {}, nullptr, vortex_moved_key_hint);
        validate_vortex_platform(p);
        return p;
    });
}

void override_vortex_platform(VortexPlatform& p, const MapView& overrides) {
    override_param_tree(p, overrides, vortex_moved_key_hint);
    validate_vortex_platform(p);
}

void validate_vortex_platform(const VortexPlatform& p) {
    auto fail = [&](const std::string& what) {
        throw ConfigError("platform " + p.name + ": " + what);
    };
    if (p.socket_size > p.cores)
        fail("cluster.socket_size exceeds cluster.cores (SOCKET_SIZE = MIN(4, NUM_CORES))");
    if (p.barriers > p.warps)
        fail("core.barriers exceed core.warps (NUM_BARRIERS = UP(NUM_WARPS/2))");
    if (p.threads > 32) fail("core.threads above 32 do not fit a thread mask here");
}

} // namespace syncsim
