// What a set of points that all reproduce the observations says about each
// parameter, as plain policy (no simulation: driver/study/calibration/calibration_fit.cpp
// makes the points). A parameter is
//   pinned       when its consistent values span at most kPinnedSpan of its
//                plausible range: the observations fix it;
//   combination  when they span more, but it follows the other parameters
//                it shares an observation with (a linear fit over the
//                consistent points explains at least kCombinationR2 of its
//                spread): the observations fix only a sum such as
//                "1 x A + 32 x B ~ 2310";
//   free         otherwise: no observation constrains it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace syncsim::identifiability {

constexpr double kPinnedSpan = 0.3;
constexpr double kCombinationR2 = 0.8;

struct Span {
    std::string name, unit;
    double low = 0, high = 0; // the plausible range
};

struct Verdict {
    std::string status;       // pinned, combination, free
    double low = 0, high = 0; // over the consistent points
    double r2 = 0;            // of the combination's linear fit
    std::string combination;  // "1 x A + 31.9 x B ~ 2257 (cycles)"
};

// Per value, the values moved together with it in any of `moves` (each a
// list of value indices).
std::vector<std::vector<std::size_t>> companions(const std::vector<std::vector<std::size_t>>& moves,
                                                 std::size_t values);

// The consistent point in the outer quarter of value j's span on one side
// that lies nearest `from` in the other values (each over its range): where
// a value's end is reached while moving the others as little as the points
// allow.
std::vector<double> nearest_at_end(const std::vector<Span>& spans,
                                   const std::vector<std::vector<double>>& points,
                                   const std::vector<double>& from, std::size_t j, bool low);

// `points[i][j]`: parameter j of consistent point i. `companions[j]`: the
// parameters that share an observation with j. Needs at least 2 points for
// anything but "free".
std::vector<Verdict> classify(const std::vector<Span>& spans,
                              const std::vector<std::vector<double>>& points,
                              const std::vector<std::vector<std::size_t>>& companions);

// The consistent point nearest their median in the bound parameters'
// normalised coordinates (ties: the first): the point the platform keeps.
std::size_t central_point(const std::vector<Span>& spans,
                          const std::vector<std::vector<double>>& points,
                          const std::vector<bool>& bound);

// The smallest step dx (in the Euclidean norm) with J dx = -r, damped by
// `damping` (J^T (J J^T + damping I)^-1 (-r)): one Gauss-Newton move of a
// point onto the set where every residual is zero. `jacobian[o][j]`: the
// change of residual o per unit of j. Empty when the system is singular.
std::vector<double> min_norm_step(const std::vector<std::vector<double>>& jacobian,
                                  const std::vector<double>& residual, double damping);

// Least squares: the coefficients c (intercept first) with y ~ c0 + sum c_k x_k;
// R^2 in `r2`. Empty when the system is singular.
std::vector<double> linear_fit(const std::vector<std::vector<double>>& x,
                               const std::vector<double>& y, double& r2);

} // namespace syncsim::identifiability
