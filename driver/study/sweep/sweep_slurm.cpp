#include "driver/study/sweep/sweep_slurm.hpp"

#include "config/yaml_view.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>

namespace fs = std::filesystem;

namespace syncsim {

namespace {

// The #SBATCH options of one job: syncsim's, then the user's --slurm-opt
// (which replace syncsim's of the same key: a site's --time, --output).
using sweep::SweepFiles;
using SbatchOptions = std::map<std::string, std::string>;

SbatchOptions user_options(const std::vector<std::string>& given) {
    SbatchOptions out;
    for (const std::string& opt : given) {
        const auto eq = opt.find('=');
        const std::string key = opt.substr(0, eq);
        const bool key_ok = !key.empty() && std::islower(static_cast<unsigned char>(key[0])) &&
                            std::all_of(key.begin(), key.end(), [](char c) {
                                return std::islower(static_cast<unsigned char>(c)) ||
                                       std::isdigit(static_cast<unsigned char>(c)) || c == '-';
                            });
        if (eq == std::string::npos || !key_ok || eq + 1 == opt.size() ||
            opt.find('\n') != std::string::npos)
            throw ConfigError("--slurm-opt " + quote_short(opt) +
                              ": expected KEY=VALUE with an sbatch option's long name, e.g. "
                              "partition=debug, account=proj, qos=normal, mem=4G, time=30");
        if (key == "array" || key == "dependency" || key == "wait")
            throw ConfigError("--slurm-opt " + quote_short(opt) + ": syncsim sets --" + key +
                              " itself (the array of points, the collect job after it)");
        out[key] = opt.substr(eq + 1);
    }
    return out;
}

void write_header(std::ostream& sh, SbatchOptions options, const SbatchOptions& user) {
    for (const auto& [key, value] : user) options[key] = value;
    for (const auto& [key, value] : options) sh << "#SBATCH --" << key << "=" << value << "\n";
}

std::string abs_quoted(const std::string& path) {
    return shell_quote(fs::absolute(path).lexically_normal().string());
}

} // namespace

void write_slurm_files(const SweepOptions& o, const sweep::SweepSpec& spec, const std::string& out,
                       int jobs_to_run) {
    const SbatchOptions user = user_options(o.slurm_opts);
    // Sites cap the jobs a user may queue: several points run in one array
    // task, one after the other (--points-per-task, or enough to stay
    // within 1000 tasks).
    const int per_task =
        o.points_per_task > 0 ? o.points_per_task : std::max(1, (jobs_to_run + 999) / 1000);
    const int tasks = std::max(1, (jobs_to_run + per_task - 1) / per_task);
    const std::string dir = fs::absolute(out).lexically_normal().string();
    const std::string collect =
        shell_quote(o.syncsim_binary) + " --platforms " + shell_quote(o.platforms_dir) + " sweep " +
        abs_quoted(o.sweep_file) + " --out " + shell_quote(dir) + " --collect";

    OutputFile array_file((fs::path(out) / SweepFiles::kSlurmScript).string(), "Slurm script");
    std::ostream& sh = array_file.stream();
    sh << "#!/bin/bash\n# " << jobs_to_run << " point(s), " << per_task
       << " per array task; a task exits 1 when one of its points failed (after its retries).\n"
       << "# submit.sh submits it and the collect job after it.\n";
    write_header(sh,
                 {{"job-name", "syncsim-sweep"},
                  {"array", "0-" + std::to_string(tasks - 1)},
                  {"time", std::to_string(
                               ((spec.timeout_s + 15) * per_task * (spec.retries + 1) + 59) / 60)},
                  {"output", dir + "/slurm-%A_%a.out"}},
                 user);
    sh << "first=$((SLURM_ARRAY_TASK_ID * " << per_task << " + 1))\n";
    sh << "last=$((first + " << per_task - 1 << "))\n";
    sh << "sed -n \"${first},${last}p\" " << shell_quote(dir + "/" + SweepFiles::kJobs)
       << " | {\n    failed=0\n    while IFS= read -r line; do\n        ok=1\n";
    sh << "        for try in $(seq 0 " << spec.retries
       << "); do if eval \"$line\"; then ok=0; break; fi; done\n";
    sh << "        [ \"$ok\" -eq 0 ] || failed=1\n    done\n    exit \"$failed\"\n}\n";
    array_file.close();

    OutputFile collect_file((fs::path(out) / SweepFiles::kSlurmCollect).string(),
                            "Slurm collect script");
    std::ostream& c = collect_file.stream();
    c << "#!/bin/bash\n# Collects the sweep's results once the array has ended, however it "
         "ended.\n";
    write_header(c,
                 {{"job-name", "syncsim-collect"},
                  {"time", "30"},
                  {"output", dir + "/slurm-collect-%j.out"}},
                 user);
    c << "exec " << collect << "\n";
    collect_file.close();

    OutputFile submit_file((fs::path(out) / SweepFiles::kSlurmSubmit).string(),
                           "Slurm submit script");
    std::ostream& s = submit_file.stream();
    s << "#!/bin/bash\n# Submits the array, then the collect job after it (afterany).\n"
         "set -euo pipefail\n";
    s << "array=$(sbatch --parsable " << shell_quote(dir + "/" + SweepFiles::kSlurmScript) << ")\n";
    s << "collect=$(sbatch --parsable --dependency=afterany:\"${array%%;*}\" "
      << shell_quote(dir + "/" + SweepFiles::kSlurmCollect) << ")\n";
    s << "echo \"submitted the array (job ${array%%;*}) and the collect job (${collect%%;*}) "
         "after it\"\n";
    submit_file.close();
    for (const char* name :
         {SweepFiles::kSlurmScript, SweepFiles::kSlurmCollect, SweepFiles::kSlurmSubmit})
        fs::permissions(fs::path(out) / name, fs::perms::owner_exec, fs::perm_options::add);
    std::cout << "wrote " << dir << "/" << SweepFiles::kSlurmSubmit << " (submits " << tasks
              << " array task(s), then the collect job after them), " << SweepFiles::kSlurmScript
              << " and " << SweepFiles::kSlurmCollect << "\n";
}

} // namespace syncsim
