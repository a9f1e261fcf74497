// What `syncsim sensitivity` writes: the ranked table (stdout), JSON, CSV,
// the tornado plot, and the ranking into the cache later runs read.
#pragma once

#include "driver/run/output_paths.hpp"
#include "driver/study/sensitivity/sensitivity_plan.hpp"

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
    // [{values, row}] at the fit's consistent points (--consistent), and
    // what they are ("the 910b1 fit's 31 points that reproduce its 10
    // fitted observations"); empty: not asked.
    nlohmann::json consistent = nlohmann::json::array();
    std::string consistent_what;
    // The fits whose bound values moved with their refit, and how many
    // fitted observations each point of theirs reproduces.
    std::vector<std::pair<std::string, std::size_t>> refits;
};

// The files a study writes in its folder (besides points/).
std::vector<NamedPath> sensitivity_outputs(const std::string& out);

void write_report(const Report& report, const std::string& out, bool plot);

} // namespace syncsim::sensitivity
