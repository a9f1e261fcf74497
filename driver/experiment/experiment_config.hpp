// An experiment: a platform with overrides, a workload with parameters,
// limits, tracing and the outcome its author expects. Loaded from
// configs/*.yaml plus command-line --set, every key checked.
#pragma once

#include "config/param_tree.hpp"
#include "syncsim/core_types.hpp"
#include "syncsim/workload.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

class KindSetup;
struct PlatformKind;

struct MemoryExpectation {
    std::string buffer;
    std::int64_t index = 0, stride = 1, count = 1; // in int32 words
    std::int64_t equals = 0;
    std::string where; // file:line, for reports
};

struct Expectation {
    std::optional<std::string> outcome;
    std::map<std::string, bool> checks; // check name -> must pass
    std::vector<MemoryExpectation> memory;
    std::optional<std::vector<std::string>> stuck; // exactly these cores do not finish
    bool any() const { return outcome || !checks.empty() || !memory.empty() || stuck; }
};

struct ExperimentConfig {
    std::string file, description;
    // The platform and its workload, as the platform's kind read them
    // (driver/kinds/kind_setup.hpp): what differs by kind is asked of it.
    // Shared, not copied, by copies of the config: it does not change after
    // loading.
    std::shared_ptr<const KindSetup> setup;
    // Its kind, and what the driver may ask of it (driver/kinds/platform_kind.hpp).
    const PlatformKind* kind = nullptr;
    std::string plugin; // the plugin that holds the workload (absolute), or ""
    ParamMap params;
    std::map<std::string, std::string> param_origins; // "default" or where it was set
    std::uint64_t sim_time_limit_ps = 0;
    // Every run is bounded: these defaults stop a run that would otherwise go
    // on for hours (a livelock with a long sim_time); a config may raise them.
    static constexpr std::uint64_t kDefaultMaxEvents = 2'000'000'000;
    static constexpr double kDefaultWallTimeS = 3600;
    std::uint64_t max_events = kDefaultMaxEvents;
    double wall_time_s = kDefaultWallTimeS;
    std::string vcd;
    bool fast_poll = true; // simulator.poll: fast_forward (default) or spin
    Expectation expect;
    std::vector<std::string> sets; // the --set arguments, as given

    // The platform whatever its kind: name, files, parameter rows.
    const std::string& platform_name() const;
    const std::vector<std::string>& platform_files() const;
    std::vector<ParamRow> platform_rows() const;
    // Why the platform cannot hold the workload, as the workload itself says
    // (sweeps and portability ask it before running); "" when it can or the
    // workload does not say.
    std::string workload_fit_problem() const;
    // The parameters the workload declares (null: a plugin's workload not yet
    // loaded in this process).
    const std::vector<WorkloadParam>* workload_params() const;
};

const std::vector<std::string>& outcome_kinds();

ExperimentConfig load_experiment(const std::string& file, const std::vector<std::string>& sets,
                                 const std::string& platforms_dir);
// The same from the config's text (`file` names it in errors): what the fuzz
// target drives.
ExperimentConfig load_experiment_text(const std::string& text, const std::string& file,
                                      const std::vector<std::string>& sets,
                                      const std::string& platforms_dir);

} // namespace syncsim
