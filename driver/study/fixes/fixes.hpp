// A candidate fix for each class of diagnosis, as --set values that exist
// in the run's config (fixes.cpp), and the rerun that checks them
// (try_fixes.cpp).
#pragma once

#include "driver/experiment/experiment_config.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace syncsim {

struct FixCandidate {
    std::vector<std::pair<std::string, std::string>> sets; // key -> value
    std::string why;
};

// The fixes the result's diagnosis (culprits, outcome, failed checks)
// suggests, for a run that did not end as the workload means to: each a
// change to a parameter this config has, to a value it does not have now.
std::vector<FixCandidate> propose_fixes(const ExperimentConfig& cfg, const nlohmann::json& result);
nlohmann::json fixes_json(const std::vector<FixCandidate>& fixes);
// "--set a=1 --set b=2".
std::string set_args(const FixCandidate& fix);

struct TryFixesOptions {
    std::string config, syncsim_binary, platforms_dir;
    std::vector<std::string> sets; // the user's, kept under each fix
    int jobs = 1;
};
// Reruns the config with each fix and prints which resolve the run (it
// completes and every check passes). Returns how many do.
int try_fixes(const TryFixesOptions& o, const nlohmann::json& fixes, std::ostream& out);
// `run --try-fixes`: the fixes `result` proposes, tried by this binary, on stdout.
void try_fixes_of_run(const std::string& config, const std::vector<std::string>& sets,
                      const std::string& platforms_dir, const nlohmann::json& result);

} // namespace syncsim
