// `syncsim sensitivity CONFIG`: the config run at each platform estimate's
// low and high end, one at a time (the others at their values), in parallel
// like a sweep's points; optionally a seeded Latin-hypercube sample over all
// of them at once, for interactions. Reports, per headline metric, the
// swing each estimate causes, ranked, outcome flips first: a table, a
// tornado plot, CSV and JSON, and caches the ranking for later runs of the
// same inputs (driver/study/sensitivity/sensitivity_cache.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace syncsim {

struct SensitivityOptions {
    std::string config, out_dir, syncsim_binary, platforms_dir;
    std::vector<std::string> sets;    // --set, applied to every run
    std::vector<std::string> metrics; // --metric; the first ranks (default: latency median)
    int jobs = 1;
    int lhs_samples = 0; // --lhs N: N Latin-hypercube samples besides the one-at-a-time runs
    std::uint64_t seed = 1;
    bool plot = true;
    // --consistent: the config at every point of its platform's calibration
    // fit that reproduces all fitted observations (calibration/fits/).
    bool consistent = false;
};

// Returns the exit code: 0 when every run gave a result, 1 when one did not.
int run_sensitivity(const SensitivityOptions& options);

} // namespace syncsim
