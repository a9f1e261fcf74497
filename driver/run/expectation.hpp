// Whether a run was what its config expects (`expect:`), or, without one,
// a clean run: the checks, the summary's expectation and checks lines, and
// the verdict that sets the exit code.
#pragma once

#include "driver/experiment/experiment_config.hpp"
#include "models/runtime/host_check.hpp"

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

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

// The last line of the summary: whether the run was what its config expects
// (or, without `expect:`, a clean run), and if not the first reason why. A run that met
// its expectation but shows what a clean one would not (its barrier's
// participants computed different N, releases before the last arrival, GM
// race pairs; from `result`) says so; its exit code stays 0.
std::string verdict_line(const ExpectationCheck& expectation, const nlohmann::json& result);
// A check the workload did not declare is a bug in syncsim (exit 3).
void require_declared_checks(const std::vector<HostCheck>& reported,
                             const std::vector<std::string>& declared, const std::string& workload);

// Summary lines every target renders the same way, from the result.
void summarize_checks(std::ostream& s, const nlohmann::json& checks);
void summarize_expectation(std::ostream& s, const nlohmann::json& expectation);

} // namespace syncsim
