#include "driver/study/sweep/sweep.hpp"
#include "driver/study/sweep/sweep_slurm.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/run/output_paths.hpp"
#include "driver/run/utf8.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "output/trace/output_file.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using namespace sweep;

// Counted before any point is made: a product of axes can be astronomical.
void check_point_count(const SweepSpec& s, const MapView& axes) {
    std::uint64_t points = s.zip ? s.axes.front().values.size() : 1;
    bool saturated = false; // the product passed the limit (and is not kept)
    std::string product;
    for (const Axis& a : s.axes) {
        product += (product.empty() ? "" : " x ") + std::to_string(a.values.size());
        if (s.zip) continue;
        points *= a.values.size();
        if (points > kMaxPoints) {
            points = kMaxPoints + 1;
            saturated = true;
        }
    }
    if (points <= kMaxPoints) return;
    throw ConfigError(axes.where() + ": the axes make " +
                      (saturated ? "more than " + std::to_string(kMaxPoints) + " points ("
                                 : std::to_string(points) + " points (") +
                      (s.zip ? "zipped" : product) + "); a sweep may have at most " +
                      std::to_string(kMaxPoints) + ": split it" +
                      (s.zip ? "" : ", or zip axes (combine: zip)"));
}

// What the plot draws must be in the results: x and the series are axes, y
// is one of the per-point columns.
void read_plot(const MapView& plot, SweepSpec& s) {
    plot.allow_only({"x", "y", "series", "yscale"});
    std::vector<std::string> keys;
    for (const Axis& a : s.axes) keys.push_back(a.key);
    const auto axis = [&](const std::string& key, const std::string& value) {
        if (std::find(keys.begin(), keys.end(), value) == keys.end()) {
            const std::string hint = nearest_name(value, keys);
            plot.fail(key, quote_short(value) + " is not an axis of this sweep" +
                               (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
        }
        return value;
    };
    s.plot_x = plot.has("x") ? axis("x", plot.text("x")) : s.axes.back().key;
    s.plot_y =
        plot.has("y") ? plot.choice("y", result_metrics()) : std::string("latency_median_ns");
    // auto: a log axis when the values span more than two decades.
    s.plot_yscale =
        plot.has("yscale") ? plot.choice("yscale", {"auto", "linear", "log"}) : std::string("auto");
    const YAML::Node series = plot.node("series");
    if (series) {
        if (!series.IsSequence()) plot.fail("series", "expected a list of axes");
        for (const auto& v : series) {
            if (!v.IsScalar()) plot.fail("series", "expected a list of axes");
            s.plot_series.push_back(axis("series", v.Scalar()));
        }
    }
    // In a product, an axis with several values that is neither x nor a
    // series would join its points into one line, zig-zagging between its
    // values at each x: without `series` each such axis is one, and a
    // `series` that leaves one out is refused. (Zipped axes move with x.)
    if (s.zip) return;
    for (const Axis& a : s.axes) {
        const bool placed =
            a.key == s.plot_x ||
            std::find(s.plot_series.begin(), s.plot_series.end(), a.key) != s.plot_series.end();
        if (placed || a.values.size() < 2) continue;
        if (!series) {
            s.plot_series.push_back(a.key);
            continue;
        }
        plot.fail("series", "the axis '" + a.key + "' varies (" + a.values.front() + ", " +
                                a.values[1] + (a.values.size() > 2 ? ", ..." : "") +
                                ") but is neither plot.x nor in plot.series: its points would "
                                "join one line, zig-zagging between its values; add it to "
                                "series");
    }
}

// `exclude:` lists partial points the product leaves out (a soft barrier
// under each FFTS aggregation, which it does not use): each entry maps axes
// to one of their values.
void read_exclude(const MapView& doc, SweepSpec& s) {
    if (!doc.has("exclude")) return;
    const YAML::Node list = doc.node("exclude");
    if (!list.IsSequence()) doc.fail("exclude", "expected a list of {axis: value, ...} entries");
    for (const MapView& entry : doc.list("exclude")) {
        std::vector<std::pair<std::string, std::string>> match;
        for (const MapView::Entry& e : entry.entries()) {
            const auto axis = std::find_if(s.axes.begin(), s.axes.end(),
                                           [&](const Axis& a) { return a.key == e.key; });
            if (axis == s.axes.end()) entry.fail(e.key, "not an axis of this sweep");
            if (!e.value.IsScalar() || std::find(axis->values.begin(), axis->values.end(),
                                                 e.value.Scalar()) == axis->values.end())
                entry.fail(e.key, "not one of the axis' values");
            match.push_back({e.key, e.value.Scalar()});
        }
        if (match.empty()) entry.fail("", "an empty entry would leave out every point");
        s.exclude.push_back(match);
    }
}

std::vector<Point> expand(const SweepSpec& s);

SweepSpec read_spec(const std::string& file) {
    const MapView doc(load_yaml_file(file), file, "");
    if (doc.has("platform") && !doc.has("base"))
        doc.fail("platform", "this is a run's config (it has platform:), not a sweep file: run it "
                             "with `syncsim run " +
                                 file + "`, or sweep it from a sweep file whose base: names it");
    doc.allow_only({"description", "base", "combine", "axes", "exclude", "point_timeout", "retries",
                    "plot", "bands", "band_estimates"});
    SweepSpec s;
    s.description = doc.opt_text("description").value_or("");
    s.base = (fs::path(file).parent_path() / doc.text("base")).lexically_normal().string();
    std::error_code ec;
    if (!fs::exists(s.base, ec)) doc.fail("base", "no config file " + s.base.substr(0, 200));
    try {
        read_yaml_file_text(s.base); // a readable regular file of reasonable size
    } catch (const ConfigError& e) {
        doc.fail("base", e.what());
    }
    s.zip = doc.has("combine") && doc.choice("combine", {"product", "zip"}) == "zip";
    const MapView axes = doc.map("axes");
    if (axes.keys().empty())
        throw ConfigError(doc.where() + ": a sweep needs at least one axis under 'axes'");
    for (const std::string& key : axes.keys()) {
        const YAML::Node list = axes.node(key);
        if (!list.IsSequence() || list.size() == 0)
            axes.fail(key, "an axis is a non-empty list of values");
        Axis a{key, {}};
        for (const auto& v : list) {
            if (!v.IsScalar()) axes.fail(key, "axis values are scalars");
            a.values.push_back(v.Scalar());
        }
        s.axes.push_back(a);
    }
    if (s.zip)
        for (const Axis& a : s.axes)
            if (a.values.size() != s.axes.front().values.size())
                axes.fail(a.key, "zipped axes need the same number of values");
    check_point_count(s, axes);
    read_exclude(doc, s);
    if (doc.has("point_timeout"))
        s.timeout_s = std::max<std::uint64_t>(
            1, parse_duration_ps(doc.text("point_timeout"),
                                 doc.where("point_timeout") + ": key 'point_timeout'") /
                   1000000000000ull);
    s.retries = static_cast<int>(doc.opt_integer("retries", 0, 10).value_or(0));
    s.bands = doc.opt_boolean("bands").value_or(false);
    s.band_estimates = static_cast<int>(doc.opt_integer("band_estimates", 1, 20).value_or(3));
    if (doc.has("band_estimates") && !s.bands)
        doc.fail("band_estimates", "band_estimates without 'bands: true' draws no band");
    read_plot(doc.map("plot"), s);
    if (s.bands && (s.plot_y == "status" || s.plot_y == "outcome" || s.plot_y == "reason"))
        doc.fail("bands", "a band is of a number: plot.y is '" + s.plot_y + "'");
    if (expand(s).empty()) doc.fail("exclude", "the exclude entries leave no point to run");
    return s;
}

std::vector<Point> product_of(const SweepSpec& s);

// Whether an `exclude:` entry leaves the point out: it matches every one of
// the entry's axis values.
bool excluded(const SweepSpec& s, const std::vector<std::pair<std::string, std::string>>& values) {
    for (const auto& entry : s.exclude) {
        bool all = true;
        for (const auto& [key, value] : entry)
            all = all && std::find(values.begin(), values.end(), std::make_pair(key, value)) !=
                             values.end();
        if (all) return true;
    }
    return false;
}

std::vector<Point> expand(const SweepSpec& s) {
    std::vector<Point> points = product_of(s);
    points.erase(std::remove_if(points.begin(), points.end(),
                                [&](const Point& p) { return excluded(s, p.values); }),
                 points.end());
    for (std::size_t i = 0; i < points.size(); ++i) points[i].index = static_cast<int>(i);
    return points;
}

std::vector<Point> product_of(const SweepSpec& s) {
    std::vector<Point> points;
    if (s.zip) {
        for (std::size_t i = 0; i < s.axes.front().values.size(); ++i) {
            Point p{static_cast<int>(i), {}, "", "", "", ""};
            for (const Axis& a : s.axes) p.values.push_back({a.key, a.values[i]});
            points.push_back(p);
        }
        return points;
    }
    std::vector<std::size_t> at(s.axes.size(), 0);
    for (int index = 0;; ++index) {
        Point p{index, {}, "", "", "", ""};
        for (std::size_t a = 0; a < s.axes.size(); ++a)
            p.values.push_back({s.axes[a].key, s.axes[a].values[at[a]]});
        points.push_back(p);
        std::size_t a = s.axes.size();
        while (a > 0 && ++at[a - 1] == s.axes[a - 1].values.size()) at[--a] = 0;
        if (a == 0) break;
    }
    return points;
}

// Why a point cannot run, or empty: its config must load and its workload
// must fit the device.
std::string check_point(const SweepSpec& s, Point& p, const std::string& platforms_dir) {
    try {
        const ExperimentConfig cfg = load_experiment(s.base, sets_of(p), platforms_dir);
        p.plugin = cfg.plugin;
        return cfg.workload_fit_problem();
    } catch (const ConfigError& e) {
        return e.what();
    }
}

} // namespace

std::size_t check_sweep(const std::string& sweep_file, const std::string& platforms_dir,
                        std::size_t points_to_load) {
    const SweepSpec spec = read_spec(sweep_file);
    std::vector<Point> points = expand(spec);
    for (std::size_t i = 0; i < points.size() && i < points_to_load; ++i)
        (void)check_point(spec, points[i], platforms_dir);
    return points.size();
}

int run_sweep(const SweepOptions& o) {
    const SweepSpec spec = read_spec(o.sweep_file);
    const std::string out =
        o.out_dir.empty() ? (fs::path("runs") / fs::path(o.sweep_file).stem()).string() : o.out_dir;
    std::error_code ec;
    fs::create_directories(fs::path(out) / "points", ec);
    if (ec) throw ConfigError("cannot create the sweep folder '" + out + "': " + ec.message());
    // What the sweep writes in its folder never replaces what it reads.
    std::vector<NamedPath> outputs;
    for (const char* name : SweepFiles::kAll)
        outputs.push_back({(fs::path(out) / name).string(), std::string("the sweep's ") + name});
    check_outputs_apart({{o.sweep_file, "the sweep file"}, {spec.base, "the sweep's base config"}},
                        outputs);
    check_output_writable((fs::path(out) / SweepFiles::kResultsCsv).string(), "sweep results");
    std::vector<Point> points = expand(spec);
    const std::string base_text = read_file(spec.base);
    OutputFile jobs_file((fs::path(out) / SweepFiles::kJobs).string(), "sweep job list");
    std::ostream& jobs = jobs_file.stream();
    int impossible = 0, to_run = 0, current = 0;
    for (Point& p : points) {
        p.dir = fs::absolute(fs::path(out) / "points" / slug(p)).string();
        p.impossible = check_point(spec, p, o.platforms_dir);
        // A rebuilt plugin makes every earlier result of its points stale.
        p.key = hex64(fnv1a(base_text + "\n" + [&] {
            std::string all;
            for (const auto& set : sets_of(p)) all += set + "\n";
            if (!p.plugin.empty()) all += "plugin " + read_file(p.plugin) + "\n";
            return all;
        }()));
        if (!p.impossible.empty()) {
            std::cout << "skip  point " << p.index << " (" << slug(p) << "): " << p.impossible
                      << "\n";
            ++impossible;
            continue;
        }
        if (o.collect_only || (o.resume && has_current_result(p))) {
            current += has_current_result(p) ? 1 : 0;
            continue;
        }
        write_point(o, spec, p);
        jobs << "sh " << shell_quote((fs::path(p.dir) / "rerun.sh").string()) << "\n";
        ++to_run;
    }
    jobs_file.close();
    std::cout << points.size() << " points: " << to_run << " to run, " << current
              << " already done, " << impossible << " impossible\n";

    if (o.slurm) {
        write_slurm_files(o, spec, out, to_run);
        return 0;
    }
    if (!o.collect_only && to_run > 0) run_points(o, spec, out);

    json results = collect(spec, points);
    if (spec.bands) add_bands(o, spec, out, points, results);
    std::map<std::string, int> by_status;
    for (const json& row : results["points"]) ++by_status[row["status"].get<std::string>()];
    {
        OutputFile json_out_file((fs::path(out) / SweepFiles::kResultsJson).string(),
                                 "sweep results");
        std::ostream& json_out = json_out_file.stream();
        json_out << results.dump(2) << "\n";
        json_out_file.close();
    }
    write_results(out, spec, results);
    std::cout << "wrote " << (fs::path(out) / SweepFiles::kResultsCsv).string()
              << " and results.json:";
    for (const auto& [status, count] : by_status) std::cout << " " << count << " " << status;
    std::cout << "\n";
    if (o.plot) plot_results(spec, out);
    // Any point without a result is a reason for a script to look.
    return by_status["ran"] == static_cast<int>(points.size()) ? 0 : 1;
}

} // namespace syncsim
