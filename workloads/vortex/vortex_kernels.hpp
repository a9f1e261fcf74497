// Warp programs for the vortex platform, registered by name, with the
// memory they start from and the host-side check of their results.
#pragma once

#include "syncsim/warp_api.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

struct WorkloadParam; // registry.hpp

struct VortexGeometry {
    int clusters, cores_per_cluster, warps, threads;
    int cores() const { return clusters * cores_per_cluster; }
};

struct VortexCheck {
    std::string name;
    bool ok;
    std::string detail;
};

struct VortexKernelEntry {
    std::string name, summary;
    vortex::WarpProgram program; // what warp 0 of every core runs
    std::vector<struct WorkloadParam> params;
    std::function<void(std::map<std::uint32_t, std::int32_t>&, const VortexGeometry&,
                       const ParamMap&)>
        setup;
    std::function<std::vector<VortexCheck>(const std::map<std::uint32_t, std::int32_t>&,
                                           const VortexGeometry&, const ParamMap&,
                                           const std::vector<vortex::ReleaseRecord>&)>
        check;
    std::vector<std::string> checks = {}; // the names `check` may report
};

const std::map<std::string, VortexKernelEntry>& vortex_kernels();

} // namespace syncsim
