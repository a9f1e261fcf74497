// Sweeps: a base config and axes over any config key, combined as a product
// or zipped. Each point becomes a directory with its own rerun.sh and one
// line of a job list that GNU parallel runs (locally with -j, or over
// --sshlogin hosts) with a job log to resume from; --slurm writes a job-array
// script over the same list instead. A collector merges the results into
// results.csv and results.json, and the plot script draws them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace syncsim {

struct SweepOptions {
    std::string sweep_file, out_dir, sshlogin, syncsim_binary, platforms_dir;
    int jobs = 1;
    int points_per_task = 0;             // --slurm: points per array task (0: at most 1000 tasks)
    std::vector<std::string> slurm_opts; // --slurm-opt KEY=VALUE: #SBATCH --KEY=VALUE
    bool resume = false, slurm = false, collect_only = false, plot = true;
    // The GNU parallel command and its failed jobs on stdout; off where the
    // runs are a detail of one result (the fixes tried before a summary).
    bool announce = true;
};

// Returns the process exit code: 0 when every point ran to an outcome; 1 when
// any point failed, timed out, did not run or is impossible.
int run_sweep(const SweepOptions& options);

// Reads a sweep file and checks it as `sweep` would before running anything
// (its axes, plot and point count; the first `points_to_load` points' configs
// load), writing nothing. Returns the number of points; throws ConfigError.
std::size_t check_sweep(const std::string& sweep_file, const std::string& platforms_dir,
                        std::size_t points_to_load);

} // namespace syncsim
