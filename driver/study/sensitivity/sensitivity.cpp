#include "driver/study/sensitivity/sensitivity.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/run/output_paths.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "driver/study/sensitivity/sensitivity_plan.hpp"
#include "driver/study/sensitivity/sensitivity_report.hpp"
#include "driver/study/sweep/config_runs.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace sensitivity;

namespace {

// The runs of one sensitivity study: the config with extra --set values,
// and the config's text (a cached study is of the same text).
struct Study : ConfigRuns {
    using ConfigRuns::ConfigRuns;
    std::string base_text;
};

// The metrics asked for (checked against what the baseline row offers) and
// the one that ranks: the first asked, else the latency median, else the
// makespan.
std::vector<std::string> choose_metrics(const std::vector<std::string>& asked,
                                        const json& base_row) {
    const std::vector<std::string> offered = row_metrics(base_row);
    if (asked.empty()) return offered;
    std::vector<std::string> out;
    for (const std::string& m : asked) {
        if (m == "outcome") continue; // always reported
        if (std::find(offered.begin(), offered.end(), m) == offered.end()) {
            std::string known = "outcome";
            for (const std::string& o : offered) known += ", " + o;
            throw ConfigError("--metric " + quote_short(m) +
                              ": not a metric of this run (it offers " + known + ")");
        }
        out.push_back(m);
    }
    for (const std::string& m : offered)
        if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    return out;
}

// A value at stratum position u (0..1) of an estimate's range: a number
// between its ends (whole when the ends and the value are), a choice one of
// its two ends.
std::string value_at(const Estimate& e, double u) {
    char* end = nullptr;
    const double lo = std::strtod(e.low.c_str(), &end);
    const bool numeric = *end == '\0' && !e.low.empty();
    const double hi = std::strtod(e.high.c_str(), &end);
    if (!numeric || *end != '\0') return u < 0.5 ? e.low : e.high;
    const auto whole = [](const std::string& t) { return t.find_first_of(".eE") == t.npos; };
    // A size in bytes whose ends and value are powers of two (a line, a
    // cache) takes only powers of two: 2^(log2 lo .. log2 hi).
    const auto power_of_two = [](double x) {
        return x >= 1 && std::exp2(std::round(std::log2(x))) == x;
    };
    if (e.unit == "bytes" && power_of_two(lo) && power_of_two(hi) &&
        power_of_two(std::strtod(e.value.c_str(), nullptr)))
        return std::to_string(std::llround(std::exp2(std::floor(
            std::log2(lo) + std::min(u, 0.999999) * (std::log2(hi) - std::log2(lo) + 1)))));
    const double v = lo + u * (hi - lo);
    if (whole(e.low) && whole(e.high) && whole(e.value)) return std::to_string(std::llround(v));
    std::ostringstream os;
    os.precision(6);
    os << v;
    return os.str();
}

// N Latin-hypercube samples over every estimate: each estimate's range cut
// into N strata, each stratum used once, paired at random (seeded: the same
// seed gives the same samples on any machine, mt19937_64 being specified).
// Values a fit binds are not drawn alone: each sample takes one of the fit's
// consistent points for all of them (in turn), so it still reproduces every
// fitted observation.
std::vector<std::vector<std::pair<std::string, std::string>>>
latin_hypercube(const std::vector<Estimate>& estimates, int n, std::uint64_t seed,
                const std::map<std::string, FitRecord>& fits) {
    std::mt19937_64 rng(seed);
    const auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
    std::vector<std::vector<std::pair<std::string, std::string>>> samples(n);
    std::set<std::string> drawn; // fits whose consistent points the samples took
    for (const Estimate& e : estimates) {
        if (!e.refit_from.empty()) {
            const FitRecord& fit = fits.at(e.refit_from);
            if (fit.consistent.empty() || !drawn.insert(e.refit_from).second) continue;
            for (int s = 0; s < n; ++s)
                for (const auto& [path, value] :
                     fit.consistent[static_cast<std::size_t>(s) % fit.consistent.size()])
                    samples[static_cast<std::size_t>(s)].push_back({"platform." + path, value});
            continue;
        }
        std::vector<int> strata(n);
        for (int i = 0; i < n; ++i) strata[i] = i;
        for (int i = n - 1; i > 0; --i) std::swap(strata[i], strata[rng() % (i + 1)]);
        for (int s = 0; s < n; ++s)
            samples[s].push_back({"platform." + e.path, value_at(e, (strata[s] + uniform()) / n)});
    }
    return samples;
}

// The study's folder and the sweep machinery its runs go through.
Study open_study(const SensitivityOptions& o) {
    Study study(o.config, "sensitivity of " + o.config,
                o.out_dir.empty()
                    ? (fs::path("runs") / "sensitivity" / fs::path(o.config).stem()).string()
                    : o.out_dir,
                o.jobs, o.syncsim_binary, o.platforms_dir, split_sets(o.sets));
    study.base_text = sweep::read_file(o.config);
    check_outputs_apart({{o.config, "the config file"}}, sensitivity_outputs(study.out));
    return study;
}

// Each estimate at each end that is not its value (an end at the value is
// the baseline); per estimate, the point index of its low and high end (-1:
// the baseline).
std::vector<std::pair<int, int>> add_end_points(Study& study, const Plan& plan,
                                                std::vector<sweep::Point>& points) {
    std::vector<std::pair<int, int>> ends;
    for (const Estimate& e : plan.to_run) {
        std::pair<int, int> at{-1, -1};
        for (int* slot : {&at.first, &at.second}) {
            const bool low = slot == &at.first;
            // A refit point is a point of its own even where the value is
            // the end: the others moved.
            if ((low ? e.low : e.high) == e.value && e.refit_from.empty()) continue;
            *slot = static_cast<int>(points.size());
            points.push_back(study.point(e.path, low ? e.low_sets : e.high_sets));
        }
        ends.push_back(at);
    }
    return ends;
}

// --consistent: every point of the fits that reproduces all their fitted
// observations, the rest of the platform at its values; returns what they
// are, for the report.
std::string add_consistent_points(Study& study, const std::map<std::string, FitRecord>& fits,
                                  std::vector<FitValues>& consistent,
                                  std::vector<sweep::Point>& points) {
    std::string what;
    for (const auto& [chip, fit] : fits) {
        for (const FitValues& v : fit.consistent) {
            SetList sets;
            for (const auto& [path, value] : v) sets.push_back({"platform." + path, value});
            consistent.push_back(v);
            points.push_back(study.point("consistent" + std::to_string(consistent.size()), sets));
        }
        what += (what.empty() ? "" : "; ") + std::string("the ") + chip + " fit's " +
                std::to_string(fit.consistent.size()) + " points that reproduce its " +
                std::to_string(fit.fitted.size()) + " fitted observations";
    }
    return what;
}

} // namespace

