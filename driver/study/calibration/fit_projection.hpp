// The machinery of a calibration fit (driver/study/calibration/calibration_fit.cpp): the
// values it moves, the runs that give each observation's figure at a point,
// and how a point is moved onto the set that reproduces every fitted
// observation. Gauss-Newton steps of least norm (in each value's range, as
// a fraction of it) bring every figure to the middle of its observed
// interval (in units of its accepted band), with the Jacobian of the
// screening runs: the slope between each value's two ends, which a figure
// the device's 20 ns counter quantises still has where a local slope would
// be a step. A point is first moved on that linear model without a run,
// then on real runs; a value at an end of its range that a step would push
// past stays there; a step that makes things worse is taken back and the
// next damped more (Levenberg-Marquardt).
#pragma once

#include "driver/study/calibration/calibration.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "driver/study/sweep/mixed_runs.hpp"

#include <optional>
#include <string>
#include <vector>

namespace syncsim::fit {

// A platform value the fit may move: a number with a plausible range.
struct Param {
    std::string path, unit, value;
    double low = 0, high = 0, base = 0;
    bool whole = false;        // written as whole numbers: it takes whole values
    bool power_of_two = false; // a size whose ends and value are powers of two
    double clamp(double v) const;
    std::string text(double v) const; // as a --set value
};

bool is_whole(const std::string& t);
std::optional<double> number(const std::string& t);

using Point = std::vector<double>; // one value per Param

// A value moves an observation when its two ends move the figure by more
// than this share of the observation's accepted band, and by more than
// kTouchTicks of the device's counter for a figure timed with it (whose
// jitter is a tick: not an effect).
constexpr double kTouch = 0.25, kTouchTicks = 1.5;

// The runs of a fit: observation figures at points, in parallel batches.
class Figures {
  public:
    Figures(MixedRuns& runs, const std::vector<Param>& params) : m_runs(runs), m_params(params) {}
    // Queues `o` at `point`; returns its place in the next run().
    int add(const Observation& o, const Point& point, const std::string& name);
    // Runs what is queued; returns each figure (NaN: none), in order.
    std::vector<double> run();

  private:
    struct Pending {
        const Observation* o;
        int run, minus;
    };
    MixedRuns& m_runs;
    const std::vector<Param>& m_params;
    std::vector<Pending> m_pending;
};

// Seeded Latin-hypercube points over the params' ranges (mt19937_64 is
// specified, so the same seed gives the same points everywhere).
std::vector<Point> latin_hypercube(const std::vector<Param>& params, int n,
                                   unsigned long long seed);

struct Projection {
    const std::vector<const Observation*>& obs;
    const std::vector<Param>& params;
    std::vector<std::vector<double>> slope;      // [observation][param], per unit
    std::vector<std::vector<std::size_t>> moves; // [observation]: the params that move it
    // The screening's point and figures: the linear model (figure ~ base
    // figure + slope x (value - base)).
    Point base;
    std::vector<double> base_figures;
    static constexpr int kIterations = 24;

    double width(std::size_t o) const { return obs[o]->accept_high() - obs[o]->accept_low(); }
    double span(std::size_t j) const { return params[j].high - params[j].low; }
    std::vector<double> residual(const std::vector<double>& figures) const;
    bool all_accepted(const std::vector<double>& figures) const;
    // Close enough to stop: inside the band with a margin (a figure taken
    // with the device's counter moves in steps: the middle may be out of reach).
    static bool close(const std::vector<double>& r);
    // What a move aims to remove of residual r (in band widths from the
    // centre): the part beyond kAim, the inner 80% of the band `close`
    // asks for, so an observation already well inside its band moves
    // nothing (the least move onto the set, not the way to its centre).
    static double excess(double r);
    static constexpr double kAim = 0.4;

    // Moves each point (its value `frozen[i]` held, -1: none) and returns
    // every fitted observation's figure at the final points.
    std::vector<std::vector<double>> run(std::vector<Point>& points, const std::vector<int>& frozen,
                                         Figures& figures, const std::string& what) const;

  private:
    struct State;
    std::vector<std::vector<double>> jacobian() const; // normalised
    std::vector<double> step(const Point& x, const std::vector<std::vector<double>>& jac,
                             const std::vector<double>& r, int frozen, double damping) const;
    void linear_move(Point& x, const std::vector<std::vector<double>>& jac, int frozen) const;
    void evaluate(State& s, const std::vector<std::size_t>& which) const;
    std::vector<std::size_t> take_steps(State& s) const;
    void judge_steps(State& s, const std::vector<std::size_t>& moved) const;
};

bool consistent(const std::vector<const Observation*>& obs, const std::vector<double>& figures);
std::string shown_ns(double ns);
FitValues values_of(const std::vector<Param>& params, const Point& p);
// The values as a fit writes them (fit_number), read back: the point the
// platform files will carry.
Point as_written(const std::vector<Param>& params, const Point& p);

} // namespace syncsim::fit
