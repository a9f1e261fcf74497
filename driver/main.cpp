// The syncsim command line: run an experiment, list what exists, describe a
// platform. Exit codes: 0 outcome as expected, 1 outcome differs, 2 bad
// input, 3 internal error.
#include "config/yaml_view.hpp"
#include "driver/cli_commands.hpp"
#include "driver/experiment_config.hpp"
#include "driver/fixes.hpp"
#include "driver/output_paths.hpp"
#include "driver/plugin_loader.hpp"
#include "driver/run.hpp"
#include "driver/sweep.hpp"
#include "driver/trace_options.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/round_rows_file.hpp"
#include "platforms/platform.hpp"
#include "platforms/platform_kinds.hpp"
#include "workloads/registry.hpp"

#include <boost/program_options.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sysc/kernel/sc_kernel_ids.h>
#include <systemc>

namespace po = boost::program_options;
using namespace syncsim;

namespace {

constexpr int kExitMismatch = 1, kExitBadInput = 2, kExitInternal = 3;

const char* const kUsage = R"(syncsim - how accelerator cores synchronise, simulated

usage:
  syncsim run CONFIG [--set KEY=VALUE]... [--vcd FILE] [--json FILE]
                     [--timeline FILE] [--rounds FILE] [--perf FILE]
                     [--window RANGE] [--cores LIST] [--signals LIST]
                     [--waits FILE.dot] [--races auto|off|on] [--try-fixes]
  syncsim sweep SWEEP [-j N] [--out DIR] [--resume] [--slurm [--slurm-opt K=V]...]
                     [--sshlogin HOSTS]
  syncsim sensitivity CONFIG [-j N] [--metric NAME]... [--set KEY=VALUE]...
                     [--lhs N [--seed S]] [--consistent] [--out DIR] [--no-plot]
  syncsim portability CONFIG [--platforms-list P1,P2,...] [--format table|csv|json]
                     [-j N] [--set KEY=VALUE]... [--out DIR]
  syncsim list platforms | workloads [--plugin FILE]...
  syncsim describe platform NAME | calibration
  syncsim calibration check [FILE]... [-j N]
  syncsim calibration fit --platform CHIP [--samples N] [--seed S] [-j N]
                     [--out DIR] [--write]
  syncsim --help | --version

options:
  --set KEY=VALUE   override any config key; platform.PATH sets the platform
                    parameter at PATH in its tree (e.g. --set
                    platform.die.l2.access_cycles=20)
  --vcd FILE        trace core states, barrier rounds, flags, marked GM words;
                    also writes FILE's .gtkw save file for GTKWave; FILE.fst
                    writes FST through GTKWave's vcd2fst (package gtkwave),
                    FILE.vcd.gz a gzip-compressed VCD
  --json FILE       write the result (effective config with provenance,
                    outcome, diagnosis, statistics) as JSON
  --timeline FILE   write a Chrome trace-event timeline (Perfetto,
                    chrome://tracing): cores, streams, rounds with flows,
                    counters; FILE.json.gz writes it gzip-compressed
  --rounds FILE     write every barrier round's row as it closes, as CSV
                    (FILE.csv) or JSON lines (FILE.jsonl); the JSON result
                    lists the first rounds and statistics over all
  --window RANGE    keep part of the run in --vcd, --timeline and --rounds:
                    FROM..TO in simulated time ("2us..3us", "..5us", "1ms..")
                    or rounds:A..B (from the first arrival at barrier round A
                    to the last release from round B, in the first launch
                    that completes round A)
  --cores LIST      trace only these cores: aic, aiv, aic3, aiv0-15, ...
  --signals LIST    trace only these kinds of signal: @SIGNALS@
  --perf FILE       write wall time and resumptions/s (not in the JSON, which
                    stays byte-identical from run to run)
  --waits FILE.dot  write who waits on whom at the end as a Graphviz graph
                    (and FILE.svg when Graphviz's dot is installed): host,
                    streams, launches, waiting cores, what they wait on and
                    who did not come; a cycle or a missing signal in red
  --races auto|off|on  the GM race detector: pairs of conflicting accesses
                    no synchronisation orders ("races" in the result). auto,
                    the default, checks a run while cores x GM words touched
                    stay at most 16,777,216, and says where it stopped
  --try-fixes       rerun with each fix the diagnosis proposes (the "fix?"
                    lines) and report which resolve the run (it completes
                    and every check passes); reruns go to runs/fixes/
  --platforms DIR   where platform files live (default: the source tree's)

sweep options:
  -j N              points run at once (GNU parallel)
  --out DIR         where points and results go (default runs/<sweep name>)
  --resume          run only the points without a current result (missing,
                    failed, timed out, or changed since their last run)
  --slurm           write DIR/slurm.sh (a job array over DIR/jobs.txt; a task exits
                    1 when a point failed), DIR/collect.sh (the collect job) and
                    DIR/submit.sh (submits both, collect after any end of the
                    array); run nothing
  --slurm-opt KEY=VALUE  with --slurm: an #SBATCH --KEY=VALUE line in both jobs
                    (partition, account, qos, mem, time ...); repeatable
  --points-per-task N  with --slurm: points run one after another in each array
                    task (default: enough to keep the array within 1000 tasks)
  --sshlogin HOSTS  passed to GNU parallel to run points on other machines
  --collect         only merge the points' results (after a Slurm run)
  --no-plot         do not call scripts/plot_sweep.py

sensitivity options (runs the config at each platform estimate's plausible
low and high end, one at a time; ranks the swing each causes):
  -j N              runs at once (GNU parallel)
  --metric NAME     a metric to report (repeatable; the first ranks):
                    latency_median_ns (the default when the run has barrier
                    rounds), latency_p99_ns, sim_time_ns (the makespan),
                    streamN_end_ns, streamN_task_ns; the outcome always
  --lhs N           also run N Latin-hypercube samples over every estimate
                    at once (interactions), seeded by --seed S (default 1)
  --out DIR         default runs/sensitivity/<config name>; writes
                    sensitivity.json, sensitivity.csv, tornado.png/.svg

portability options (runs the config on each platform that can hold its
launch; tabulates outcome, barrier latency, checks, diagnosis, proposed fix):
  --platforms-list P1,P2,...  the platforms (default: every Ascend platform)
  --format F        table (default), csv or json, on stdout
  -j N              runs at once (GNU parallel)
  --out DIR         default runs/portability/<config name>; writes
                    portability.json and portability.csv

exit codes: 0 outcome as the config expects, 1 it differs, 2 bad input,
            3 internal error
)";

void write_text(const std::string& path, const char* what, const std::string& text) {
    OutputFile file(path, what);
    file.stream() << text;
    file.close();
}

// --waits FILE.dot: checked, and the SVG that goes beside it.
NamedPath waits_svg(const std::string& waits, const ExperimentConfig& cfg) {
    if (std::filesystem::path(waits).extension() != ".dot")
        throw ConfigError("--waits file " + quote_short(waits) +
                          " must end in .dot (the SVG goes beside it)");
    if (cfg.is_vortex())
        throw ConfigError("--waits draws the Ascend model's waits; " + cfg.platform_name() +
                          " is a Vortex platform");
    return {std::filesystem::path(waits).replace_extension(".svg").string(),
            "the --waits SVG beside the DOT"};
}

// An option given with nothing after it.
void check_option_values(const po::variables_map& vm) {
    for (const char* option : {"vcd", "json", "timeline", "rounds", "perf", "waits"})
        if (vm.count(option) && vm[option].as<std::string>().empty())
            throw ConfigError(std::string("--") + option + " needs a file name");
    for (const char* option : {"window", "cores", "signals"})
        if (vm.count(option) && vm[option].as<std::string>().empty())
            throw ConfigError(std::string("--") + option + " needs a value (syncsim --help)");
}

// --races auto|off|on; absent: auto (checked while the run stays small).
RaceMode parse_races_option(bool given, const std::string& value) {
    if (!given || value == "auto") return RaceMode::Auto;
    if (value == "on") return RaceMode::On;
    if (value == "off") return RaceMode::Off;
    throw ConfigError("--races " + quote_short(value) + ": auto, off or on");
}

int cmd_run(const std::vector<std::string>& args, const std::string& pdir) {
    po::options_description opts;
    std::vector<std::string> sets;
    std::string vcd, json_path, config, timeline, rounds, perf, window, cores, signals, races;
    bool with_fixes = false;
    std::string waits;
    opts.add_options()("try-fixes", po::bool_switch(&with_fixes))("waits", po::value(&waits))(
        "set", po::value(&sets)->composing())("vcd", po::value(&vcd))("json",
                                                                      po::value(&json_path))(
        "timeline", po::value(&timeline))("rounds", po::value(&rounds))("perf", po::value(&perf))(
        "config", po::value(&config))("window", po::value(&window))("cores", po::value(&cores))(
        "signals", po::value(&signals))("races", po::value(&races));
    po::positional_options_description pos;
    pos.add("config", 1);
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
    po::notify(vm);
    if (config.empty()) throw ConfigError("run needs a CONFIG file (syncsim --help)");

    const ExperimentConfig cfg = load_experiment(config, sets, platforms_dir(pdir));
    // Every output is checked before the run, so a bad path costs no simulation.
    check_option_values(vm);
    RoundRowsFile::Format format;
    if (!rounds.empty() && !RoundRowsFile::format_of(rounds, &format))
        throw ConfigError("--rounds file " + quote_short(rounds) + " must end in .csv or .jsonl");
    const std::string vcd_path = vcd.empty() ? cfg.vcd : vcd;
    const TraceSpec trace = parse_trace_spec(window, cores, signals);
    for (const char* option : {"window", "cores", "signals"})
        if (vm.count(option) && vcd_path.empty() && timeline.empty() && rounds.empty())
            throw ConfigError(std::string("--") + option +
                              " selects what traces keep: it needs --vcd, --timeline or --rounds");
    if (TraceOutput::is_fst(vcd_path)) TraceOutput::check_converter();
    std::vector<NamedPath> outputs = {{vcd_path, "VCD file"},        {json_path, "--json file"},
                                      {timeline, "--timeline file"}, {rounds, "--rounds file"},
                                      {perf, "--perf file"},         {waits, "--waits file"}};
    if (!waits.empty()) outputs.push_back(waits_svg(waits, cfg));
    if (!vcd_path.empty())
        for (const std::string& companion : vcd_companion_files(cfg, vcd_path))
            outputs.push_back({companion, "a file GTKWave reads beside the VCD"});
    std::vector<NamedPath> inputs = {{config, "the config file"},
                                     {cfg.plugin, "the workload's plugin"}};
    for (const std::string& file : cfg.platform_files())
        inputs.push_back({file, "a platform file of the run"});
    check_outputs_apart(inputs, outputs); // before anything is written
    for (const NamedPath& out : outputs)
        if (!out.path.empty()) check_output_writable(out.path, out.what);
    RunOptions options;
    options.vcd_path = vcd;
    options.timeline_path = timeline;
    options.rounds_path = rounds;
    options.waits_path = waits;
    options.trace = trace;
    options.races = parse_races_option(vm.count("races") != 0, races);
    const RunReport report = run_experiment(cfg, options);
    std::cout << report.summary << report.timing_summary << report.verdict << std::flush;
    if (!json_path.empty()) write_text(json_path, "--json file", report.result.dump(2) + "\n");
    if (with_fixes) try_fixes_of_run(config, sets, platforms_dir(pdir), report.result);
    if (!perf.empty()) { // wall-clock figures, kept out of the deterministic result
        OutputFile out_file(perf, "--perf file");
        std::ostream& out = out_file.stream();
        // wall_s covers the whole run; the parts say where it went, and the
        // rate is given while simulating (sc_start) and over the whole run.
        const auto rate = [&report](double s) { return s > 0 ? report.events / s : 0.0; };
        out << nlohmann::json{{"wall_s", report.wall_seconds},
                              {"setup_s", report.setup_seconds},
                              {"simulation_s", report.simulation_seconds},
                              {"result_s", report.result_seconds},
                              {"resumptions", report.events},
                              {"resumptions_per_s", rate(report.simulation_seconds)},
                              {"resumptions_per_s_whole_run", rate(report.wall_seconds)}}
                   .dump(2)
            << "\n";
        out_file.close();
    }
    return report.expectation_met ? 0 : kExitMismatch;
}

// What the capacity check could not foresee: the machine's memory, or the
// process's share of it (a thread's stack or the heap), is too small.
const char* const kOutOfMemory =
    "out of memory: this configuration needs more memory than this process may use (the "
    "machine's RAM, or ulimit -v): use fewer cores, blocks or rounds";

// Prints why the command failed and returns its exit code. A message quotes
// values shortened already; this bound holds for any text an error carries.
int fail(int code, const std::string& message) {
    constexpr std::size_t kMaxMessage = 2000;
    const std::size_t cut = utf8_cut(message, kMaxMessage);
    std::cerr << "syncsim: " << (code == kExitInternal ? "internal error: " : "error: ")
              << message.substr(0, cut);
    if (cut < message.size()) std::cerr << "... (" << message.size() - cut << " more characters)";
    std::cerr << "\n";
    return code;
}

// The command line without the program name: the command, its exit code.
int run_command(std::vector<std::string> args) {
    std::string pdir;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (args[i] == "--platforms" && i + 1 < args.size()) {
            pdir = args[i + 1];
            args.erase(args.begin() + i, args.begin() + i + 2);
            break;
        }
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            std::string usage = kUsage;
            const std::string mark = "@SIGNALS@";
            usage.replace(usage.find(mark), mark.size(), trace_signal_list());
            std::cout << usage;
            return args.empty() ? kExitBadInput : 0;
        }
        if (args[0] == "--version") {
            std::cout << "syncsim " << SYNCSIM_VERSION << " (SystemC " << sc_core::sc_release()
                      << ")\n";
            return 0;
        }
        const std::string cmd = args[0];
        args.erase(args.begin());
        if (cmd == "run") return cmd_run(args, pdir);
        if (cmd == "list") return cmd_list(args, pdir);
        if (cmd == "sweep") return cmd_sweep(args, pdir);
        if (cmd == "sensitivity") return cmd_sensitivity(args, pdir);
        if (cmd == "portability") return cmd_portability(args, pdir);
        if (cmd == "calibration") return cmd_calibration(args, pdir);
        if (cmd == "describe") return cmd_describe(args, pdir);
        const std::string hint = nearest_name(
            cmd, {"run", "sweep", "sensitivity", "portability", "calibration", "list", "describe"});
        throw ConfigError("unknown command " + quote_short(cmd) +
                          (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                          " (syncsim --help)");
    } catch (const ConfigError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const OutputError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const std::filesystem::filesystem_error& e) {
        // Every path syncsim touches comes from the user: a name too long, a
        // folder where a file should be.
        return fail(kExitBadInput, e.what());
    } catch (const po::error& e) {
        return fail(kExitBadInput, std::string(e.what()) + " (syncsim --help)");
    } catch (const std::bad_alloc&) {
        return fail(kExitBadInput, kOutOfMemory);
    } catch (const sc_core::sc_report& e) {
        // A thread's stack SystemC could not map; or an exception thrown in a
        // process, which SystemC wraps keeping only its text.
        const std::string what = e.what();
        const bool stack = std::strcmp(e.get_msg_type(), sc_core::SC_ID_STACK_SETUP_FAILED_) == 0;
        const bool heap =
            std::strcmp(e.get_msg_type(), sc_core::SC_ID_SIMULATION_UNCAUGHT_EXCEPTION_) == 0 &&
            what.find("std::bad_alloc") != std::string::npos;
        return stack || heap ? fail(kExitBadInput, kOutOfMemory) : fail(kExitInternal, what);
    } catch (const std::exception& e) {
        return fail(kExitInternal, e.what());
    }
}

} // namespace

// The SystemC banner goes to stderr before sc_main runs; this is set early enough.
static const int kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

int sc_main(int argc, char* argv[]) {
    (void)kQuietBanner;
    const int code = run_command(std::vector<std::string>(argv + 1, argv + argc));
    // LeakSanitizer scans the main stack at exit: make sure it is the real one.
    announce_main_stack_to_sanitizers();
    return code;
}
