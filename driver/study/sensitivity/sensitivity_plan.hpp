// Sensitivity of a run to its platform's estimates, as plain policy: which
// estimates a run can be sensitive to (the others are listed, with why),
// and how the runs at each estimate's ends rank. No simulation here:
// driver/study/sensitivity/sensitivity.cpp runs the points and feeds their rows in.
#pragma once

#include "config/param_tree.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace syncsim::sensitivity {

// One platform value with a plausible range (an estimate, or a calibrated
// value that states its uncertainty).
struct Estimate {
    std::string path, value, low, high, why, source;
    std::string unit; // the parameter's ("bytes", "cycles", ...)
    // The --set values of the run at each end: the value alone, or, for a
    // value a calibration fit binds, with the others refit so the point
    // still reproduces every fitted observation (calibration/fits/CHIP.yaml).
    std::vector<std::pair<std::string, std::string>> low_sets = {}, high_sets = {};
    std::string refit_from = {}; // the fit's chip, or "" (moved alone)
};

struct Excluded {
    std::string path, reason;
};

struct Plan {
    std::vector<Estimate> to_run;
    std::vector<Excluded> cannot_move; // the model can tell, from the baseline run
    std::vector<Excluded> set_by_config;
};

// The ranged values of `rows`, split by what the baseline run's result (its
// JSON) shows: a value whose mechanism the run never used cannot move it. A
// value from a fit in `fits` (by chip) that the fit binds runs at its refit
// points.
Plan plan(const std::vector<ParamRow>& rows, const nlohmann::json& baseline_result,
          const std::map<std::string, FitRecord>& fits = {});

// A metric at the low end, the value and the high end (NaN: not measured).
struct MetricValues {
    double low, base, high;
    double swing() const; // max - min of the three, 0 when fewer than two are numbers
};

// What moving one estimate did.
struct Effect {
    Estimate estimate;
    std::string outcome_low, outcome_base, outcome_high;
    std::string failed; // why an end gave no result, or ""
    std::map<std::string, MetricValues> metrics;
    // The model's outcome changed at an end (an end that gave no result,
    // `failed` says why, is not a flip).
    bool flips() const;
    bool moved() const; // any metric swung, or the outcome flipped
};

// The metrics a run's collected row offers (numbers only, in a fixed order):
// latency median and p99, makespan (sim_time_ns), each stream's last task.
std::vector<std::string> row_metrics(const nlohmann::json& row);

// Builds an estimate's effect from the collected rows of its two ends and
// the baseline (an end at the value is the baseline's row).
Effect effect_of(const Estimate& e, const nlohmann::json& low_row, const nlohmann::json& base_row,
                 const nlohmann::json& high_row, const std::vector<std::string>& metrics);

// Outcome flips first, then by the swing of the first metric (largest
// first), a tie broken by the next metric, then by path; effects that moved
// nothing go last.
void rank(std::vector<Effect>& effects, const std::vector<std::string>& metrics);

} // namespace syncsim::sensitivity
