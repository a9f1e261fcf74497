// The Ascend kind: a Platform (platforms/platform.hpp) with a host program,
// or a kernel the default host program launches.
#pragma once

#include "driver/kinds/kind_setup.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "platforms/platform.hpp"

#include <optional>
#include <string>

namespace syncsim {

struct ExperimentConfig;

class AscendSetup : public SetupOn<Platform> {
  public:
    using SetupOn::SetupOn;
    void read(const MapView& doc, ExperimentConfig& cfg) override;

    std::string host, kernel;           // exactly one is set
    std::optional<KernelLaunch> launch; // with `kernel`

    void describe_workload(nlohmann::json& config) const override;
    const std::vector<WorkloadParam>* workload_params() const override;
    std::string workload_fit_problem(const ParamMap& params) const override;
    CapacityDemand demand(const ParamMap& params) const override;
    std::unique_ptr<RunTarget> make_target() const override;
    std::vector<std::string> companion_files(const std::string& vcd_path) const override;
};

// The kind's run target (ascend_target.cpp).
std::unique_ptr<RunTarget> make_ascend_target();
// The registry's row for the kind (driver/kinds/platform_kinds.cpp).
PlatformKind ascend_kind();

} // namespace syncsim
