// The `expect:` section of a config: the outcome, checks, memory words and
// stuck cores its author expects, each checked against what can exist.
#pragma once

#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"

#include <functional>
#include <string>
#include <vector>

namespace syncsim {

// `declared`: every check the workload may report; a name outside it could
// never be met, so it is refused before the run.
Expectation read_expect(const MapView& m, const std::vector<std::string>& declared);

// "aiv12" -> 12 when `text` is PREFIX then a whole number written without a
// leading zero, else -1.
std::int64_t numbered(const std::string& text, const std::string& prefix);

// expect.stuck names only what the platform has (`exists`): a name that no
// core or warp has could never be met. `names` says what a name looks like.
void check_stuck_names(const MapView& doc, const ExperimentConfig& cfg,
                       const std::function<bool(const std::string&)>& exists,
                       const std::string& names);

} // namespace syncsim
