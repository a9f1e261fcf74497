// The vortex platform kind: a cluster/socket/core/warp geometry, barrier
// options and the latencies of the RTL or SimX reading (vortex-gbar.md 4, 6).
#pragma once

#include "config/param_table.hpp"
#include "models/vortex/vx_device_params.hpp"

namespace syncsim {

// The platform file's view: the device's parameters plus the file's own
// name, description and the provenance of every value.
struct VortexPlatform : vortex::DeviceParams {
    std::string name, description, file;
    std::map<std::string, ParamOrigin> origins;
};

using VortexParamSpec = ParamSpecOf<VortexPlatform>;
const std::vector<VortexParamSpec>& vortex_params();
VortexPlatform load_vortex_platform(const std::string& dir, const std::string& name);
void validate_vortex_platform(const VortexPlatform& p);

} // namespace syncsim
