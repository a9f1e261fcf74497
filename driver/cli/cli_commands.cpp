// The commands that study a config or a platform rather than run it once:
// sweep, sensitivity, describe. Part of the syncsim executable (they parse
// their options with Boost.Program_options, as main.cpp does).
#include "driver/cli/cli_commands.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/study/calibration/calibration.hpp"
#include "driver/study/calibration/calibration_fit.hpp"
#include "driver/study/sensitivity/sensitivity.hpp"
#include "driver/study/sweep/sweep.hpp"

#include <boost/program_options.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace po = boost::program_options;

namespace syncsim {

int cmd_sweep(const std::vector<std::string>& args, const std::string& pdir) {
    SweepOptions o;
    bool no_plot = false;
    CommandOptions opts("sweep SWEEP [options]",
                        "Runs the base config SWEEP names at every point of its grid (GNU "
                        "parallel, or a Slurm job array), collects each point's result into "
                        "one table and plots it (docs/sweeps.md).");
    opts.operand("sweep", po::value(&o.sweep_file));
    opts.jobs(o.jobs, "points run at once (GNU parallel)")(
        "out", po::value(&o.out_dir)->value_name("DIR"),
        "where points and results go (default runs/<sweep name>)")(
        "resume", po::bool_switch(&o.resume),
        "run only the points without a current result (missing, failed, timed out, or changed "
        "since their last run)")("slurm", po::bool_switch(&o.slurm),
                                 "write DIR/slurm.sh (a job array over DIR/jobs.txt; a task "
                                 "exits 1 when a point failed), DIR/collect.sh (the collect "
                                 "job) and DIR/submit.sh (submits both, collect after any end "
                                 "of the array); run nothing")(
        "slurm-opt", po::value(&o.slurm_opts)->composing()->value_name("KEY=VALUE"),
        "with --slurm: an #SBATCH --KEY=VALUE line in both jobs (partition, account, qos, mem, "
        "time ...); repeatable")("points-per-task", po::value(&o.points_per_task)->value_name("N"),
                                 "with --slurm: points run one after another in each array "
                                 "task (default: enough to keep the array within 1000 tasks)")(
        "sshlogin", po::value(&o.sshlogin)->value_name("HOSTS"),
        "passed to GNU parallel to run points on other machines")(
        "collect", po::bool_switch(&o.collect_only),
        "only merge the points' results (after a Slurm run)")("no-plot", po::bool_switch(&no_plot),
                                                              "do not call scripts/plot_sweep.py");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (o.sweep_file.empty()) throw ConfigError("sweep needs a SWEEP file (syncsim sweep --help)");
    if (!o.slurm_opts.empty() && !o.slurm)
        throw ConfigError("--slurm-opt goes with --slurm (it is an option of the Slurm jobs)");
    o.plot = !no_plot;
    o.platforms_dir = std::filesystem::absolute(platforms_dir(pdir)).string();
    o.syncsim_binary = std::filesystem::canonical("/proc/self/exe").string();
    return run_sweep(o);
}

int cmd_sensitivity(const std::vector<std::string>& args, const std::string& pdir) {
    SensitivityOptions o;
    bool no_plot = false;
    CommandOptions opts(
        "sensitivity CONFIG [options]",
        "Runs CONFIG at each platform estimate's plausible low and high end, one at a time, and "
        "ranks the swing each causes in the metrics; writes sensitivity.json, sensitivity.csv "
        "and a tornado plot.");
    opts.operand("config", po::value(&o.config));
    opts.jobs(o.jobs, "runs at once (GNU parallel)")(
        "metric", po::value(&o.metrics)->composing()->value_name("NAME"),
        "a metric to report (repeatable; the first ranks): latency_median_ns (the default when "
        "the run has barrier rounds), latency_p99_ns, sim_time_ns (the makespan), "
        "streamN_end_ns, streamN_task_ns; the outcome always")(
        "set", po::value(&o.sets)->composing()->value_name("KEY=VALUE"),
        "override a config key in every run; repeatable")(
        "lhs", po::value(&o.lhs_samples)->value_name("N"),
        "also run N Latin-hypercube samples over every estimate at once (interactions)")(
        "seed", po::value(&o.seed)->value_name("S"), "the --lhs samples' seed (default 1)")(
        "consistent", po::bool_switch(&o.consistent),
        "run the config at every point of its platform's calibration fit that reproduces all "
        "fitted observations (calibration/fits/)")("out", po::value(&o.out_dir)->value_name("DIR"),
                                                   "default runs/sensitivity/<config name>")(
        "no-plot", po::bool_switch(&no_plot), "do not draw tornado.png/.svg");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (o.config.empty())
        throw ConfigError("sensitivity needs a CONFIG file (syncsim sensitivity --help)");
    if (o.lhs_samples < 0 || o.lhs_samples > 10000)
        throw ConfigError("--lhs takes a number of samples from 0 to 10000");
    o.plot = !no_plot;
    o.platforms_dir = std::filesystem::absolute(platforms_dir(pdir)).string();
    o.syncsim_binary = std::filesystem::canonical("/proc/self/exe").string();
    return run_sensitivity(o);
}

int cmd_describe(const std::vector<std::string>& args, const std::string& pdir) {
    std::string what, name;
    CommandOptions opts("describe platform NAME\n       syncsim describe calibration",
                        "Prints a platform's parameters (each value, its unit, range, source "
                        "and what it means), or the calibration register (each device "
                        "observation, what it fixes and how well the platforms reproduce it).");
    opts.operand("what", po::value(&what));
    opts.operand("name", po::value(&name));
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (what == "calibration" && name.empty()) {
        describe_calibrations(std::cout, calibration_dir(), platforms_dir(pdir));
        return 0;
    }
    if (what != "platform" || name.empty())
        throw ConfigError("usage: syncsim describe platform NAME | describe calibration");
    describe_platform(std::cout, platforms_dir(pdir), name);
    return 0;
}

namespace {

const char* const kCalibrationUsage =
    "calibration check [FILE]... [-j N]\n"
    "       syncsim calibration fit --platform CHIP [--samples N] [--seed S] [-j N] [--out DIR] "
    "[--write]";

// `calibration check [FILE]... [-j N]`: every record of the register, or these.
int calibration_check(const std::vector<std::string>& args, const std::string& pdir_abs,
                      const std::string& self) {
    std::vector<std::string> files;
    int jobs = 1;
    CommandOptions opts("calibration check [FILE]... [-j N]",
                        "Runs each device observation's config (every record of the register "
                        "in calibration/, or the FILEs given) and says whether the platform "
                        "reproduces what the device measured.");
    opts.operand("file", po::value(&files)->composing(), -1);
    opts.jobs(jobs, "runs at once (GNU parallel)");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (files.empty())
        for (const Observation& o : read_observations(calibration_dir())) files.push_back(o.file);
    return check_calibrations(files, pdir_abs, self, jobs, std::cout);
}

// `calibration fit --platform CHIP ...`: the platform's estimates fitted to
// every observation of the chip.
int calibration_fit(const std::vector<std::string>& args, const std::string& pdir_abs,
                    const std::string& self) {
    FitOptions o;
    CommandOptions opts("calibration fit --platform CHIP [options]",
                        "Fits the platform's free estimates to every device observation of "
                        "the chip: screens each estimate, samples the space, moves the samples "
                        "onto the set that reproduces every fitted observation and reports "
                        "which values the observations pin, pin only in a combination, or "
                        "leave free.");
    opts.add()("platform", po::value(&o.platform)->value_name("CHIP"), "the chip to fit")(
        "samples", po::value(&o.samples)->default_value(32)->value_name("N"),
        "Latin-hypercube points (2 to 10000)")(
        "seed", po::value(&o.seed)->default_value(1)->value_name("S"), "the samples' seed");
    opts.jobs(o.jobs, "runs at once (GNU parallel)")(
        "out", po::value(&o.out_dir)->value_name("DIR"), "where the fit's runs and report go")(
        "write", po::bool_switch(&o.write), "store the result in calibration/fits/CHIP.yaml");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (o.platform.empty())
        throw ConfigError("calibration fit needs --platform CHIP (syncsim calibration fit --help)");
    if (o.samples < 2 || o.samples > 10000)
        throw ConfigError("--samples takes a number of points from 2 to 10000");
    check_platform_name(o.platform);
    o.platforms_dir = pdir_abs;
    o.syncsim_binary = self;
    o.register_dir = calibration_dir();
    o.command = "syncsim calibration fit --platform " + o.platform + " --samples " +
                std::to_string(o.samples) + " --seed " + std::to_string(o.seed);
    return run_calibration_fit(o);
}

} // namespace

int cmd_calibration(const std::vector<std::string>& args, const std::string& pdir) {
    const bool check = !args.empty() && args[0] == "check", fit = !args.empty() && args[0] == "fit";
    if (args.size() == 1 && args[0] == kCompletionQuery) { // both subcommands' words
        calibration_check(args, "", "");
        return calibration_fit(args, "", "");
    }
    if (!check && !fit) {
        if (!asks_for_help(args))
            throw ConfigError(std::string("usage: syncsim ") + kCalibrationUsage);
        std::cout << "usage: syncsim " << kCalibrationUsage
                  << "\n\n(syncsim calibration check --help, syncsim calibration fit --help: "
                     "each one's options)\n";
        return 0;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (asks_for_help(rest))
        return check ? calibration_check(rest, "", "") : calibration_fit(rest, "", "");
    const std::string pdir_abs = std::filesystem::absolute(platforms_dir(pdir)).string();
    const std::string self = std::filesystem::canonical("/proc/self/exe").string();
    return check ? calibration_check(rest, pdir_abs, self) : calibration_fit(rest, pdir_abs, self);
}

} // namespace syncsim
