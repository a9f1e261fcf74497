// A platform of one kind with the workload a config puts on it: everything
// the driver asks of a run's kind, asked of this object (the driver never
// asks which kind it is). Each kind implements it in driver/kinds/<kind>/.
#pragma once

#include "config/param_tree.hpp"
#include "driver/experiment/capacity.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "syncsim/workload.hpp"

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace syncsim {

class RunTarget;

class KindSetup {
  public:
    virtual ~KindSetup() = default;

    // Reads the config's `overrides:` and `workload:`, then the keys every
    // config shares (cfg's limits, trace, expectation), checking the
    // expectation's names against the kind's. `cfg.setup` is this already.
    virtual void read(const MapView& doc, ExperimentConfig& cfg) = 0;

    // The platform: name, files (its own first), parameter rows.
    virtual const std::string& platform_name() const = 0;
    virtual const std::vector<std::string>& platform_files() const = 0;
    virtual std::vector<ParamRow> platform_rows() const = 0;
    // The workload as the result's `config` section names it (`workload`,
    // and `launch` where the kind has one), added to `config`.
    virtual void describe_workload(nlohmann::json& config) const = 0;
    // The parameters the workload declares (null: a plugin's workload not yet
    // loaded in this process).
    virtual const std::vector<WorkloadParam>* workload_params() const = 0;
    // Why the platform cannot hold the workload, as the workload itself says
    // (sweeps and portability ask before running); "" when it can or the
    // workload does not say.
    virtual std::string workload_fit_problem(const ParamMap&) const { return ""; }
    // What the run needs of the machine (driver/experiment/capacity.hpp).
    virtual CapacityDemand demand(const ParamMap& params) const = 0;
    // The run pipeline's target for this kind (driver/run/run_target.hpp).
    virtual std::unique_ptr<RunTarget> make_target() const = 0;
    // The files a --vcd trace writes beside the VCD.
    virtual std::vector<std::string> companion_files(const std::string& vcd_path) const = 0;
};

// A setup whose platform type `P` has name, files and param_rows(P).
template <typename P>
class SetupOn : public KindSetup {
  public:
    explicit SetupOn(P p) : platform(std::move(p)) {}
    const std::string& platform_name() const override { return platform.name; }
    const std::vector<std::string>& platform_files() const override { return platform.files; }
    std::vector<ParamRow> platform_rows() const override { return param_rows(platform); }

    P platform;
};

// A kind's PlatformKind::setup_on: a setup of type S on the platform of a
// file of type F (a PlatformOf<...>) that the same kind loaded.
template <typename F, typename S>
std::shared_ptr<KindSetup> setup_on_file(std::unique_ptr<LoadedPlatform> loaded) {
    auto* file = dynamic_cast<F*>(loaded.get());
    if (!file) throw std::logic_error("a platform kind was handed another kind's platform");
    return std::make_shared<S>(std::move(file->value));
}

// A config's setup as the kind's own type; an internal error if the config's
// platform is of another kind.
template <typename S>
const S& setup_as(const ExperimentConfig& cfg) {
    const auto* setup = dynamic_cast<const S*>(cfg.setup.get());
    if (!setup) throw std::logic_error(cfg.file + ": its setup is of another platform kind");
    return *setup;
}

} // namespace syncsim
