#include "driver/study/calibration/fit_projection.hpp"

#include "config/yaml_view.hpp"
#include "driver/run/result_parts.hpp"
#include "driver/study/calibration/identifiability.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>

namespace syncsim::fit {

using nlohmann::json;

double Param::clamp(double v) const {
    v = std::min(high, std::max(low, v));
    if (power_of_two) return std::exp2(std::round(std::log2(v)));
    return whole ? std::round(v) : v;
}

std::string Param::text(double v) const {
    if (whole) return std::to_string(std::llround(v));
    std::ostringstream os;
    os << std::setprecision(7) << v;
    return os.str();
}

bool is_whole(const std::string& t) {
    return !t.empty() && t.find_first_of(".eE") == std::string::npos;
}

std::optional<double> number(const std::string& t) {
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0') return std::nullopt;
    return v;
}

int Figures::add(const Observation& o, const Point& point, const std::string& name) {
    SetList sets;
    for (std::size_t j = 0; j < m_params.size(); ++j)
        sets.push_back({"platform." + m_params[j].path, m_params[j].text(point[j])});
    Pending p{&o, m_runs.add(o.repro.config, sets, o.name + "-" + name), -1};
    if (o.repro.difference())
        p.minus = m_runs.add(o.repro.minus_config, sets, o.name + "-minus-" + name);
    m_pending.push_back(p);
    return static_cast<int>(m_pending.size()) - 1;
}

std::vector<double> Figures::run() {
    std::vector<double> out;
    if (m_pending.empty()) return out;
    const std::vector<json> rows = m_runs.run();
    for (const Pending& p : m_pending) {
        double v = row_figure(rows[static_cast<std::size_t>(p.run)], p.o->repro.metric);
        if (p.minus >= 0)
            v -= row_figure(rows[static_cast<std::size_t>(p.minus)], p.o->repro.minus_metric);
        out.push_back(v);
    }
    m_pending.clear();
    return out;
}

std::vector<Point> latin_hypercube(const std::vector<Param>& params, int n,
                                   unsigned long long seed) {
    std::mt19937_64 rng(seed);
    const auto uniform = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
    std::vector<Point> points(static_cast<std::size_t>(n), Point(params.size()));
    for (std::size_t j = 0; j < params.size(); ++j) {
        std::vector<int> strata(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) strata[static_cast<std::size_t>(i)] = i;
        for (int i = n - 1; i > 0; --i)
            std::swap(strata[static_cast<std::size_t>(i)],
                      strata[static_cast<std::size_t>(rng() % static_cast<unsigned>(i + 1))]);
        for (int s = 0; s < n; ++s) {
            const double u = (strata[static_cast<std::size_t>(s)] + uniform()) / n;
            points[static_cast<std::size_t>(s)][j] =
                params[j].clamp(params[j].low + u * (params[j].high - params[j].low));
        }
    }
    return points;
}

std::vector<double> Projection::residual(const std::vector<double>& figures) const {
    std::vector<double> r(obs.size());
    for (std::size_t o = 0; o < obs.size(); ++o) r[o] = (figures[o] - obs[o]->target()) / width(o);
    return r;
}

bool Projection::all_accepted(const std::vector<double>& figures) const {
    return consistent(obs, figures);
}

bool Projection::close(const std::vector<double>& r) {
    for (double v : r)
        if (!(std::fabs(v) <= kAim)) return false;
    return true;
}

double Projection::excess(double r) {
    return std::isnan(r) ? r : std::copysign(std::max(0.0, std::fabs(r) - kAim), r);
}

std::vector<std::vector<double>> Projection::jacobian() const {
    std::vector<std::vector<double>> jac(obs.size(), std::vector<double>(params.size()));
    for (std::size_t o = 0; o < obs.size(); ++o)
        for (std::size_t j = 0; j < params.size(); ++j)
            jac[o][j] = slope[o][j] * span(j) / width(o);
    return jac;
}

// One least-norm step for residuals `r` from `x` (value `frozen` held, and
// any at an end the step would push past), damped by `damping`.
std::vector<double> Projection::step(const Point& x, const std::vector<std::vector<double>>& jac,
                                     const std::vector<double>& r, int frozen,
                                     double damping) const {
    const std::size_t O = obs.size(), P = params.size();
    std::vector<bool> fixed(P, false);
    if (frozen >= 0) fixed[static_cast<std::size_t>(frozen)] = true;
    std::vector<double> du;
    for (int pass = 0; pass < 4; ++pass) {
        std::vector<std::vector<double>> j_free = jac;
        for (std::size_t o = 0; o < O; ++o)
            for (std::size_t j = 0; j < P; ++j)
                if (fixed[j]) j_free[o][j] = 0;
        du = identifiability::min_norm_step(j_free, r, damping);
        if (du.empty()) return du;
        bool more = false;
        for (std::size_t j = 0; j < P; ++j) {
            const double next = x[j] + du[j] * span(j);
            if (!fixed[j] && (next < params[j].low || next > params[j].high) &&
                (x[j] <= params[j].low || x[j] >= params[j].high)) {
                fixed[j] = true;
                more = true;
            }
        }
        if (!more) break;
    }
    for (std::size_t j = 0; j < P; ++j)
        if (fixed[j]) du[j] = 0;
    return du;
}

// Most of the way onto the consistent set without a run: on the linear model.
void Projection::linear_move(Point& x, const std::vector<std::vector<double>>& jac,
                             int frozen) const {
    const std::size_t O = obs.size(), P = params.size();
    for (int it = 0; it < 60; ++it) {
        std::vector<double> r(O);
        for (std::size_t o = 0; o < O; ++o) {
            double f = base_figures[o];
            for (std::size_t j = 0; j < P; ++j) f += slope[o][j] * (x[j] - base[j]);
            r[o] = std::isnan(f) ? 0 : excess((f - obs[o]->target()) / width(o));
        }
        if (std::all_of(r.begin(), r.end(), [](double v) { return v == 0; })) return;
        const std::vector<double> du = step(x, jac, r, frozen, 1e-9);
        if (du.empty()) return;
        bool changed = false;
        for (std::size_t j = 0; j < P; ++j) {
            if (du[j] == 0) continue;
            const double next = params[j].clamp(x[j] + du[j] * span(j));
            changed = changed || next != x[j];
            x[j] = next;
        }
        if (!changed) return;
    }
}

struct Projection::State {
    std::vector<Point>& points;
    const std::vector<int>& frozen;
    Figures& figures;
    const std::string& what;
    std::vector<std::vector<double>> at, jac;
    std::vector<Point> last_run, before;
    std::vector<std::vector<double>> r_before;
    std::vector<double> damping; // Levenberg-Marquardt, per point
};

// Runs each point's observations that its moved values move (all, the first
// time); the others keep their figures.
void Projection::evaluate(State& s, const std::vector<std::size_t>& which) const {
    std::vector<std::pair<std::size_t, std::size_t>> asked;
    for (std::size_t i : which)
        for (std::size_t o = 0; o < obs.size(); ++o) {
            bool affected = s.last_run[i].empty();
            for (std::size_t j : moves[o])
                affected = affected || s.last_run[i][j] != s.points[i][j];
            if (!affected) continue;
            s.figures.add(*obs[o], s.points[i], s.what);
            asked.push_back({i, o});
        }
    const std::vector<double> got = s.figures.run();
    for (std::size_t k = 0; k < asked.size(); ++k) s.at[asked[k].first][asked[k].second] = got[k];
    for (std::size_t i : which) s.last_run[i] = s.points[i];
}

// A step for every point that does not yet reproduce everything; the moved ones.
std::vector<std::size_t> Projection::take_steps(State& s) const {
    std::vector<std::size_t> moved;
    for (std::size_t i = 0; i < s.points.size(); ++i) {
        const std::vector<double> r = residual(s.at[i]);
        if (close(r) || all_accepted(s.at[i]) ||
            std::any_of(r.begin(), r.end(), [](double v) { return std::isnan(v); }))
            continue;
        std::vector<double> aim(r.size());
        for (std::size_t o = 0; o < r.size(); ++o) aim[o] = excess(r[o]);
        const std::vector<double> du = step(s.points[i], s.jac, aim, s.frozen[i], s.damping[i]);
        if (du.empty()) continue;
        s.before[i] = s.points[i];
        s.r_before[i] = r;
        bool changed = false;
        for (std::size_t j = 0; j < params.size(); ++j) {
            if (du[j] == 0) continue;
            const double next = params[j].clamp(s.points[i][j] + du[j] * span(j));
            changed = changed || next != s.points[i][j];
            s.points[i][j] = next;
        }
        if (changed) moved.push_back(i);
    }
    return moved;
}

// A step that made things worse is taken back and the next one damped more
// (shorter, nearer the steepest descent); one that helped, less.
void Projection::judge_steps(State& s, const std::vector<std::size_t>& moved) const {
    for (std::size_t i : moved) {
        const std::vector<double> r = residual(s.at[i]);
        double before_norm = 0, after_norm = 0;
        for (std::size_t o = 0; o < obs.size(); ++o) {
            const double was = excess(s.r_before[i][o]), now = excess(r[o]);
            before_norm += was * was;
            after_norm += std::isnan(now) ? INFINITY : now * now;
        }
        if (after_norm < before_norm) {
            s.damping[i] = std::max(1e-6, s.damping[i] / 3);
            continue;
        }
        s.points[i] = s.before[i];
        s.last_run[i] = s.before[i];
        for (std::size_t o = 0; o < obs.size(); ++o)
            s.at[i][o] = obs[o]->target() + s.r_before[i][o] * width(o);
        s.damping[i] *= 10;
    }
}

std::vector<std::vector<double>> Projection::run(std::vector<Point>& points,
                                                 const std::vector<int>& frozen, Figures& figures,
                                                 const std::string& what) const {
    const std::size_t n = points.size();
    State s{points,
            frozen,
            figures,
            what,
            std::vector<std::vector<double>>(n, std::vector<double>(obs.size(), NAN)),
            jacobian(),
            std::vector<Point>(n),
            std::vector<Point>(n),
            std::vector<std::vector<double>>(n),
            std::vector<double>(n, 1e-3)};
    // As given first: a point that already reproduces every observation is
    // not moved (the least move onto the set is none); the others take the
    // linear model's move, then real steps.
    std::vector<std::size_t> all(n), off;
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    evaluate(s, all);
    for (std::size_t i = 0; i < n; ++i)
        if (!all_accepted(s.at[i])) {
            linear_move(points[i], s.jac, frozen[i]);
            off.push_back(i);
        }
    evaluate(s, off);
    for (int it = 0; it < kIterations; ++it) {
        const std::vector<std::size_t> moved = take_steps(s);
        if (moved.empty()) break;
        evaluate(s, moved);
        judge_steps(s, moved);
        std::size_t held = 0;
        for (std::size_t i = 0; i < n; ++i) held += all_accepted(s.at[i]);
        std::cout << "  " << what << " step " << it + 1 << ": " << moved.size()
                  << " point(s) moved, " << held << " of " << n
                  << " reproduce every fitted observation\n"
                  << std::flush;
    }
    return s.at;
}

bool consistent(const std::vector<const Observation*>& obs, const std::vector<double>& figures) {
    for (std::size_t o = 0; o < obs.size(); ++o)
        if (std::isnan(figures[o]) || !obs[o]->accepts(figures[o])) return false;
    return true;
}

std::string shown_ns(double ns) {
    if (std::isnan(ns)) return "none";
    return format_time(static_cast<std::uint64_t>(std::llround(std::max(0.0, ns) * 1000.0)));
}

FitValues values_of(const std::vector<Param>& params, const Point& p) {
    FitValues v;
    for (std::size_t j = 0; j < params.size(); ++j) v[params[j].path] = fit_number(p[j]);
    return v;
}

Point as_written(const std::vector<Param>& params, const Point& p) {
    Point out(p.size());
    for (std::size_t j = 0; j < p.size(); ++j)
        out[j] = params[j].clamp(std::strtod(fit_number(p[j]).c_str(), nullptr));
    return out;
}

} // namespace syncsim::fit
