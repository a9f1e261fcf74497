#include "driver/study/calibration/calibration_fit.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/study/calibration/calibration.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "driver/study/calibration/fit_projection.hpp"
#include "driver/study/calibration/identifiability.hpp"
#include "driver/study/sweep/mixed_runs.hpp"
#include "output/trace/output_file.hpp"
#include "platforms/platform.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>

namespace syncsim {

namespace fs = std::filesystem;
using namespace fit;

namespace {

// What a fit works on: the observations of its chip, the values it may move.
struct FitInput {
    std::vector<Observation> all;
    std::vector<const Observation*> fitted, held;
    std::vector<Param> candidates;
    double sys_counter_mhz = 50;
};

FitInput fit_input(const FitOptions& opt) {
    FitInput in;
    in.all = read_observations(opt.register_dir);
    for (const Observation& o : in.all)
        if (o.chip == opt.platform) (o.held_out ? in.held : in.fitted).push_back(&o);
    if (in.fitted.empty()) {
        std::string chips;
        for (const Observation& o : in.all)
            if (chips.find(o.chip) == std::string::npos)
                chips += (chips.empty() ? "" : ", ") + o.chip;
        throw ConfigError("--platform " + opt.platform +
                          ": no fitted observation is on this chip, so nothing can be fitted "
                          "(the register has observations on " +
                          (chips.empty() ? "no chip" : chips) + ")");
    }
    const Platform platform = load_platform(opt.platforms_dir, opt.platform);
    in.sys_counter_mhz = platform.sys_counter_mhz;
    // A value an earlier fit of this chip bound carries the range that fit
    // found; the fit starts again from the range it had before (its prior,
    // kept in the fit file), so running the fit again on the files it
    // wrote searches the same space.
    std::optional<FitRecord> earlier;
    const std::string earlier_file = fit_file(opt.register_dir, opt.platform);
    if (fs::exists(earlier_file)) earlier = read_fit(earlier_file);
    const auto pow2 = [](double x) { return x >= 1 && std::exp2(std::round(std::log2(x))) == x; };
    for (const ParamRow& row : param_rows(platform)) {
        const ParamOrigin& o = row.origin;
        if (!o.has_range() || !o.instance_of.empty()) continue;
        const FitParameter* prior =
            earlier && o.fit == opt.platform ? earlier->parameter(row.path) : nullptr;
        const std::string& low = prior ? prior->prior_low : o.low;
        const std::string& high = prior ? prior->prior_high : o.high;
        const auto lo = number(low), hi = number(high), v = number(row.value);
        if (!lo || !hi || !v) continue; // a choice: not a number to solve for
        in.candidates.push_back({row.path, row.unit, row.value, *lo, *hi, *v,
                                 is_whole(low) && is_whole(high) && is_whole(row.value),
                                 row.unit == "bytes" && pow2(*lo) && pow2(*hi) && pow2(*v)});
    }
    return in;
}

// What screening found: the values that move an observation (the fit's
// params) and the projection that moves points with them. Not copied: the
// projection refers to the params.
struct Screen {
    std::vector<Param> params;
    Projection projection;
    explicit Screen(const FitInput& in) : projection{in.fitted, params, {}, {}, {}, {}} {}
    Screen(const Screen&) = delete;
    Screen& operator=(const Screen&) = delete;
};

// Screening: every candidate at both ends, the others at the platform's
// values; the values that move an observation become the fit's params.
void screen(const FitInput& in, MixedRuns& runs, Screen& s) {
    const std::vector<Param>& cand = in.candidates;
    const std::size_t O = in.fitted.size();
    Figures figures(runs, cand);
    Point base(cand.size());
    for (std::size_t j = 0; j < cand.size(); ++j) base[j] = cand[j].base;
    for (const Observation* o : in.fitted) figures.add(*o, base, "base");
    for (std::size_t j = 0; j < cand.size(); ++j)
        for (int e = 0; e < 2; ++e) {
            Point end = base;
            end[j] = e == 0 ? cand[j].low : cand[j].high;
            for (const Observation* o : in.fitted) figures.add(*o, end, "screen");
        }
    const std::vector<double> got = figures.run();
    std::cout << "screened " << cand.size() << " values at both ends: " << runs.made() << " runs\n"
              << std::flush;
    std::vector<double> threshold(O);
    for (std::size_t o = 0; o < O; ++o) {
        const bool ticks = in.fitted[o]->repro.metric.rfind("measure_", 0) == 0;
        threshold[o] = std::max(kTouch * (in.fitted[o]->accept_high() - in.fitted[o]->accept_low()),
                                ticks ? kTouchTicks * 1000.0 / in.sys_counter_mhz : 0.0);
    }
    std::vector<std::vector<double>> slopes(O);
    std::vector<std::vector<std::size_t>> moves(O);
    for (std::size_t j = 0; j < cand.size(); ++j) {
        bool touched = false;
        std::vector<double> slope(O, 0);
        std::vector<bool> moved(O, false);
        for (std::size_t o = 0; o < O; ++o) {
            const double lo = got[O + j * 2 * O + o], hi = got[O + j * 2 * O + O + o];
            // An end that gives no figure matters; it has no slope.
            const double swing = std::isnan(lo) || std::isnan(hi) ? INFINITY : std::fabs(hi - lo);
            if (!(swing > threshold[o])) continue;
            moved[o] = touched = true;
            if (std::isfinite(swing)) slope[o] = (hi - lo) / (cand[j].high - cand[j].low);
        }
        if (!touched) continue;
        for (std::size_t o = 0; o < O; ++o) {
            slopes[o].push_back(slope[o]);
            if (moved[o]) moves[o].push_back(s.params.size());
        }
        s.params.push_back(cand[j]);
    }
    if (s.params.empty()) throw ConfigError("no ranged value moves any fitted observation");
    s.projection.slope = slopes;
    s.projection.moves = moves;
    for (const Param& p : s.params) s.projection.base.push_back(p.base);
    s.projection.base_figures.assign(got.begin(), got.begin() + static_cast<long>(O));
    std::cout << s.params.size() << " value(s) move a fitted observation:\n";
    for (std::size_t o = 0; o < O; ++o) {
        std::cout << "  " << in.fitted[o]->name << " (observed " << in.fitted[o]->observed_shown
                  << "): ";
        for (std::size_t k = 0; k < moves[o].size(); ++k)
            std::cout << (k ? ", " : "") << s.params[moves[o][k]].path;
        std::cout << (moves[o].empty() ? "nothing: its figure rests on sourced values" : "")
                  << "\n";
    }
}

// No consistent set: which observations no point reproduced, and the point
// that came closest (what a user widens or models next).
void report_no_consistent_set(const FitInput& in, const std::vector<Param>& params,
                              const std::vector<Point>& points,
                              const std::vector<std::vector<double>>& at) {
    const std::size_t O = in.fitted.size();
    std::cout << "no consistent set: the observations that no point reproduced:\n";
    for (std::size_t o = 0; o < O; ++o) {
        int failing = 0;
        for (const auto& f : at) failing += std::isnan(f[o]) || !in.fitted[o]->accepts(f[o]);
        if (failing > 0)
            std::cout << "  " << in.fitted[o]->name << ": " << failing << " of " << points.size()
                      << " points outside " << shown_ns(in.fitted[o]->accept_low()) << " .. "
                      << shown_ns(in.fitted[o]->accept_high()) << "\n";
    }
    std::size_t best = 0;
    double best_miss = INFINITY;
    for (std::size_t i = 0; i < points.size(); ++i) {
        double miss = 0;
        for (std::size_t o = 0; o < O; ++o) {
            const double r = (at[i][o] - in.fitted[o]->target()) /
                             (in.fitted[o]->accept_high() - in.fitted[o]->accept_low());
            miss = std::max(miss, std::isnan(r) ? INFINITY : std::fabs(r));
        }
        if (miss < best_miss) {
            best_miss = miss;
            best = i;
        }
    }
    std::cout << "the closest point:\n";
    for (std::size_t o = 0; o < O; ++o)
        std::cout << "  " << in.fitted[o]->name << " " << shown_ns(at[best][o]) << " (accepted "
                  << shown_ns(in.fitted[o]->accept_low()) << " .. "
                  << shown_ns(in.fitted[o]->accept_high()) << ")\n";
    for (std::size_t j = 0; j < params.size(); ++j)
        std::cout << "  " << params[j].path << " = " << fit_number(points[best][j]) << " ("
                  << fit_number(params[j].low) << " .. " << fit_number(params[j].high) << ")\n";
    std::cout << "a value's range may be too narrow, or the model lacks a mechanism the "
                 "observations need\n";
}

// Each value at the ends of its consistent range, the others refit from the
// chosen point; failing that, the consistent point at that end.
std::vector<identifiability::Span> spans_of(const std::vector<Param>& params) {
    std::vector<identifiability::Span> spans;
    for (const Param& p : params) spans.push_back({p.path, p.unit, p.low, p.high});
    return spans;
}

std::vector<FitRefit> refits(const Screen& s, const Point& chosen,
                             const std::vector<identifiability::Verdict>& verdicts,
                             const std::vector<Point>& good, Figures& figures) {
    std::vector<Point> points;
    std::vector<int> frozen;
    std::vector<std::pair<std::size_t, std::string>> of;
    for (std::size_t j = 0; j < s.params.size(); ++j)
        for (const std::string end : {"low", "high"}) {
            Point p = chosen;
            p[j] = s.params[j].clamp(end == "low" ? verdicts[j].low : verdicts[j].high);
            points.push_back(p);
            frozen.push_back(static_cast<int>(j));
            of.push_back({j, end});
        }
    const auto at = s.projection.run(points, frozen, figures, "refit");
    std::vector<FitRefit> out;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const auto& [j, end] = of[i];
        Point p = as_written(s.params, points[i]);
        if (!consistent(s.projection.obs, at[i]))
            p = as_written(s.params, identifiability::nearest_at_end(spans_of(s.params), good,
                                                                     chosen, j, end == "low"));
        out.push_back({s.params[j].path, end, values_of(s.params, p)});
    }
    return out;
}

// The held-out observations at the chosen point and over the consistent set.
std::vector<FitPrediction> predictions(const FitInput& in, const Point& chosen,
                                       const std::vector<Point>& good, Figures& figures) {
    for (const Observation* o : in.held) {
        figures.add(*o, chosen, "predict");
        for (const Point& p : good) figures.add(*o, p, "predict");
    }
    const std::vector<double> got = figures.run();
    std::vector<FitPrediction> out;
    for (std::size_t h = 0; h < in.held.size(); ++h) {
        const std::size_t first = h * (good.size() + 1);
        FitPrediction pr{in.held[h]->name, got[first], INFINITY, -INFINITY};
        for (std::size_t k = 1; k <= good.size(); ++k)
            if (!std::isnan(got[first + k])) {
                pr.low_ns = std::min(pr.low_ns, got[first + k]);
                pr.high_ns = std::max(pr.high_ns, got[first + k]);
            }
        out.push_back(pr);
    }
    return out;
}

void print_fit(const FitInput& in, const FitRecord& fit, std::size_t consistent_points) {
    std::cout << "\nwhat the " << in.fitted.size() << " fitted observation(s) pin ("
              << consistent_points << " consistent points):\n";
    for (const FitParameter& p : fit.parameters)
        std::cout << "  " << std::left << std::setw(48) << p.path << std::setw(12) << p.status
                  << p.value << " in " << p.low << " .. " << p.high << " (plausible " << p.prior_low
                  << " .. " << p.prior_high << ")"
                  << (p.combination.empty() ? "" : "\n      " + p.combination) << "\n";
    std::cout << "held out and predicted at the chosen point:\n";
    for (std::size_t h = 0; h < in.held.size(); ++h) {
        const FitPrediction& pr = fit.predictions[h];
        std::cout << "  " << in.held[h]->name << ": observed " << in.held[h]->observed_shown
                  << ", predicted " << shown_ns(pr.at_point_ns) << " (over the consistent set "
                  << shown_ns(pr.low_ns) << " .. " << shown_ns(pr.high_ns)
                  << "): " << (in.held[h]->accepts(pr.at_point_ns) ? "within tolerance" : "MISSED")
                  << "\n";
    }
}

// The fit's record of its params: status, chosen value, consistent range.
std::vector<FitParameter> parameters(const Screen& s, const Point& chosen,
                                     const std::vector<identifiability::Verdict>& verdicts) {
    std::vector<FitParameter> out;
    for (std::size_t j = 0; j < s.params.size(); ++j) {
        FitParameter fp;
        fp.path = s.params[j].path;
        fp.status = verdicts[j].status;
        fp.value = fit_number(chosen[j]);
        // Where the consistent points put it (for a free one, about its
        // plausible range).
        fp.low = fit_number(verdicts[j].low);
        fp.high = fit_number(verdicts[j].high);
        fp.prior_low = fit_number(s.params[j].low);
        fp.prior_high = fit_number(s.params[j].high);
        fp.combination = verdicts[j].combination;
        for (std::size_t o = 0; o < s.projection.moves.size(); ++o) {
            const auto& m = s.projection.moves[o];
            if (std::find(m.begin(), m.end(), j) != m.end())
                fp.by.push_back(s.projection.obs[o]->name);
        }
        out.push_back(fp);
    }
    return out;
}

// What the consistent points say about each value: a value moved together
// with others (one projection move) may be pinned only in combination.
std::vector<identifiability::Verdict> classify(const Screen& s,
                                               const std::vector<identifiability::Span>& spans,
                                               const std::vector<Point>& good) {
    return identifiability::classify(
        spans, good, identifiability::companions(s.projection.moves, s.params.size()));
}

// The chosen point: the platform's own point moved onto the consistent set
// (the least move, in each value's range, that reproduces every
// observation, so what no observation needs moved stays: `own`); failing
// that, the most central consistent point. Verified as written.
Point choose_point(const FitInput& in, const Screen& s, const Point& own, const Point& central,
                   Figures& figures) {
    const Point chosen = as_written(s.params, own);
    for (const Observation* o : in.fitted) figures.add(*o, chosen, "chosen");
    if (consistent(in.fitted, figures.run())) return chosen;
    std::cout << "the platform's own point did not stay consistent as written: the most "
                 "central consistent point is chosen\n";
    return as_written(s.params, central);
}

} // namespace

