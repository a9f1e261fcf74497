// `syncsim calibration fit --platform CHIP`: every observation of the
// register on CHIP at once. It finds which platform values the fitted
// observations move (each at both ends of its range), then draws seeded
// Latin-hypercube points over those values and moves each point onto the
// set that reproduces every fitted observation (per observation, the value
// it moves most is solved for, observation after observation, until all
// hold), and reports what the consistent points say: per value pinned,
// pinned only in a combination, or free (driver/study/calibration/identifiability.hpp); a
// chosen point; each bound value at the ends of its consistent range with
// the others refit; and each held-out observation's prediction. The runs go
// through the sweep machinery in parallel (-j). --write stores the result
// in calibration/fits/CHIP.yaml.
#pragma once

#include <string>

namespace syncsim {

struct FitOptions {
    std::string platform, out_dir, syncsim_binary, platforms_dir, register_dir;
    int samples = 32, jobs = 1;
    unsigned long long seed = 1;
    bool write = false;
    std::string command; // as typed, for the fit file
};

// 0: a consistent set was found (and written with --write); 1: none was.
int run_calibration_fit(const FitOptions& options);

} // namespace syncsim
