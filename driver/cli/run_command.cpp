// `syncsim run`: its options, the checks made before a run (outputs
// writable and apart from its inputs), the run, and what is written after
// it (the summary, --json, --perf, --try-fixes).
#include "driver/cli/cli_commands.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/run/interrupts.hpp"
#include "driver/run/output_paths.hpp"
#include "driver/run/result_schema.hpp"
#include "driver/run/run.hpp"
#include "driver/run/stats_dump.hpp"
#include "driver/run/trace_options.hpp"
#include "driver/study/fixes/fixes.hpp"
#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/round_rows_file.hpp"

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace syncsim {

namespace po = boost::program_options;

namespace {

constexpr int kExitMismatch = 1;

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
    for (const char* option :
         {"vcd", "json", "stats", "timeline", "rounds", "perf", "waits", "fixes-out"})
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
    std::string config, vcd, json, stats, timeline, rounds, perf, window, cores, signals, races,
        waits;
    std::string fix_budget, fixes_out, max_trace_size;
    bool try_fixes = false;
    bool progress = false, quiet = false;
};

// --fix-budget N: resumptions, a whole number (0: try no fix before the summary).
std::uint64_t parse_fix_budget(bool given, const std::string& value) {
    if (!given) return kDefaultFixBudget;
    const bool digits = !value.empty() && value.size() <= 15 &&
                        value.find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
        throw ConfigError("--fix-budget " + quote_short(value) +
                          ": a whole number of thread resumptions, 0 to try no fix");
    return std::stoull(value);
}

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
        "as JSON (its fields: docs/result.schema.json)")(
        "stats", po::value(&a.stats)->value_name("FILE"),
        "write the result's figures one per line, PATH VALUE UNIT # MEANING, as gem5's "
        "stats.txt: two runs' files compare with diff")(
        "timeline", po::value(&a.timeline)->value_name("FILE"),
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
        "max-trace-size", po::value(&a.max_trace_size)->value_name("SIZE"),
        "the most a --vcd or --timeline file may take on disk (e.g. 500MB, 2GiB; 0: no cap; "
        "default 4GB): a trace that reaches it stops, whole up to there, a summary line says "
        "when, and the run goes on")(
        "fix-budget", po::value(&a.fix_budget)->value_name("RESUMPTIONS"),
        "before the summary, rerun each fix the diagnosis proposes, when the run took at most "
        "this many thread resumptions, each rerun bounded by as many: a fix whose rerun "
        "completes with every check passing is shown as \"fix\", one whose rerun does not as "
        "\"not a fix\", the others as \"fix?\" with why they went untried (default "
        "10000000, about 4 s each; 0 tries none)")(
        "try-fixes", po::bool_switch(&a.try_fixes),
        "after the run, rerun each proposed fix to its end and report which resolve the run "
        "(it completes and every check passes); the reruns are kept in --fixes-out DIR, else "
        "in a new temporary folder the report names")("fixes-out",
                                                      po::value(&a.fixes_out)->value_name("DIR"),
                                                      "where --try-fixes keeps its reruns");
}

// Checks every output before the run, so a bad path costs no simulation:
// each writable, none an input of the run.
void check_outputs(const ExperimentConfig& cfg, const RunArguments& a,
                   const po::variables_map& vm) {
    RoundRowsFile::Format format;
    if (!a.rounds.empty() && !RoundRowsFile::format_of(a.rounds, &format))
        throw ConfigError("--rounds file " + quote_short(a.rounds) + " must end in .csv or .jsonl");
    const std::string vcd_path = a.vcd.empty() ? cfg.vcd : a.vcd;
    for (const char* option : {"window", "cores", "signals"})
        if (vm.count(option) && vcd_path.empty() && a.timeline.empty() && a.rounds.empty())
            throw ConfigError(std::string("--") + option +
                              " selects what traces keep: it needs --vcd, --timeline or --rounds");
    if (TraceOutput::is_fst(vcd_path)) TraceOutput::check_converter();
    std::vector<NamedPath> outputs = {{vcd_path, "VCD file"},      {a.json, "--json file"},
                                      {a.stats, "--stats file"},   {a.timeline, "--timeline file"},
                                      {a.rounds, "--rounds file"}, {a.perf, "--perf file"},
                                      {a.waits, "--waits file"}};
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
}

// --perf: wall-clock figures, kept out of the deterministic result.
void write_perf(const std::string& path, const RunReport& report) {
    OutputFile out_file(path, "--perf file");
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

} // namespace

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
    check_option_values(vm);
    const TraceSpec trace = parse_trace_spec(a.window, a.cores, a.signals);
    TraceCap::bytes() =
        parse_trace_size(vm.count("max-trace-size") ? a.max_trace_size : kDefaultMaxTraceSize);
    check_outputs(cfg, a, vm);
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
    if (vm.count("fixes-out") && !a.try_fixes)
        throw ConfigError(
            "--fixes-out says where --try-fixes keeps its reruns: it needs --try-fixes");
    const std::string pdir_used = platforms_dir(pdir);
    // Reruns start in their own folders: the binary and platforms absolute.
    // Parsed before the aggregate below: GCC 12 destroys an aggregate's
    // built members twice when a later initializer throws (PR 66139).
    const std::uint64_t fix_budget = parse_fix_budget(vm.count("fix-budget") != 0, a.fix_budget);
    const FixTrial trial{{a.config, std::filesystem::canonical("/proc/self/exe").string(),
                          std::filesystem::absolute(pdir_used).string(), a.sets, 2},
                         fix_budget,
                         cfg.max_events};
    options.try_fixes = [&trial](nlohmann::json& fixes, std::uint64_t resumptions) {
        trial_fixes(trial, resumptions, fixes);
    };
    const InterruptHandlers interrupts; // a signal now ends the run where it stands
    const RunReport report = run_experiment(cfg, options);
    std::cout << report.summary << report.timing_summary << report.verdict << std::flush;
    if (!a.json.empty()) write_text(a.json, "--json file", report.result.dump(2) + "\n");
    if (!a.stats.empty())
        write_text(a.stats, "--stats file", stats_text(report.result, result_schema()));
    const bool interrupted = Activity::interrupt_requested() != 0;
    if (a.try_fixes && !interrupted)
        try_fixes_of_run(a.config, a.sets, pdir_used, report.result, a.fixes_out);
    if (!a.perf.empty()) write_perf(a.perf, report);
    if (interrupted) return kExitInterrupted;
    return report.expectation_met ? 0 : kExitMismatch;
}

} // namespace syncsim
