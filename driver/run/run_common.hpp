// Pieces every kind of run shares: time formatting, the config in the
// result, and checking the config's expectation against what happened.
#pragma once

#include "driver/experiment/experiment_config.hpp"
#include "models/report/summary.hpp"
#include "models/runtime/host_check.hpp"

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <systemc>
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

struct ExpectationCheck {
    bool met = true;
    // false: the config has no `expect:`; the run is judged clean or not
    // (completed, every check passed, no poll loop gave up).
    bool given = true;
    nlohmann::json details = nlohmann::json::array();
    void add(const std::string& what, bool ok, const std::string& detail) {
        met = met && ok;
        details.push_back({{"what", what}, {"met", ok}, {"detail", detail}});
    }
};

// Reads int32 word `word` of a named buffer; returns an error text or "".
using WordReader =
    std::function<std::string(const std::string& buffer, std::uint64_t word, std::int32_t* value)>;

ExpectationCheck check_expectation(const ExperimentConfig& cfg, const std::string& outcome,
                                   const std::vector<HostCheck>& checks,
                                   const WordReader& read_word,
                                   const std::vector<std::string>& stuck,
                                   std::size_t poll_timeouts);

// Arms limits.max_events and limits.wall_time before sc_start; afterwards,
// the outcome and reason when one of them stopped the run ("" if none did).
void arm_run_bounds(const ExperimentConfig& cfg);
std::pair<std::string, std::string> bound_outcome(const ExperimentConfig& cfg);

// Ends every thread process still alive once the result is built (a run that
// deadlocked, hit a limit or a watchdog leaves cores, pipes and warps
// suspended): each is killed, unwinding its stack, so whatever its frames
// own is freed. Models stop a run with sc_pause, never sc_stop, so the
// kernel can still run this one delta.
void end_processes();

// A summary list cut at `shown` of `total` entries says so: "  ... and N
// more WHAT (WHERE)". Nothing when nothing was cut.
void say_left_out(std::ostream& s, std::size_t total, std::size_t shown, const char* what,
                  const char* where = "the JSON result has all");

struct RunReport;
// The summary's wall line: the whole run, its parts, and the resumption rate
// while simulating and over the whole run.
std::string timing_line(const RunReport& report);
// The last line of the summary: whether the run was what its config expects
// (or, without `expect:`, a clean run), and if not the first reason why.
std::string verdict_line(const ExpectationCheck& expectation);
// A check the workload did not declare is a bug in syncsim (exit 3).
void require_declared_checks(const std::vector<HostCheck>& reported,
                             const std::vector<std::string>& declared, const std::string& workload);

} // namespace syncsim
