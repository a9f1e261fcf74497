#include "driver/study/calibration/calibration.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/run/result_parts.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "driver/study/sweep/mixed_runs.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>
#include <unistd.h>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// "1%" or "0.5 %" as a fraction.
double percent(const MapView& m, const std::string& key) {
    std::string text = m.text(key);
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || std::string(end) != "%" || !(v >= 0) || v > 100)
        m.fail(key, "expected a percentage, e.g. 1%");
    return v / 100.0;
}

double duration_ns(const MapView& m, const std::string& key) {
    return static_cast<double>(
               parse_duration_ps(m.text(key), m.where(key) + ": key '" + m.path_of(key) + "'")) /
           1000.0;
}

// A config of the register, resolved against the folder above it.
std::string resolve_config(const MapView& m, const std::string& key, const std::string& file) {
    const std::string config =
        (fs::path(file).parent_path().parent_path() / m.text(key)).lexically_normal().string();
    std::error_code ec;
    if (!fs::is_regular_file(config, ec)) m.fail(key, "no config file " + quote_short(config));
    return config;
}

std::string metric_of(const MapView& m, const std::string& key) {
    const std::string metric = m.text(key);
    if (!sweep::is_run_metric(metric))
        m.fail(key, quote_short(metric) +
                        " is not a run's figure: latency_median_ns, latency_p99_ns, sim_time_ns, "
                        "streamN_end_ns, streamN_task_ns, measure_NAME, ...");
    return metric;
}

std::string shown(double ns) {
    return format_time(static_cast<std::uint64_t>(std::llround(std::max(0.0, ns) * 1000.0)));
}

} // namespace

std::string calibration_dir() {
    return std::string(SYNCSIM_SOURCE_DIR) + "/calibration";
}

Observation read_observation(const std::string& file) {
    const MapView doc(load_yaml_file(file), file, "");
    doc.allow_only(
        {"observation", "source", "chip", "chip_note", "observed", "role", "reproduction"});
    Observation o;
    o.file = file;
    o.name = fs::path(file).stem().string();
    o.what = doc.text("observation");
    o.source = doc.text("source");
    o.chip = doc.text("chip");
    o.chip_note = doc.has("chip_note") ? doc.text("chip_note") : "";
    o.held_out = doc.choice("role", {"fit", "held_out"}) == "held_out";
    const MapView observed = doc.map("observed");
    observed.allow_only({"value", "uncertainty", "low", "high", "statistic"});
    o.statistic = observed.text("statistic");
    if (observed.has("value")) {
        if (observed.has("low") || observed.has("high"))
            observed.fail("low", "a figure is a value +- an uncertainty, or low and high");
        const double v = duration_ns(observed, "value");
        const double u = percent(observed, "uncertainty");
        o.low_ns = v * (1 - u);
        o.high_ns = v * (1 + u);
        o.observed_shown = observed.text("value") + " +- " + observed.text("uncertainty");
    } else {
        o.low_ns = duration_ns(observed, "low");
        o.high_ns = duration_ns(observed, "high");
        if (!(o.low_ns <= o.high_ns)) observed.fail("high", "high must not be below low");
        o.observed_shown = observed.text("low") + " .. " + observed.text("high");
    }
    const MapView repro = doc.map("reproduction");
    repro.allow_only({"config", "metric", "tolerance", "minus"});
    o.repro.config_shown = repro.text("config");
    o.repro.config = resolve_config(repro, "config", file);
    o.repro.metric = metric_of(repro, "metric");
    o.tolerance = percent(repro, "tolerance");
    if (repro.has("minus")) {
        const MapView minus = repro.map("minus");
        minus.allow_only({"config", "metric"});
        o.repro.minus_config_shown = minus.text("config");
        o.repro.minus_config = resolve_config(minus, "config", file);
        o.repro.minus_metric = metric_of(minus, "metric");
    }
    return o;
}

std::vector<Observation> read_observations(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".yaml")
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<Observation> records;
    for (const std::string& f : files) records.push_back(read_observation(f));
    return records;
}

