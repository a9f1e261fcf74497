// The parts of a config every kind reads the same way, for each kind's
// reader (driver/kinds/<kind>/): the workload's parameters and plugin, a
// kernel launch, the limits, trace, simulator and expectation keys, and a
// name looked up in a workload registry.
#pragma once

#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "workloads/registry.hpp"

#include <map>
#include <string>
#include <vector>

namespace syncsim {

// Reads `workload.params` against the parameters the workload declares,
// with their defaults and where each was set.
void read_params(const MapView& params, const std::vector<WorkloadParam>& specs,
                 ExperimentConfig& cfg);
// A kernel's `workload.launch` for a platform of arch `platform_arch`.
KernelLaunch read_launch(const MapView& m, const std::string& platform_arch);
// limits:, trace:, simulator: and expect: (its checks among `declared_checks`).
void read_common(const MapView& doc, ExperimentConfig& cfg,
                 const std::vector<std::string>& declared_checks);
// Loads the plugin `workload.plugin` names, if any, so its workloads can be
// named.
void read_plugin(const MapView& workload, ExperimentConfig& cfg);

// The registry entry named by key, or an error suggesting the nearest name.
template <typename Entry>
const Entry& registered(const std::map<std::string, Entry>& entries, const MapView& m,
                        const std::string& key, const std::string& what) {
    const std::string name = m.text(key);
    auto it = entries.find(name);
    if (it != entries.end()) return it->second;
    if (const std::string now = renamed_workload(name); entries.count(now))
        m.fail(key, "no " + what + " " + quote_short(name) + ": it was renamed '" + now +
                        "'; did you mean '" + now + "'?");
    std::vector<std::string> names;
    for (const auto& kv : entries) names.push_back(kv.first);
    const std::string hint = nearest_name(name, names);
    m.fail(key, "no " + what + " " + quote_short(name) +
                    (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                    " (syncsim list workloads)");
}

} // namespace syncsim
