// What a run's figures rest on: the platform estimates that can move it
// (the model tells from the run itself) and, when a sensitivity run of the
// same config is cached, which of them move it most. The cache is keyed by
// the run's inputs, so a changed config, platform file or plugin never finds
// an old answer.
#pragma once

#include "driver/experiment/experiment_config.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace syncsim {

// A hash of everything a run's result depends on: the syncsim version, the
// config's text, its --set values, its platform files and its plugin.
std::string run_inputs_key(const ExperimentConfig& cfg);

// The folder sensitivity results are cached in: $SYNCSIM_CACHE_DIR, else
// $XDG_CACHE_HOME/syncsim, else ~/.cache/syncsim, each + "/sensitivity";
// none when SYNCSIM_CACHE_DIR is "off" (the suite's golden runs).
std::optional<std::string> sensitivity_cache_dir();

// The result's "rests_on" section: how many estimates the platform has,
// which can move this run, and the top ones from a cached sensitivity run.
nlohmann::json rests_on(const ExperimentConfig& cfg, const nlohmann::json& result);

// The summary's line for that section.
std::string rests_on_line(const nlohmann::json& rests_on, const std::string& config_file);

} // namespace syncsim