void describe_calibrations(std::ostream& out, const std::string& dir,
                           const std::string& platforms_dir) {
    const auto records = read_observations(dir);
    std::map<std::string, int> sources; // by repository or document
    int held_out = 0;
    for (const Observation& o : records) {
        ++sources[o.source.substr(0, o.source.find_first_of(" @#"))];
        held_out += o.held_out;
    }
    out << records.size() << " observation(s) in " << fs::path(dir).filename().string() << "/ from "
        << sources.size() << " source(s); " << records.size() - held_out << " fitted, " << held_out
        << " held out and predicted (syncsim calibration check runs each reproduction; "
           "syncsim calibration fit --platform CHIP refits)\n";
    for (const Observation& o : records) {
        out << "\n" << o.name << (o.held_out ? " (held out)" : "") << ": " << o.what << "\n";
        out << "  source       " << o.source << "\n";
        out << "  chip         " << o.chip << (o.chip_note.empty() ? "" : " (" + o.chip_note + ")")
            << "\n";
        out << "  observed     " << o.observed_shown << " (" << o.statistic << ")\n";
        out << "  reproduced   by " << o.repro.config_shown << ", " << o.repro.metric;
        if (o.repro.difference())
            out << " minus " << o.repro.minus_config_shown << ", " << o.repro.minus_metric;
        out << ", within " << o.tolerance * 100 << "% of the observed interval\n";
    }
    for (const std::string& chip : fitted_chips(dir)) {
        const FitRecord fit = read_fit(fit_file(dir, chip));
        out << "\nfit on " << chip << " (" << fs::path(fit.file).filename().string() << ", "
            << fit.samples << " samples, seed " << fit.seed << "): " << fit.parameters.size()
            << " parameter(s) the observations touch\n";
        for (const FitParameter& p : fit.parameters)
            out << "  " << std::left << std::setw(46) << p.path << std::setw(12) << p.status
                << p.value << " in " << p.low << " .. " << p.high
                << (p.combination.empty() ? "" : "; " + p.combination) << "\n";
        (void)platforms_dir;
    }
}

int check_calibrations(const std::vector<std::string>& files, const std::string& platforms_dir,
                       const std::string& syncsim_binary, int jobs, std::ostream& out) {
    std::vector<Observation> records;
    for (const std::string& f : files) records.push_back(read_observation(f));
    const fs::path dir =
        fs::temp_directory_path() / ("syncsim-calibration-" + std::to_string(::getpid()));
    MixedRuns runs(dir.string(), jobs, syncsim_binary, platforms_dir);
    std::vector<std::pair<int, int>> at; // each record's run, and its `minus` run (-1: none)
    for (const Observation& o : records)
        at.push_back(
            {runs.add(o.repro.config, {}, o.name),
             o.repro.difference() ? runs.add(o.repro.minus_config, {}, o.name + "-minus") : -1});
    const std::vector<json> rows = runs.run();
    // What each chip's fit recorded of its held-out observations.
    std::map<std::string, FitPrediction> recorded;
    for (const std::string& chip : fitted_chips(calibration_dir()))
        for (const FitPrediction& p : read_fit(fit_file(calibration_dir(), chip)).predictions)
            recorded[chip + "/" + p.observation] = p;
    bool all_hold = true;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Observation& o = records[i];
        std::string why;
        double got = row_figure(rows[at[i].first], o.repro.metric, &why);
        if (at[i].second >= 0) got -= row_figure(rows[at[i].second], o.repro.minus_metric, &why);
        bool holds = !std::isnan(got) && o.accepts(got);
        // A held-out observation its fit already missed: shown as missed, and
        // held to the recorded prediction, so a model change that moves it
        // still fails.
        std::string verdict = holds ? "holds" : "DOES NOT HOLD";
        const auto rec = recorded.find(o.chip + "/" + o.name);
        if (!holds && o.held_out && !std::isnan(got) && rec != recorded.end() &&
            !o.accepts(rec->second.at_point_ns)) {
            const double was = rec->second.at_point_ns;
            holds = std::fabs(got - was) <= std::max(1e-3, 0.02 * std::fabs(was));
            verdict = holds ? "missed, as the fit recorded (" + shown(was) +
                                  "; docs/model-choices.md says why)"
                            : "MOVED from the fit's recorded prediction " + shown(was);
        }
        all_hold = all_hold && holds;
        out << o.name << (o.held_out ? " (held out)" : "") << ": observed " << o.observed_shown
            << "; ";
        if (std::isnan(got))
            out << "no figure (" << why << ")";
        else
            out << (o.held_out ? "predicted " : "reproduced ") << shown(got);
        out << ", accepted " << shown(o.accept_low()) << " .. " << shown(o.accept_high()) << ": "
            << verdict << "\n";
    }
    fs::remove_all(dir);
    // Each fit's values and ranges are still the platforms'.
    for (const std::string& chip : fitted_chips(calibration_dir())) {
        std::ostringstream problems;
        const bool ok = platform_follows_fit(read_fit(fit_file(calibration_dir(), chip)),
                                             platforms_dir, problems);
        out << "fit " << chip << ": "
            << (ok ? "the platform files have its values and ranges"
                   : "the platform files differ from it:")
            << problems.str() << "\n";
        all_hold = all_hold && ok;
    }
    return all_hold ? 0 : 1;
}

} // namespace syncsim
