// The commands that study a config or a platform rather than run it once:
// sweep, sensitivity, describe. Part of the syncsim executable (they parse
// their options with Boost.Program_options, as main.cpp does).
#include "driver/cli_commands.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/calibration.hpp"
#include "driver/calibration_fit.hpp"
#include "driver/sensitivity.hpp"
#include "driver/sweep.hpp"
#include "platforms/platform_kinds.hpp"

#include <boost/program_options.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace po = boost::program_options;

namespace syncsim {

// Where the platform files are: --platforms, else $SYNCSIM_PLATFORMS, else
// beside an installed binary (PREFIX/share/syncsim/platforms), else the
// source tree this binary was built from. Each may be a ':'-separated list.
std::string platforms_dir(const std::string& given) {
    std::string dir = std::string(SYNCSIM_SOURCE_DIR) + "/platforms", from = "the source tree";
    std::error_code ec;
    const auto installed =
        std::filesystem::canonical("/proc/self/exe", ec).parent_path().parent_path() / "share" /
        "syncsim" / "platforms";
    if (!ec && std::filesystem::is_directory(installed, ec)) {
        dir = installed.string();
        from = "the installed platforms";
    }
    if (!given.empty()) {
        dir = given;
        from = "--platforms";
    } else if (const char* env = std::getenv("SYNCSIM_PLATFORMS")) {
        dir = env;
        from = "SYNCSIM_PLATFORMS";
    }
    for (const std::string& folder : platform_dirs(dir))
        if (!std::filesystem::is_directory(folder, ec))
            throw ConfigError("platforms folder " + quote_short(folder) + " (" + from +
                              ") is not a directory");
    if (platform_dirs(dir).empty()) throw ConfigError("no platforms folder given (" + from + ")");
    return dir;
}

int cmd_sweep(const std::vector<std::string>& args, const std::string& pdir) {
    po::options_description opts;
    SweepOptions o;
    bool no_plot = false;
    opts.add_options()("jobs,j", po::value(&o.jobs)->default_value(1))(
        "out", po::value(&o.out_dir))("resume", po::bool_switch(&o.resume))(
        "points-per-task", po::value(&o.points_per_task))("slurm", po::bool_switch(&o.slurm))(
        "sshlogin", po::value(&o.sshlogin))("collect", po::bool_switch(&o.collect_only))(
        "slurm-opt", po::value(&o.slurm_opts)->composing())("no-plot", po::bool_switch(&no_plot))(
        "sweep", po::value(&o.sweep_file));
    po::positional_options_description pos;
    pos.add("sweep", 1);
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
    po::notify(vm);
    if (o.sweep_file.empty()) throw ConfigError("sweep needs a SWEEP file (syncsim --help)");
    if (o.jobs < 1) throw ConfigError("-j needs at least 1 job");
    if (!o.slurm_opts.empty() && !o.slurm)
        throw ConfigError("--slurm-opt goes with --slurm (it is an option of the Slurm jobs)");
    o.plot = !no_plot;
    o.platforms_dir = std::filesystem::absolute(platforms_dir(pdir)).string();
    o.syncsim_binary = std::filesystem::canonical("/proc/self/exe").string();
    return run_sweep(o);
}

int cmd_sensitivity(const std::vector<std::string>& args, const std::string& pdir) {
    po::options_description opts;
    SensitivityOptions o;
    bool no_plot = false;
    opts.add_options()("jobs,j", po::value(&o.jobs)->default_value(1))(
        "out", po::value(&o.out_dir))("set", po::value(&o.sets)->composing())(
        "metric", po::value(&o.metrics)->composing())("lhs", po::value(&o.lhs_samples))(
        "seed", po::value(&o.seed))("no-plot", po::bool_switch(&no_plot))(
        "consistent", po::bool_switch(&o.consistent))("config", po::value(&o.config));
    po::positional_options_description pos;
    pos.add("config", 1);
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
    po::notify(vm);
    if (o.config.empty()) throw ConfigError("sensitivity needs a CONFIG file (syncsim --help)");
    if (o.jobs < 1) throw ConfigError("-j needs at least 1 job");
    if (o.lhs_samples < 0 || o.lhs_samples > 10000)
        throw ConfigError("--lhs takes a number of samples from 0 to 10000");
    o.plot = !no_plot;
    o.platforms_dir = std::filesystem::absolute(platforms_dir(pdir)).string();
    o.syncsim_binary = std::filesystem::canonical("/proc/self/exe").string();
    return run_sensitivity(o);
}

int cmd_describe(const std::vector<std::string>& args, const std::string& pdir) {
    if (args.size() == 1 && args[0] == "calibration") {
        describe_calibrations(std::cout, calibration_dir(), platforms_dir(pdir));
        return 0;
    }
    if (args.size() != 2 || args[0] != "platform")
        throw ConfigError("usage: syncsim describe platform NAME | describe calibration");
    const std::string dir = platforms_dir(pdir);
    describe_platform(std::cout, dir, args[1]);
    return 0;
}

// `calibration check [FILE]... [-j N]`: every record of the register, or
// these; `calibration fit --platform CHIP [--samples N] [--seed S] [-j N]
// [--out DIR] [--write]`.
int cmd_calibration(const std::vector<std::string>& args, const std::string& pdir) {
    const std::string usage =
        "usage: syncsim calibration check [FILE]... [-j N] | calibration fit --platform CHIP "
        "[--samples N] [--seed S] [-j N] [--out DIR] [--write]";
    if (args.empty() || (args[0] != "check" && args[0] != "fit")) throw ConfigError(usage);
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    const std::string pdir_abs = std::filesystem::absolute(platforms_dir(pdir)).string();
    const std::string self = std::filesystem::canonical("/proc/self/exe").string();
    po::variables_map vm;
    if (args[0] == "check") {
        std::vector<std::string> files;
        int jobs = 1;
        po::options_description opts;
        opts.add_options()("jobs,j", po::value(&jobs)->default_value(1))(
            "file", po::value(&files)->composing());
        po::positional_options_description pos;
        pos.add("file", -1);
        po::store(po::command_line_parser(rest).options(opts).positional(pos).run(), vm);
        po::notify(vm);
        if (jobs < 1) throw ConfigError("-j needs at least 1 job");
        if (files.empty())
            for (const Observation& o : read_observations(calibration_dir()))
                files.push_back(o.file);
        return check_calibrations(files, pdir_abs, self, jobs, std::cout);
    }
    FitOptions o;
    po::options_description opts;
    opts.add_options()("platform",
                       po::value(&o.platform))("samples", po::value(&o.samples)->default_value(32))(
        "seed", po::value(&o.seed)->default_value(1))("jobs,j",
                                                      po::value(&o.jobs)->default_value(1))(
        "out", po::value(&o.out_dir))("write", po::bool_switch(&o.write));
    po::store(po::command_line_parser(rest).options(opts).run(), vm);
    po::notify(vm);
    if (o.platform.empty())
        throw ConfigError("calibration fit needs --platform CHIP (" + usage + ")");
    if (o.jobs < 1) throw ConfigError("-j needs at least 1 job");
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

} // namespace syncsim
