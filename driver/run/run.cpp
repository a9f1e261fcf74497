// The run pipeline: one path for every kind of platform. It sets up SystemC,
// arms the run's bounds, lets the target elaborate, runs sc_start, decides
// how the run ended (in one order for every kind), checks the expectation,
// builds the result and renders the summary from it.
#include "driver/run/run.hpp"

#include "driver/experiment/capacity.hpp"
#include "driver/kinds/kind_setup.hpp"
#include "driver/run/progress_line.hpp"
#include "driver/run/result_schema.hpp"
#include "driver/run/run_bounds.hpp"
#include "driver/run/run_target.hpp"
#include "driver/run/utf8.hpp"
#include "driver/study/fixes/fixes.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "models/systemc/stack_guards.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace syncsim {

using nlohmann::json;

namespace {

// Said when some thread stacks went without a guard page (stack_guards.hpp).
std::string stack_guards_line(const MachineLimits& machine) {
    if (StackGuards::watched() == 0) return "";
    return "stacks     " + std::to_string(StackGuards::guarded()) + " of " +
           std::to_string(StackGuards::guarded() + StackGuards::watched()) +
           " SystemC threads have a guard page (" + std::to_string(machine.stack_guards) +
           " fit in vm.max_map_count); the others' last page was checked: untouched\n";
}

// Which target runs a config: the one for its platform's kind.
std::unique_ptr<RunTarget> make_target(const ExperimentConfig& cfg) {
    return cfg.setup->make_target();
}

// The order every run is classified in: a bound that stopped it, then how
// the model ended by itself, then the simulated-time limit, then a deadlock.
Outcome classify(const ExperimentConfig& cfg, const RunTarget& target, bool limited) {
    if (Activity::limit_reached()) {
        auto [kind, reason] = bound_outcome(cfg);
        return {kind, reason};
    }
    if (auto ended = target.ended()) return *ended;
    if (limited)
        return {"time_limit", "simulated-time limit " + format_time(cfg.sim_time_limit_ps) +
                                  " reached while the model was still active"};
    return {"deadlock", target.deadlock_reason()};
}

json build_result(const ExperimentConfig& cfg, Collected& collected, const Outcome& outcome,
                  const ExpectationCheck& expectation, std::uint64_t end_ps,
                  std::uint64_t resumptions) {
    json result = std::move(collected.sections);
    result["schema_version"] = kResultSchemaVersion;
    result["syncsim"] = SYNCSIM_VERSION;
    result["config"] = config_json(cfg);
    result["outcome"] = {{"kind", outcome.kind}, {"reason", outcome.reason}};
    result["expectation"] = {{"met", expectation.met}, {"checks", expectation.details}};
    if (!expectation.given) result["expectation"]["given"] = false; // judged clean or not
    result["time"]["end_ps"] = end_ps;
    result["events"]["process_resumptions"] = resumptions;
    result["rests_on"] = rests_on(cfg, result);
    const std::vector<FixCandidate> fixes = propose_fixes(cfg, result);
    if (!fixes.empty()) result["diagnosis"]["fixes"] = fixes_json(fixes);
    return result;
}

// Each proposed fix as the summary gives it: a fix its rerun resolved, one
// it did not, or one not rerun (and why).
void summarize_fixes(std::ostream& s, const json& fixes) {
    for (const json& fix : fixes) {
        std::string sets;
        for (const json& set : fix["set"]) sets += " --set " + set.get<std::string>();
        const std::string why = fix["why"].get<std::string>();
        if (const auto tried = fix.find("tried"); tried != fix.end()) {
            const std::string outcome = (*tried)["outcome"].get<std::string>() + ", " +
                                        std::to_string((*tried)["checks_passed"].get<int>()) +
                                        " of " + std::to_string((*tried)["checks"].get<int>()) +
                                        " checks pass";
            if ((*tried)["resolves"].get<bool>())
                s << "fix       " << sets << " (" << why << "; tried: " << outcome << ")\n";
            else
                s << "not a fix " << sets << " (tried: " << outcome << ")\n";
        } else {
            s << "fix?      " << sets << " (" << why
              << "; untried: " << fix.value("untried", std::string("not rerun")) << ")\n";
        }
    }
}

std::string render_summary(const RunTarget& target, const json& result) {
    std::ostringstream s;
    s << "syncsim " << SYNCSIM_VERSION << "  " << result["config"]["file"].get<std::string>()
      << "\n";
    target.summarize_setup(s, result);
    s << "outcome    " << result["outcome"]["kind"].get<std::string>() << ": "
      << result["outcome"]["reason"].get<std::string>() << "\n";
    target.summarize(s, result);
    if (result.contains("diagnosis") && result["diagnosis"].contains("fixes"))
        summarize_fixes(s, result["diagnosis"]["fixes"]);
    s << rests_on_line(result["rests_on"], result["config"]["file"].get<std::string>());
    summarize_expectation(s, result["expectation"]);
    s << "resumed    " << result["events"]["process_resumptions"].get<std::uint64_t>()
      << " thread resumptions" << target.events_detail(result) << "\n";
    return s.str();
}

// Runs the model up to the simulated-time limit, stopping at the target's
// deadlines on the way (a deadline at or past the limit never fires).
// Returns when the workload finished, a bound stopped it, the limit came, or
// nothing is left to happen and no deadline comes before the limit.
void simulate(RunTarget& target, std::uint64_t limit_ps) {
    using namespace sc_core;
    for (;;) {
        const std::uint64_t now = to_ps(sc_time_stamp());
        std::optional<std::uint64_t> deadline = target.next_deadline_ps();
        if (deadline && *deadline >= limit_ps) deadline.reset();
        if (deadline && *deadline <= now) {
            target.deadline_reached(false); // the kill runs in the next delta
            continue;
        }
        const std::uint64_t stop = deadline ? *deadline : limit_ps;
        target.set_horizon_ps(stop);
        sc_start(from_ps(stop - now), SC_EXIT_ON_STARVATION);
        announce_main_stack_to_sanitizers(); // a thread may have ended unannounced
        if (target.finished() || target.ended() || Activity::limit_reached()) return;
        const std::uint64_t reached = to_ps(sc_time_stamp());
        if (reached >= limit_ps) return;
        const bool pending = sc_pending_activity();
        if (pending && reached + to_ps(sc_time_to_pending_activity()) < stop)
            continue; // paused to re-plan: a nearer deadline was armed
        // Nothing happens before the stop. At the limit the run ends; a
        // deadline is reached at no cost, whether the model still had
        // something to do later, was asleep in fast-forwarded polls, or had
        // deadlocked (nothing left at all).
        if (!deadline) return;
        const bool deadlocked = !pending && !target.still_active();
        sc_start(from_ps(stop - reached), SC_RUN_TO_TIME);
        announce_main_stack_to_sanitizers();
        target.deadline_reached(deadlocked);
    }
}

// What the run's traces take on disk so far (a FIFO or device: nothing).
std::uint64_t trace_bytes(const ExperimentConfig& cfg, const RunOptions& options) {
    std::uint64_t total = 0;
    const std::string& vcd = options.vcd_path.empty() ? cfg.vcd : options.vcd_path;
    for (const std::string* path : {&vcd, &options.timeline_path, &options.rounds_path}) {
        std::error_code ec;
        const std::uintmax_t size = path->empty() ? 0 : std::filesystem::file_size(*path, ec);
        total += ec ? 0 : size;
    }
    return total;
}

} // namespace

