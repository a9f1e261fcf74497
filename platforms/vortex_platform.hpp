// The vortex platform kind: a cluster/socket/core/warp geometry, barrier
// options and the latencies of the RTL or SimX reading (vortex-gbar.md 4, 6),
// as the tree the device's parameters declare.
#pragma once

#include "config/param_tree.hpp"
#include "models/vortex/vx_device_params.hpp"

namespace syncsim {

// The platform file's view: the device's parameters plus the file's own
// name, description and the provenance of every value.
struct VortexPlatform : vortex::DeviceParams {
    std::string name, description, file;
    std::vector<std::string> files; // read, base files first
    ParamOrigins origins;
};

VortexPlatform load_vortex_platform(const std::string& dir, const std::string& name);
// Applies an `overrides:` tree; an old flat key gets an error naming its path.
void override_vortex_platform(VortexPlatform& p, const MapView& overrides);
void validate_vortex_platform(const VortexPlatform& p);

} // namespace syncsim
