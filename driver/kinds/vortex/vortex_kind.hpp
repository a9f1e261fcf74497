// The Vortex kind: a VortexPlatform (platforms/vortex_platform.hpp) with a
// warp program.
#pragma once

#include "driver/kinds/kind_setup.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "platforms/vortex_platform.hpp"

#include <string>

namespace syncsim {

struct ExperimentConfig;

class VortexSetup : public SetupOn<VortexPlatform> {
  public:
    using SetupOn::SetupOn;
    void read(const MapView& doc, ExperimentConfig& cfg) override;

    std::string kernel; // the warp program

    void describe_workload(nlohmann::json& config) const override;
    const std::vector<WorkloadParam>* workload_params() const override;
    CapacityDemand demand(const ParamMap& params) const override;
    std::unique_ptr<RunTarget> make_target() const override;
    std::vector<std::string> companion_files(const std::string& vcd_path) const override;
};

// The kind's run target (vortex_target.cpp).
std::unique_ptr<RunTarget> make_vortex_target();
// The registry's row for the kind (driver/kinds/platform_kinds.cpp).
PlatformKind vortex_kind();

} // namespace syncsim
