// Runs one experiment: elaborates the platform, runs the host program until
// it finishes, the kernel runs out of events (deadlock) or the simulated-time
// limit, then explains what did not finish and checks the expectation.
// One run per process: SystemC elaborates once.
#pragma once

#include "driver/experiment/experiment_config.hpp"
#include "models/races/race_mode.hpp"
#include "output/trace/trace_window.hpp"

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace syncsim {

struct RunOptions {
    std::string vcd_path;      // empty: no VCD
    std::string timeline_path; // empty: no Chrome trace-event timeline
    std::string rounds_path;   // empty: no file of every barrier round's row
    std::string waits_path;    // empty: no wait-for graph (Graphviz DOT, + SVG)
    TraceSpec trace;           // the part of the run the traces keep
    // The GM race detector (--races): auto checks runs that stay small.
    RaceMode races = RaceMode::Auto;
    // A progress line on stderr while it runs (past 2 s, once a second);
    // `progress_rewrites` redraws it in place (a terminal).
    bool progress = false;
    bool progress_rewrites = false;
    // Reruns the proposed fixes ("set" and "why" each) before the summary
    // and marks each "tried" or "untried" (fixes.hpp, trial_fixes), given
    // the run's resumptions. None here: each is marked untried.
    std::function<void(nlohmann::json& fixes, std::uint64_t resumptions)> try_fixes;
};

struct RunReport {
    std::string outcome;
    bool expectation_met = false;
    nlohmann::json result;      // deterministic: no wall-clock values
    std::string summary;        // human summary, deterministic part
    std::string timing_summary; // wall-clock lines
    std::string verdict;        // the last line: as expected, or why not
    // Wall-clock time: the whole run so far (from the process's start to the
    // summary), and its parts: set-up (reading, elaboration), simulation
    // (sc_start) and result (collecting, building, rendering).
    double wall_seconds = 0;
    double setup_seconds = 0, simulation_seconds = 0, result_seconds = 0;
    double fix_trial_seconds = 0; // part of result_seconds: the fixes' reruns
    std::uint64_t events = 0;
};

RunReport run_experiment(const ExperimentConfig& config, const RunOptions& options);
// The files a run of `config` writes beside its VCD (save file, filters).
std::vector<std::string> vcd_companion_files(const ExperimentConfig& config,
                                             const std::string& vcd_path);

// Installs SystemC report handling: warnings become errors (a model must not
// warn), information messages are silent.
void configure_systemc_reports();

} // namespace syncsim
