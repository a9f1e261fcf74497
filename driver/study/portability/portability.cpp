// `syncsim portability CONFIG`: the platforms to try, whether each can hold
// the launch, the runs (child `syncsim run` processes through the sweep
// machinery, as sensitivity runs its points), and the rows from their results.
#include "driver/study/portability/portability.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/cli/cli_commands.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/run/output_paths.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "driver/study/sweep/config_runs.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "output/trace/output_file.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <tuple>
#include <unistd.h>

namespace po = boost::program_options;

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace portability;

namespace {

constexpr const char* kJson = "portability.json";
constexpr const char* kCsv = "portability.csv";

// One platform's run: its sweep point, and why it does not run when it does not.
struct PlatformRun {
    std::string platform;
    sweep::Point point;
    RowStatus status = RowStatus::Ran; // DoesNotFit or ConfigError: not run
    std::string reason;
};

// While the points run, what the sweep machinery prints (the parallel command
// line, failed-job counts) goes to stderr: stdout carries only the table, CSV
// or JSON, so it can be piped into a reader.
class StdoutToStderr {
  public:
    StdoutToStderr() {
        std::cout.flush();
        std::fflush(stdout);
        m_saved = ::dup(1);
        if (m_saved >= 0) ::dup2(2, 1);
    }
    ~StdoutToStderr() {
        std::cout.flush();
        std::fflush(stdout);
        if (m_saved < 0) return;
        ::dup2(m_saved, 1);
        ::close(m_saved);
    }
    StdoutToStderr(const StdoutToStderr&) = delete;
    StdoutToStderr& operator=(const StdoutToStderr&) = delete;