namespace {
// When this process started, as near as a static can tell: the wall figure
// covers reading the config and elaborating too.
const auto kProcessStart = std::chrono::steady_clock::now();

double seconds_between(std::chrono::steady_clock::time_point a,
                       std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}
} // namespace

std::vector<std::string> vcd_companion_files(const ExperimentConfig& cfg,
                                             const std::string& vcd_path) {
    return cfg.setup->companion_files(vcd_path);
}

// Marks each proposed fix tried or untried (RunOptions::try_fixes).
void try_proposed_fixes(RunReport& report, const RunOptions& options) {
    if (!report.result.contains("diagnosis") || !report.result["diagnosis"].contains("fixes"))
        return;
    json& fixes = report.result["diagnosis"]["fixes"];
    if (cut_short(report.result)) {
        mark_untried(fixes, "the run was cut short");
    } else if (options.try_fixes) {
        const auto trial_start = std::chrono::steady_clock::now();
        options.try_fixes(fixes, report.events);
        report.fix_trial_seconds = seconds_between(trial_start, std::chrono::steady_clock::now());
    } else {
        mark_untried(fixes, "not rerun by this caller");
    }
}

namespace {
// The traces' cap for this run: what stopped is said in the summary; where
// the cap will stop a trace, on stderr as soon as it can be told (over the
// traced span: a time window's, else the run's).
void arm_trace_cap(const ExperimentConfig& cfg, const TraceSpec& trace) {
    TraceCap::stopped().clear();
    TraceCap::from_ps() = trace.by_rounds ? 0 : trace.from_ps;
    TraceCap::limit_ps() = trace.by_rounds ? 0 : std::min(cfg.sim_time_limit_ps, trace.to_ps);
    TraceCap::on_forecast() = [](const std::string& line) {
        // Now, on a line of its own (clearing a progress line drawn in
        // place): the user may stop the run and trace less.
        std::fprintf(stderr, "%s%s\n", isatty(STDERR_FILENO) ? "\r\033[K" : "", line.c_str());
        std::fflush(stderr);
    };
}
} // namespace

