// Pieces of the result and the summary every kind uses: the config and a
// platform in the result, a list cut short, the wall-clock line.
#pragma once

#include "driver/experiment/experiment_config.hpp"
#include "models/report/summary.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

nlohmann::json config_json(const ExperimentConfig& c);

// Any kind of platform with its effective parameters and where each came from.
// Parameters are keyed by their path in the platform tree.
template <typename P>
nlohmann::json platform_json(const P& p) {
    nlohmann::json params = nlohmann::json::object();
    for (const ParamRow& row : param_rows(p)) {
        params[row.path] = {{"value", row.value},
                            {"unit", row.unit},
                            {"source", row.origin.source},
                            {"ref", row.origin.ref},
                            {"set_at", row.origin.set_at}};
        if (row.origin.has_range()) params[row.path]["range"] = {row.origin.low, row.origin.high};
    }
    return {{"name", p.name}, {"description", p.description}, {"params", params}};
}

// A summary list cut at `shown` of `total` entries says so: "  ... and N
// more WHAT (WHERE)". Nothing when nothing was cut.
void say_left_out(std::ostream& s, std::size_t total, std::size_t shown, const char* what,
                  const char* where = "the JSON result has all");

struct RunReport;
// The summary's wall line: the whole run, its parts, and the resumption rate
// while simulating and over the whole run.
std::string timing_line(const RunReport& report);

} // namespace syncsim
