// The kinds of platform (ascend, vortex) as one table: how a platform file
// of each kind is loaded into a config, how the rest of the config is read
// for it, and how `list platforms` and `describe platform` show it. The kind
// is the platform file's `kind:`; nothing else compares kind names.
#pragma once

#include "config/yaml_view.hpp"
#include "driver/experiment_config.hpp"

#include <ostream>
#include <string>

namespace syncsim {

struct PlatformKind {
    const char* name;
    // Loads the platform into cfg.
    void (*load)(ExperimentConfig& cfg, const std::string& dir, const std::string& platform);
    // Reads overrides, workload and the rest of the config for this kind.
    void (*read)(const MapView& doc, ExperimentConfig& cfg);
    std::string (*description)(const std::string& dir, const std::string& platform);
    void (*describe)(std::ostream& out, const std::string& dir, const std::string& platform);
};

// The kind of the platform file `platform` in `dir` (its `kind:`, default ascend).
const PlatformKind& platform_kind_of(const std::string& dir, const std::string& platform);

// The two readers the table points to (experiment_config.cpp).
void read_ascend_config(const MapView& doc, ExperimentConfig& cfg);
void read_vortex_config(const MapView& doc, ExperimentConfig& cfg);

} // namespace syncsim
