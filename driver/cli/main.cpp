// The syncsim command line: run an experiment, list what exists, describe a
// platform. Exit codes: 0 outcome as expected, 1 outcome differs, 2 bad
// input, 3 internal error.
#include "config/yaml_view.hpp"
#include "driver/cli/build_commit.hpp"
#include "driver/cli/cli_commands.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/cli/completion.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/run/interrupts.hpp"
#include "driver/run/output_paths.hpp"
#include "driver/run/run.hpp"
#include "driver/run/trace_options.hpp"
#include "driver/study/fixes/fixes.hpp"
#include "driver/study/sweep/sweep.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/round_rows_file.hpp"
#include "workloads/registry.hpp"

#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <sysc/kernel/sc_kernel_ids.h>
#include <systemc>
#include <unistd.h>

namespace po = boost::program_options;
using namespace syncsim;

namespace {

constexpr int kExitMismatch = 1, kExitBadInput = 2, kExitInternal = 3;

const char* const kAbout = R"(syncsim - how accelerator cores synchronise, simulated

usage: syncsim COMMAND [options]
       syncsim help COMMAND | COMMAND --help   (that command's usage and options)
       syncsim --help | --version

commands:
)";

const char* const kAfterCommands = R"(
every command also takes:
  --platforms DIR   where platform files live (default: $SYNCSIM_PLATFORMS,
                    else beside the installed binary, else the source tree's)

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
    if (!cfg.kind->draws_waits)
        throw ConfigError("--waits draws a model's wait-for graph; " + cfg.platform_name() +
                          ", a " + cfg.kind->name + " platform, keeps none");
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
            throw ConfigError(std::string("--") + option + " needs a value (syncsim run --help)");
}

// --races auto|off|on; absent: auto (checked while the run stays small).
RaceMode parse_races_option(bool given, const std::string& value) {
    if (!given || value == "auto") return RaceMode::Auto;
    if (value == "on") return RaceMode::On;
    if (value == "off") return RaceMode::Off;
    throw ConfigError("--races " + quote_short(value) + ": auto, off or on");
}

// run's arguments, as its options declare them.
struct RunArguments {
    std::vector<std::string> sets;
    std::string config, vcd, json, timeline, rounds, perf, window, cores, signals, races, waits;
    bool try_fixes = false;
    bool progress = false, quiet = false;
};

void declare_run_options(CommandOptions& opts, RunArguments& a) {
    opts.operand("config", po::value(&a.config));
    opts.add()("set", po::value(&a.sets)->composing()->value_name("KEY=VALUE"),
               "override any config key; platform.PATH sets the platform parameter at PATH in "
               "its tree (e.g. --set platform.die.l2.access_cycles=20); repeatable")(
        "vcd", po::value(&a.vcd)->value_name("FILE"),
        "trace core states, barrier rounds, flags, marked GM words; also writes FILE's .gtkw "
        "save file for GTKWave; FILE.fst writes FST through GTKWave's vcd2fst (package "
        "gtkwave), FILE.vcd.gz a gzip-compressed VCD")(
        "json", po::value(&a.json)->value_name("FILE"),
        "write the result (effective config with provenance, outcome, diagnosis, statistics) "
        "as JSON")("timeline", po::value(&a.timeline)->value_name("FILE"),
                   "write a Chrome trace-event timeline (Perfetto, chrome://tracing): cores, "
                   "streams, rounds with flows, counters; FILE.json.gz writes it "
                   "gzip-compressed")(
        "rounds", po::value(&a.rounds)->value_name("FILE"),
        "write every barrier round's row as it closes, as CSV (FILE.csv) or JSON lines "
        "(FILE.jsonl); the JSON result lists the first rounds and statistics over all")(
        "window", po::value(&a.window)->value_name("RANGE"),
        "keep part of the run in --vcd, --timeline and --rounds: FROM..TO in simulated time "
        "(\"2us..3us\", \"..5us\", \"1ms..\") or rounds:A..B (from the first arrival at "
        "barrier round A to the last release from round B, in the first launch that completes "
        "round A)")("cores", po::value(&a.cores)->value_name("LIST"),
                    "trace only these cores: aic, aiv, aic3, aiv0-15, ...")(
        "signals", po::value(&a.signals)->value_name("LIST"),
        ("trace only these kinds of signal: " + trace_signal_list()).c_str())(
        "perf", po::value(&a.perf)->value_name("FILE"),
        "write wall time and resumptions/s (not in the JSON, which stays byte-identical from "
        "run to run)")("waits", po::value(&a.waits)->value_name("FILE.dot"),
                       "write who waits on whom at the end as a Graphviz graph (and FILE.svg "
                       "when Graphviz's dot is installed): host, streams, launches, waiting "
                       "cores, what they wait on and who did not come; a cycle or a missing "
                       "signal in red")(
        "races", po::value(&a.races)->value_name("auto|off|on"),
        "the GM race detector: pairs of conflicting accesses no synchronisation orders "
        "(\"races\" in the result). auto, the default, checks a run while cores x GM words "
        "touched stay at most 16,777,216, and says where it stopped")(
        "progress", po::bool_switch(&a.progress),
        "show how far the run has come on stderr (simulated time, rounds, speed) once a "
        "second from 2 s on; the default when stderr is a terminal")(
        "quiet", po::bool_switch(&a.quiet), "no progress line, even on a terminal")(
        "try-fixes", po::bool_switch(&a.try_fixes),
        "rerun with each fix the diagnosis proposes (the \"fix?\" lines) and report which "
        "resolve the run (it completes and every check passes); reruns go to runs/fixes/");
}

int cmd_run(const std::vector<std::string>& args, const std::string& pdir) {
    RunArguments a;
    CommandOptions opts("run CONFIG [options]",
                        "Simulates the experiment CONFIG describes and prints what happened: the "
                        "outcome, who waited on what, the barrier rounds' latency, the checks, "
                        "and a diagnosis with proposed fixes when it hangs or reads stale data.");
    declare_run_options(opts, a);
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (a.config.empty()) throw ConfigError("run needs a CONFIG file (syncsim run --help)");

    const ExperimentConfig cfg = load_experiment(a.config, a.sets, platforms_dir(pdir));
    // Every output is checked before the run, so a bad path costs no simulation.
    check_option_values(vm);
    RoundRowsFile::Format format;
    if (!a.rounds.empty() && !RoundRowsFile::format_of(a.rounds, &format))
        throw ConfigError("--rounds file " + quote_short(a.rounds) + " must end in .csv or .jsonl");
    const std::string vcd_path = a.vcd.empty() ? cfg.vcd : a.vcd;
    const TraceSpec trace = parse_trace_spec(a.window, a.cores, a.signals);
    for (const char* option : {"window", "cores", "signals"})
        if (vm.count(option) && vcd_path.empty() && a.timeline.empty() && a.rounds.empty())
            throw ConfigError(std::string("--") + option +
                              " selects what traces keep: it needs --vcd, --timeline or --rounds");
    if (TraceOutput::is_fst(vcd_path)) TraceOutput::check_converter();
    std::vector<NamedPath> outputs = {{vcd_path, "VCD file"},          {a.json, "--json file"},
                                      {a.timeline, "--timeline file"}, {a.rounds, "--rounds file"},
                                      {a.perf, "--perf file"},         {a.waits, "--waits file"}};
    if (!a.waits.empty()) outputs.push_back(waits_svg(a.waits, cfg));
    if (!vcd_path.empty())
        for (const std::string& companion : vcd_companion_files(cfg, vcd_path))
            outputs.push_back({companion, "a file GTKWave reads beside the VCD"});
    std::vector<NamedPath> inputs = {{a.config, "the config file"},
                                     {cfg.plugin, "the workload's plugin"}};
    for (const std::string& file : cfg.platform_files())
        inputs.push_back({file, "a platform file of the run"});
    check_outputs_apart(inputs, outputs); // before anything is written
    for (const NamedPath& out : outputs)
        if (!out.path.empty()) check_output_writable(out.path, out.what);
    RunOptions options;
    options.vcd_path = a.vcd;
    options.timeline_path = a.timeline;
    options.rounds_path = a.rounds;
    options.waits_path = a.waits;
    options.trace = trace;
    options.races = parse_races_option(vm.count("races") != 0, a.races);
    if (a.progress && a.quiet) throw ConfigError("--progress and --quiet contradict each other");
    const bool terminal = isatty(STDERR_FILENO) != 0;
    options.progress = a.progress || (terminal && !a.quiet);
    options.progress_rewrites = terminal;
    const InterruptHandlers interrupts; // a signal now ends the run where it stands
    const RunReport report = run_experiment(cfg, options);
    std::cout << report.summary << report.timing_summary << report.verdict << std::flush;
    if (!a.json.empty()) write_text(a.json, "--json file", report.result.dump(2) + "\n");
    const bool interrupted = Activity::interrupt_requested() != 0;
    if (a.try_fixes && !interrupted)
        try_fixes_of_run(a.config, a.sets, platforms_dir(pdir), report.result);
    if (!a.perf.empty()) { // wall-clock figures, kept out of the deterministic result
        OutputFile out_file(a.perf, "--perf file");
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
    if (interrupted) return kExitInterrupted;
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

int cmd_completion(const std::vector<std::string>& args, const std::string& pdir);

// Every command, in the order `syncsim --help` lists them.
struct Command {
    const char* name;
    CommandFunction function;
    const char* summary;
};
const Command kCommands[] = {
    {"run", cmd_run, "simulate one config: outcome, diagnosis, rounds, traces"},
    {"sweep", cmd_sweep, "run a config over a grid of values (GNU parallel or Slurm)"},
    {"sensitivity", cmd_sensitivity, "rank the platform's estimates by how far each moves a run"},
    {"portability", cmd_portability, "run a config on every platform that can hold its launch"},
    {"calibration", cmd_calibration, "check the device observations; fit a chip's estimates"},
    {"list", cmd_list, "list the platforms, or the workloads a config can name"},
    {"describe", cmd_describe, "a platform's parameters, or the calibration register"},
    {"completion", cmd_completion, "print a bash completion script for syncsim"},
};

int cmd_completion(const std::vector<std::string>& args, const std::string& pdir) {
    std::vector<NamedCommand> commands;
    for (const Command& c : kCommands) commands.push_back({c.name, c.function});
    return completion_command(args, pdir, commands, cmd_completion);
}

const Command* find_command(const std::string& name) {
    for (const Command& c : kCommands)
        if (name == c.name) return &c;
    return nullptr;
}

[[noreturn]] void unknown_command(const std::string& name) {
    std::vector<std::string> names;
    for (const Command& c : kCommands) names.push_back(c.name);
    const std::string hint = nearest_name(name, names);
    throw ConfigError("unknown command " + quote_short(name) +
                      (hint.empty() ? "" : "; did you mean '" + hint + "'?") + " (syncsim --help)");
}

void print_commands(std::ostream& out) {
    out << kAbout;
    for (const Command& c : kCommands)
        out << "  " << std::left << std::setw(13) << c.name << c.summary << "\n";
    out << kAfterCommands;
}

// Takes --platforms DIR (or --platforms=DIR) off the command line: every
// command reads it.
std::string take_platforms_option(std::vector<std::string>& args) {
    const std::string option = "--platforms";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--") break;
        if (args[i].rfind(option + "=", 0) == 0) {
            const std::string dir = args[i].substr(option.size() + 1);
            args.erase(args.begin() + i);
            return dir;
        }
        if (args[i] == option && i + 1 < args.size()) {
            const std::string dir = args[i + 1];
            args.erase(args.begin() + i, args.begin() + i + 2);
            return dir;
        }
    }
    return "";
}

// The command line without the program name: the command, its exit code.
int run_command(std::vector<std::string> args) {
    const std::string pdir = take_platforms_option(args);
    std::string cmd;
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h") {
            print_commands(args.empty() ? std::cerr : std::cout);
            return args.empty() ? kExitBadInput : 0;
        }
        if (args[0] == "--version") {
            std::cout << "syncsim " << SYNCSIM_VERSION << " (commit " << build_commit()
                      << ", SystemC " << sc_core::sc_release() << ")\n";
            return 0;
        }
        if (args[0] == "help") { // help [COMMAND [SUBCOMMAND]]: COMMAND [SUBCOMMAND] --help
            if (args.size() == 1) {
                print_commands(std::cout);
                return 0;
            }
            args.erase(args.begin());
            args.push_back("--help");
        }
        cmd = args[0];
        args.erase(args.begin());
        const Command* command = find_command(cmd);
        if (!command) unknown_command(cmd);
        return command->function(args, pdir);
    } catch (const StudyInterrupted& e) {
        std::cerr << "syncsim: " << e.what()
                  << (cmd == "sweep" ? ": rerun with --resume to run only the others\n" : "\n");
        return kExitInterrupted;
    } catch (const ConfigError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const OutputError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const std::filesystem::filesystem_error& e) {
        // Every path syncsim touches comes from the user: a name too long, a
        // folder where a file should be.
        return fail(kExitBadInput, e.what());
    } catch (const po::error& e) {
        return fail(kExitBadInput, std::string(e.what()) + " (syncsim " +
                                       (find_command(cmd) ? cmd + " " : "") + "--help)");
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
    // A plugin's static destructors run at exit, after every output is
    // written, and the trial load (which ends with _exit) cannot see them: a
    // damaged library's can free what it never allocated and turn a finished
    // run into an abort. With a plugin loaded the process ends here, its
    // streams flushed, without running any static destructor.
    if (any_plugin_loaded()) {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        std::_Exit(code);
    }
    // LeakSanitizer scans the main stack at exit: make sure it is the real one.
    announce_main_stack_to_sanitizers();
    return code;
}
