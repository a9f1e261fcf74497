// The Slurm files of a sweep (--slurm), written beside its job list:
// slurm.sh, a job array over the job list, whose tasks exit non-zero when a
// point fails (sacct and scontrol show it); collect.sh, which collects the
// results; and submit.sh, which submits the array, then the collect job
// after it (afterany: however the tasks ended). --slurm-opt KEY=VALUE lines
// (a partition, an account, a QOS, memory, time) go into both jobs.
#pragma once

#include "driver/study/sweep/sweep.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <string>

namespace syncsim {

void write_slurm_files(const SweepOptions& o, const sweep::SweepSpec& spec, const std::string& out,
                       int jobs_to_run);

} // namespace syncsim