int run_calibration_fit(const FitOptions& opt) {
    const FitInput in = fit_input(opt);
    const std::string out = opt.out_dir.empty()
                                ? (fs::path("runs") / "calibration-fit" / opt.platform).string()
                                : opt.out_dir;
    MixedRuns runs(out, opt.jobs, opt.syncsim_binary, opt.platforms_dir);
    std::cout << "calibration fit on " << opt.platform << ": " << in.fitted.size()
              << " fitted observation(s), " << in.held.size() << " held out; "
              << in.candidates.size() << " ranged values\n"
              << std::flush;
    Screen s(in);
    screen(in, runs, s);

    // Latin-hypercube points (the platform's own point first), each moved
    // onto the set that reproduces every fitted observation (a point that
    // already does is left as it is).
    std::vector<Point> points = latin_hypercube(s.params, opt.samples, opt.seed);
    points.insert(points.begin(), s.projection.base);
    Figures figures(runs, s.params);
    const auto at =
        s.projection.run(points, std::vector<int>(points.size(), -1), figures, "sample");
    std::vector<Point> good;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (consistent(in.fitted, at[i])) good.push_back(points[i]);
    std::cout << good.size() << " of " << points.size()
              << " points reproduce every fitted observation (" << runs.made() << " runs)\n";
    if (good.size() < 2) {
        report_no_consistent_set(in, s.params, points, at);
        return 1;
    }

    const auto spans = spans_of(s.params);
    const auto verdicts = classify(s, spans, good);
    std::vector<bool> bound(s.params.size());
    for (std::size_t j = 0; j < s.params.size(); ++j) bound[j] = verdicts[j].status != "free";

    const Point& central = good[identifiability::central_point(spans, good, bound)];
    const Point chosen = choose_point(
        in, s, consistent(in.fitted, at.front()) ? points.front() : central, central, figures);

    FitRecord fit;
    fit.platform = opt.platform;
    fit.command = opt.command;
    fit.seed = opt.seed;
    fit.samples = opt.samples;
    for (const Observation* o : in.fitted) fit.fitted.push_back(o->name);
    for (const Observation* o : in.held) fit.held_out.push_back(o->name);
    fit.refits = refits(s, chosen, verdicts, good, figures);
    fit.predictions = predictions(in, chosen, good, figures);
    fit.parameters = parameters(s, chosen, verdicts);
    fit.point = values_of(s.params, chosen);
    for (const Point& p : good)
        fit.consistent.push_back(values_of(s.params, as_written(s.params, p)));
    print_fit(in, fit, good.size());
    std::cout << runs.made() << " runs in all\n";
    const std::string file = opt.write ? fit_file(opt.register_dir, opt.platform)
                                       : (fs::path(out) / (opt.platform + ".yaml")).string();
    fs::create_directories(fs::path(file).parent_path());
    OutputFile f(file, "fit file");
    write_fit(fit, f.stream());
    f.close();
    std::cout << "wrote " << file
              << (opt.write ? " (scripts/apply_fit.py puts it into the platform files; syncsim "
                              "calibration check says whether they follow it)"
                            : " (--write puts it in the register)")
              << "\n";
    return 0;
}

} // namespace syncsim