RunReport run_experiment(const ExperimentConfig& cfg, const RunOptions& options) {
    std::unique_ptr<RunTarget> target = make_target(cfg);
    configure_systemc_reports();
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    arm_run_bounds(cfg);
    arm_trace_cap(cfg, options.trace);
    const MachineLimits machine = MachineLimits::of_this_machine();
    ThreadBudget::limit() = machine.max_threads;
    StackGuards::set_budget(machine.stack_guards);
    target->elaborate(cfg, options);

    const auto sim_start = std::chrono::steady_clock::now();
    {
        std::optional<ProgressLine> progress;
        if (options.progress)
            progress.emplace(
                [&target, &cfg, &options, sim_start] {
                    return ProgressPoint{
                        target->reached_ps(), target->rounds_closed(), Activity::resumptions(),
                        seconds_between(sim_start, std::chrono::steady_clock::now()),
                        trace_bytes(cfg, options)};
                },
                options.progress_rewrites);
        simulate(*target, cfg.sim_time_limit_ps);
    }
    const auto sim_end = std::chrono::steady_clock::now();
    if (StackGuards::check_watched() > 0)
        throw std::runtime_error(
            std::to_string(StackGuards::overflowed()) +
            " SystemC thread stacks without a guard page (past vm.max_map_count's budget) ran "
            "into their last page: the results cannot be trusted; raise vm.max_map_count (two "
            "mappings a guarded thread) or use fewer cores");
    // A run that does not finish ends at the limit; spinning and fast-forwarded
    // polls then agree on what happened by that time.
    const std::uint64_t reached = target->reached_ps();
    const bool limited = !target->finished() && !Activity::limit_reached() &&
                         (target->still_active() || reached > cfg.sim_time_limit_ps);
    const std::uint64_t end_ps = limited ? cfg.sim_time_limit_ps : reached;
    const Outcome outcome = classify(cfg, *target, limited);

    Collected collected = target->collect(cfg, end_ps, options);
    require_declared_checks(collected.checks, collected.declared_checks, collected.workload);
    const ExpectationCheck expectation =
        check_expectation(cfg, outcome.kind, collected.checks, collected.read_word, collected.stuck,
                          collected.poll_timeouts);

    RunReport report;
    report.outcome = outcome.kind;
    report.expectation_met = expectation.met;
    report.events = Activity::resumptions();
    report.result = build_result(cfg, collected, outcome, expectation, end_ps, report.events);
    try_proposed_fixes(report, options);
    // Before anything else runs in the model (end_processes): the summary's
    // parts read the same model state the result was read from.
    report.summary = render_summary(*target, report.result);
    for (const std::string& line : TraceCap::stopped()) report.summary += line;
    const auto now = std::chrono::steady_clock::now();
    report.setup_seconds = seconds_between(kProcessStart, sim_start);
    report.simulation_seconds = seconds_between(sim_start, sim_end);
    report.result_seconds = seconds_between(sim_end, now);
    report.wall_seconds = seconds_between(kProcessStart, now);
    report.timing_summary = timing_line(report) + stack_guards_line(machine);
    const bool trial_interrupted =
        outcome.kind != "interrupted" && Activity::interrupt_requested() != 0;
    report.verdict = trial_interrupted
                         ? "verdict    interrupted (exit 130) while the proposed fixes were "
                           "rerun; the run itself: " +
                               verdict_line(expectation, report.result).substr(11)
                     : outcome.kind == "interrupted"
                         ? "verdict    interrupted (exit 130): a run cut short is not judged; "
                           "what it reports covers the run up to " +
                               format_time(end_ps) + "\n"
                         : verdict_line(expectation, report.result);
    make_valid_utf8(report.result);
    end_processes();
    return report;
}

} // namespace syncsim
