// A candidate fix for each class of diagnosis, as --set values that exist
// in the run's config (fixes.cpp), and the reruns that check them
// (try_fixes.cpp): before the summary, within a budget, and on request.
#pragma once

#include "driver/experiment/experiment_config.hpp"

#include <cstdint>
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
// Reruns the config with each fix, in `out_dir`, and prints which resolve
// the run (it completes and every check passes). Returns how many do.
int try_fixes(const TryFixesOptions& o, const nlohmann::json& fixes, const std::string& out_dir,
              std::ostream& out);
// `run --try-fixes`: the fixes `result` proposes, tried by this binary, on
// stdout; the reruns go to `out_dir`, or a new temporary folder when empty.
void try_fixes_of_run(const std::string& config, const std::vector<std::string>& sets,
                      const std::string& platforms_dir, const nlohmann::json& result,
                      const std::string& out_dir);

// Before a run's fixes are printed: each is rerun by this binary in a
// temporary folder (removed after) when the run was cheap (its resumptions
// at most `budget`), each rerun bounded by the budget too; a fix gets
// "tried" ({resolves, outcome, checks_passed, checks}) or "untried" (why).
// The budget is counted in resumptions, not seconds, so the result stays
// the same from run to run; 0 tries nothing.
struct FixTrial {
    TryFixesOptions runs;
    std::uint64_t budget = 0;         // resumptions, for the run and each rerun
    std::uint64_t run_max_events = 0; // the run's own limits.max_events
};
void trial_fixes(const FixTrial& trial, std::uint64_t run_resumptions, nlohmann::json& fixes);
// Marks every fix untried, with why.
void mark_untried(nlohmann::json& fixes, const std::string& why);
// The default budget: about 4 s of a release build's simulation on a
// 2-core machine (2.3 M resumptions/s on barrier_rounds_base).
constexpr std::uint64_t kDefaultFixBudget = 10'000'000;

} // namespace syncsim