int run_sensitivity(const SensitivityOptions& o) {
    const ExperimentConfig cfg = load_experiment(o.config, o.sets, o.platforms_dir);
    // A name no run gives is refused before anything runs; one this run
    // lacks (no rounds, no such stream) after its baseline.
    for (const std::string& m : o.metrics)
        if (m != "outcome" && !sweep::is_run_metric(m))
            throw ConfigError("--metric " + quote_short(m) +
                              ": not a metric of a run (latency_median_ns, latency_p99_ns, "
                              "latency_min_ns, latency_max_ns, skew_median_ns, sim_time_ns, "
                              "streamN_end_ns, streamN_task_ns, outcome)");
    Study study = open_study(o);

    // The baseline first: what it used tells which estimates cannot move it.
    const sweep::Point baseline = study.point("baseline", {});
    const json base_row = study.run({baseline})[0];
    if (base_row.value("status", "") != "ran")
        throw ConfigError(o.config + ": the config does not run as it is (" +
                          base_row.value("reason", std::string("no result")) +
                          "): fix it before asking what moves it");
    const json base_result = json::parse(sweep::read_file(fs::path(baseline.dir) / "result.json"));
    const std::vector<ParamRow> rows = cfg.platform_rows();
    const std::map<std::string, FitRecord> fits = fits_of(rows);
    const Plan plan = sensitivity::plan(rows, base_result, fits);
    const std::vector<std::string> metrics = choose_metrics(o.metrics, base_row);

    std::vector<sweep::Point> points;
    const std::vector<std::pair<int, int>> ends = add_end_points(study, plan, points);
    const auto samples = latin_hypercube(plan.to_run, o.lhs_samples, o.seed, fits);
    for (std::size_t s = 0; s < samples.size(); ++s)
        points.push_back(study.point("lhs" + std::to_string(s), samples[s]));
    std::vector<FitValues> consistent;
    std::string consistent_what;
    if (o.consistent) {
        if (fits.empty())
            throw ConfigError("--consistent: no value of platform " + cfg.platform_name() +
                              " comes from a calibration fit (syncsim describe calibration)");
        consistent_what = add_consistent_points(study, fits, consistent, points);
    }
    std::cout << "sensitivity of " << o.config << ": " << plan.to_run.size()
              << " estimates at both ends, " << points.size() << " runs (" << samples.size()
              << " Latin-hypercube samples, " << consistent.size() << " consistent points)\n"
              << std::flush;
    const json rows_run = study.run(points);

    std::vector<Effect> effects;
    for (std::size_t i = 0; i < plan.to_run.size(); ++i) {
        const auto row = [&](int index) { return index < 0 ? base_row : rows_run[index]; };
        effects.push_back(
            effect_of(plan.to_run[i], row(ends[i].first), base_row, row(ends[i].second), metrics));
    }
    rank(effects, metrics);
    Report report;
    report.config = o.config;
    report.platform = cfg.platform_name();
    report.key = run_inputs_key(cfg);
    report.sets = o.sets;
    report.metrics = metrics;
    report.baseline = base_row;
    report.effects = effects;
    report.plan = plan;
    report.lhs = json::array();
    std::size_t next = points.size() - samples.size() - consistent.size();
    const auto sample = [&](const auto& values, const std::string& prefix) {
        json out{{"values", json::object()}, {"row", rows_run[next++]}};
        for (const auto& [key, value] : values) out["values"][prefix + key] = value;
        return out;
    };
    for (const auto& values : samples) report.lhs.push_back(sample(values, ""));
    for (const FitValues& values : consistent)
        report.consistent.push_back(sample(values, "platform."));
    report.consistent_what = consistent_what;
    for (const auto& fit : fits) // not a structured binding: clang 14 cannot capture one
        if (std::any_of(plan.to_run.begin(), plan.to_run.end(),
                        [&](const Estimate& e) { return e.refit_from == fit.first; }))
            report.refits.push_back({fit.first, fit.second.fitted.size()});
    write_report(report, study.out, o.plot);
    bool all_ran = true;
    for (const json& r : rows_run) all_ran = all_ran && r.value("status", "") == "ran";
    return all_ran ? 0 : 1;
}

} // namespace syncsim