  private:
    int m_saved = -1;
};

// The user's --set values; the platform is each run's own.
SetList user_sets_of(const std::vector<std::string>& sets) {
    const SetList out = split_sets(sets);
    for (const auto& [key, value] : out)
        if (key == "platform")
            throw ConfigError("--set " + quote_short(key + "=" + value) +
                              ": portability sets each run's platform itself; name the "
                              "platforms with --platforms-list");
    return out;
}

// The platforms asked for, each checked against the platforms folder; without
// a list, every Ascend platform (a Vortex cluster runs other workloads).
std::vector<std::string> choose_platforms(const std::vector<std::string>& asked,
                                          const std::string& pdir) {
    const std::vector<std::string> known = list_platforms(pdir);
    std::vector<std::string> out;
    if (asked.empty()) {
        for (const std::string& name : known)
            if (platform_kind_of(pdir, name).ports_across_platforms) out.push_back(name);
        if (out.empty()) throw ConfigError("no Ascend platform in " + quote_short(pdir));
        return out;
    }
    std::string all;
    for (const std::string& k : known) all += (all.empty() ? "" : ", ") + k;
    for (const std::string& name : asked) {
        if (name.empty())
            throw ConfigError("--platforms-list: an empty platform name (a comma too many?)");
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            const std::string hint = nearest_name(name, known);
            throw ConfigError("--platforms-list: no platform " + quote_short(name) +
                              (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                              " (known: " + all + ")");
        }
        if (std::find(out.begin(), out.end(), name) != out.end())
            throw ConfigError("--platforms-list names " + quote_short(name) + " twice");
        out.push_back(name);
    }
    return out;
}

// "a,,b" -> {"a", "", "b"}: an empty name is kept, to be refused by name.
std::vector<std::string> split_list(const std::string& list) {
    std::vector<std::string> out;
    for (std::size_t start = 0;;) {
        const std::size_t comma = list.find(',', start);
        out.push_back(list.substr(start, comma - start));
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

// The platform's point: the config with --set platform=NAME (after the
// user's --set values), checked before anything runs (an error names the
// config as the user did).
PlatformRun plan_run(ConfigRuns& runs, const std::string& platform) {
    PlatformRun run{platform, runs.point(platform, {{"platform", platform}}), RowStatus::Ran, ""};
    sweep::Point& p = run.point;
    if (!p.impossible.empty()) {
        run.status = RowStatus::ConfigError;
        run.reason = p.impossible;
        return run;
    }
    // A kernel's launch always runs: blocks beyond the free cores start in
    // waves (or hang, which is what this report is for).
    run.reason = load_experiment(runs.spec.base, sweep::sets_of(p), runs.options.platforms_dir)
                     .workload_fit_problem();
    if (!run.reason.empty()) run.status = RowStatus::DoesNotFit;
    p.impossible = run.reason;
    return run;
}

// The error line a child run printed ("syncsim: error: ..."), or "".
std::string child_error(const sweep::Point& p) {
    std::istringstream in(sweep::read_file(fs::path(p.dir) / "stderr.txt"));
    std::string found;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("syncsim: error: ", 0) == 0) found = line.substr(16);
    return found;
}

Row row_of(const PlatformRun& run, const json& collected) {
    if (run.status == RowStatus::DoesNotFit)
        return Row{run.platform, run.status, "does not fit", {}, {}, {}, run.reason, {}};
    if (run.status == RowStatus::ConfigError)
        return Row{run.platform, run.status, "config error: " + run.reason, {}, {}, {}, "", {}};
    if (collected.value("status", "") == "ran")
        return row_from_result(
            run.platform, json::parse(sweep::read_file(fs::path(run.point.dir) / "result.json")));
    // Exit 2 is a config the child refused (a check only the run makes).
    const std::string error = child_error(run.point);
    if (collected.value("exit_code", 0) == 2 && !error.empty())
        return Row{
            run.platform, RowStatus::ConfigError, "config error: " + error, {}, {}, {}, "", {}};
    const std::string why = collected.value("reason", std::string("no result"));
    return Row{run.platform, RowStatus::Failed, "failed: " + why, {}, {}, {}, "", {}};
}

void write_outputs(const PortabilityOptions& o, const std::string& out,
                   const std::vector<Row>& rows) {
    const json j = rows_json(o.config, o.sets, rows);
    OutputFile json_file((fs::path(out) / kJson).string(), "portability JSON");
    json_file.stream() << j.dump(2) << "\n";
    json_file.close();
    OutputFile csv_file((fs::path(out) / kCsv).string(), "portability CSV");
    write_csv(csv_file.stream(), rows);
    csv_file.close();
    if (o.format == "json")
        std::cout << j.dump(2) << "\n";
    else if (o.format == "csv")
        write_csv(std::cout, rows);
    else
        write_table(std::cout, rows);
    std::cout << std::flush;
    std::cerr << "wrote " << (fs::path(out) / kJson).string() << " and " << kCsv << "\n";
}

} // namespace

int run_portability(const PortabilityOptions& o) {
    if (o.format != "table" && o.format != "csv" && o.format != "json")
        throw ConfigError("--format " + quote_short(o.format) + ": expected table, csv or json");
    const SetList user_sets = user_sets_of(o.sets);
    // The config as given must load, and run on an Ascend platform.
    if (const ExperimentConfig cfg = load_experiment(o.config, o.sets, o.platforms_dir);
        !cfg.kind->ports_across_platforms)
        throw ConfigError(o.config +
                          ": portability compares platforms of a kind that runs the "
                          "same workloads; this config runs on " +
                          cfg.platform_name() + ", a " + cfg.kind->name + " platform");
    const std::vector<std::string> platforms = choose_platforms(o.platforms, o.platforms_dir);

    ConfigRuns study(o.config, "portability of " + o.config,
                     o.out_dir.empty()
                         ? (fs::path("runs") / "portability" / fs::path(o.config).stem()).string()
                         : o.out_dir,
                     o.jobs, o.syncsim_binary, o.platforms_dir, user_sets);
    const std::string& out = study.out;
    std::vector<NamedPath> outputs;
    for (const char* name : {kJson, kCsv, sweep::SweepFiles::kJobs, sweep::SweepFiles::kJobLog})
        outputs.push_back({(fs::path(out) / name).string(), std::string("the study's ") + name});
    check_outputs_apart({{o.config, "the config file"}}, outputs);

    std::vector<PlatformRun> runs;
    std::vector<sweep::Point> points;
    for (const std::string& name : platforms) {
        runs.push_back(plan_run(study, name));
        points.push_back(runs.back().point);
    }
    std::cerr << "portability of " << o.config << " on " << platforms.size() << " platform(s)\n";
    json collected;
    {
        const StdoutToStderr progress_aside;
        collected = study.run(points);
    }
    std::vector<Row> rows;
    bool all_answered = true;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        rows.push_back(row_of(runs[i], collected[i]));
        all_answered = all_answered && (rows.back().status == RowStatus::Ran ||
                                        rows.back().status == RowStatus::DoesNotFit);
    }
    write_outputs(o, out, rows);
    return all_answered ? 0 : 1;
}

int cmd_portability(const std::vector<std::string>& args, const std::string& pdir) {
    PortabilityOptions o;
    std::string platforms_list;
    CommandOptions opts("portability CONFIG [options]",
                        "Runs CONFIG on each platform that can hold its launch and tabulates "
                        "outcome, barrier latency, checks, diagnosis and proposed fix.");
    opts.operand("config", po::value(&o.config));
    opts.add()("platforms-list", po::value(&platforms_list)->value_name("P1,P2,..."),
               "the platforms (default: every Ascend platform)")(
        "format", po::value(&o.format)->value_name("F"), "table (default), csv or json, on stdout");
    opts.jobs(o.jobs, "runs at once (GNU parallel)")(
        "set", po::value(&o.sets)->composing()->value_name("KEY=VALUE"),
        "override a config key on every platform; repeatable")(
        "out", po::value(&o.out_dir)->value_name("DIR"),
        "default runs/portability/<config name>; writes portability.json and portability.csv");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (o.config.empty())
        throw ConfigError("portability needs a CONFIG file (syncsim portability --help)");
    if (vm.count("platforms-list")) o.platforms = split_list(platforms_list);
    o.platforms_dir = fs::absolute(platforms_dir(pdir)).string();
    o.syncsim_binary = fs::canonical("/proc/self/exe").string();
    return run_portability(o);
}

} // namespace syncsim
