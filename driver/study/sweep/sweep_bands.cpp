// Bands in a sweep: how far each point's figure could move with the
// platform estimates its line rests on most. Per line (the points that
// differ only in x), a one-at-a-time sensitivity study at the line's largest
// x that ran picks the estimates that swing the plotted metric most; then
// every point runs twice more, those estimates all at the ends that lowered
// the metric and all at the ends that raised it. The band is the least and
// the most of the point's value and its two corners.
#include "driver/experiment/experiment_config.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "driver/study/sensitivity/sensitivity_plan.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>

namespace syncsim::sweep {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace sensitivity;

namespace {

// An estimate the band moves, and the end of its range that lowers the
// metric (the other end raises it).
struct BandEstimate {
    std::string path, lowering, raising;
    // The --set values of each end (a bound value's: its refit point).
    std::vector<std::pair<std::string, std::string>> lowering_sets, raising_sets;
    bool refit = false;
};

struct Line {
    std::vector<std::size_t> points; // indices into the sweep's points
    std::size_t representative = 0;
    std::vector<BandEstimate> estimates;
};

double x_of(const Point& p, const std::string& x_axis) {
    for (const auto& [key, value] : p.values)
        if (key == x_axis) {
            char* end = nullptr;
            const double v = std::strtod(value.c_str(), &end);
            return *end == '\0' ? v : 0;
        }
    return 0;
}

// The points grouped by every axis but x; each line's representative is its
// point with the largest x that ran.
std::vector<Line> lines_of(const SweepSpec& spec, const std::vector<Point>& points,
                           const json& rows) {
    std::map<std::string, Line> by_key;
    std::vector<std::string> order;
    for (std::size_t i = 0; i < points.size(); ++i) {
        std::string key;
        for (const auto& [axis, value] : points[i].values)
            if (axis != spec.plot_x) key += axis + "=" + value + "\n";
        if (!by_key.count(key)) order.push_back(key);
        by_key[key].points.push_back(i);
    }
    std::vector<Line> lines;
    for (const std::string& key : order) {
        Line line = by_key[key];
        bool found = false;
        for (std::size_t i : line.points)
            if (rows[i].value("status", "") == "ran" &&
                (!found ||
                 x_of(points[i], spec.plot_x) >= x_of(points[line.representative], spec.plot_x))) {
                line.representative = i;
                found = true;
            }
        if (found) lines.push_back(line);
    }
    return lines;
}

// A point with extra --set values; keyed by everything its result depends
// on (the config, its values, the platform files, the plugin, the version).
Point variant(const SweepOptions& o, const SweepSpec& spec, const Point& p, const std::string& out,
              const std::vector<std::pair<std::string, std::string>>& extra) {
    Point v{p.index, p.values, "", "", "", p.plugin};
    v.values.insert(v.values.end(), extra.begin(), extra.end());
    v.dir = fs::absolute(fs::path(out) / "bands" / slug(v)).string();
    try {
        v.key = run_inputs_key(load_experiment(spec.base, sets_of(v), o.platforms_dir));
    } catch (const ConfigError& e) {
        v.impossible = e.what();
    }
    return v;
}

// The one-at-a-time runs at each line's representative: every estimate
// the model cannot rule out, at each end that is not its value.
struct Study {
    std::vector<Point> points;
    // per line: per estimate, the study points of its low and high end (-1: the value)
    std::vector<std::vector<std::pair<Estimate, std::pair<int, int>>>> ends;
};

Study plan_studies(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
                   const std::vector<Point>& points, const std::vector<Line>& lines) {
    Study study;
    for (const Line& line : lines) {
        const Point& rep = points[line.representative];
        const json result = json::parse(read_file(fs::path(rep.dir) / "result.json"));
        const ExperimentConfig cfg = load_experiment(spec.base, sets_of(rep), o.platforms_dir);
        const auto rows = cfg.platform_rows();
        const Plan plan = sensitivity::plan(rows, result, fits_of(rows));
        study.ends.emplace_back();
        for (const Estimate& e : plan.to_run) {
            std::pair<int, int> at{-1, -1};
            for (int* slot : {&at.first, &at.second}) {
                const bool low = slot == &at.first;
                if ((low ? e.low : e.high) == e.value && e.refit_from.empty()) continue;
                *slot = static_cast<int>(study.points.size());
                study.points.push_back(variant(o, spec, rep, out, low ? e.low_sets : e.high_sets));
            }
            study.ends.back().push_back({e, at});
        }
    }
    return study;
}

// The band of a point's row from its two corner runs; a corner whose
// outcome is not the point's is noted (its figure may be missing).
void set_band(json& row, const json& lowering, const json& raising, const std::string& names,
              const std::string& metric) {
    double lo = INFINITY, hi = -INFINITY;
    std::string note;
    for (const json* corner : {&lowering, &raising}) {
        const std::string outcome = corner->value("status", "") == "ran"
                                        ? corner->value("outcome", std::string("?"))
                                        : corner->value("status", std::string("?"));
        if (outcome != row.value("outcome", std::string("?")))
            note += (note.empty() ? "" : "; ") +
                    std::string(corner == &lowering ? "lowering" : "raising") +
                    " corner: " + outcome;
    }
    const json* runs[] = {&row, &lowering, &raising};
    for (const json* r : runs)
        if (r->value("status", "") == "ran" && r->contains(metric) && (*r)[metric].is_number()) {
            lo = std::min(lo, (*r)[metric].get<double>());
            hi = std::max(hi, (*r)[metric].get<double>());
        }
    if (!(lo <= hi)) return;
    row["band_low"] = lo;
    row["band_high"] = hi;
    row["band_estimates"] = names;
    if (!note.empty()) row["band_note"] = note;
}

} // namespace

void add_bands(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
               const std::vector<Point>& points, json& results) {
    json& rows = results["points"];
    std::vector<Line> lines = lines_of(spec, points, rows);
    // Like the sweep's own points: rerun unless resuming or collecting.
    const bool reuse = o.resume || o.collect_only;
    fs::create_directories(fs::path(out) / "bands");
    const Study study = plan_studies(o, spec, out, points, lines);
    std::cout << "bands: " << lines.size() << " line(s), " << study.points.size()
              << " one-at-a-time runs at their largest x\n"
              << std::flush;
    const json study_rows =
        run_batch(o, spec, out, study.points, reuse, "bands_jobs.txt", "bands_joblog.tsv");
    // Each line's estimates that move the metric most, and the corner runs
    // of each point that ran.
    std::vector<Point> corners;
    std::vector<std::pair<std::size_t, std::string>> cornered; // row, its band's estimates
    for (std::size_t l = 0; l < lines.size(); ++l) {
        const json& base = rows[lines[l].representative];
        std::vector<Effect> effects;
        for (const auto& [e, at] : study.ends[l]) {
            const auto row = [&](int i) { return i < 0 ? base : study_rows[i]; };
            effects.push_back(effect_of(e, row(at.first), base, row(at.second), {spec.plot_y}));
        }
        rank(effects, {spec.plot_y});
        for (const Effect& e : effects) {
            const MetricValues& m = e.metrics.at(spec.plot_y);
            if (static_cast<int>(lines[l].estimates.size()) == spec.band_estimates) break;
            if (std::isnan(m.low) || std::isnan(m.high) || m.swing() <= 0) continue;
            const bool low_lowers = m.low < m.high;
            const Estimate& est = e.estimate;
            // Values a fit binds move together (each one's refit moves the
            // others): one of them, the first, stands for the group.
            const bool refit = !est.refit_from.empty();
            if (refit && std::any_of(lines[l].estimates.begin(), lines[l].estimates.end(),
                                     [](const BandEstimate& b) { return b.refit; }))
                continue;
            lines[l].estimates.push_back({est.path, low_lowers ? est.low : est.high,
                                          low_lowers ? est.high : est.low,
                                          low_lowers ? est.low_sets : est.high_sets,
                                          low_lowers ? est.high_sets : est.low_sets, refit});
        }
        if (lines[l].estimates.empty()) continue; // nothing moves this line's figure
        std::string names;
        std::vector<std::pair<std::string, std::string>> down, up;
        for (const BandEstimate& b : lines[l].estimates) {
            names += (names.empty() ? "" : "; ") + b.path + (b.refit ? " (refit)" : "");
            down.insert(down.end(), b.lowering_sets.begin(), b.lowering_sets.end());
            up.insert(up.end(), b.raising_sets.begin(), b.raising_sets.end());
        }
        for (std::size_t i : lines[l].points) {
            if (rows[i].value("status", "") != "ran") continue;
            cornered.push_back({i, names});
            corners.push_back(variant(o, spec, points[i], out, down));
            corners.push_back(variant(o, spec, points[i], out, up));
        }
    }
    std::cout << "bands: " << corners.size() << " corner runs\n" << std::flush;
    const json corner_rows =
        run_batch(o, spec, out, corners, reuse, "bands_jobs.txt", "bands_joblog.tsv");
    for (std::size_t k = 0; k < cornered.size(); ++k)
        set_band(rows[cornered[k].first], corner_rows[2 * k], corner_rows[2 * k + 1],
                 cornered[k].second, spec.plot_y);
}

} // namespace syncsim::sweep
