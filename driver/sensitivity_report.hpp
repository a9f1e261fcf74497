// What `syncsim sensitivity` writes: the ranked table (stdout), JSON, CSV,
// the tornado plot, and the ranking into the cache later runs read.
#pragma once

#include "driver/output_paths.hpp"
#include "driver/sensitivity_plan.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace syncsim::sensitivity {

struct Report {
    std::string config, platform, key;
    std::vector<std::string> sets;    // --set, on every run
    std::vector<std::string> metrics; // the first ranks
    nlohmann::json baseline;          // the baseline's collected row
    std::vector<Effect> effects;      // ranked
    Plan plan;
    nlohmann::json lhs; // [{values, row}] of the Latin-hypercube samples
};

// The files a study writes in its folder (besides points/).
std::vector<NamedPath> sensitivity_outputs(const std::string& out);

void write_report(const Report& report, const std::string& out, bool plot);

} // namespace syncsim::sensitivity
