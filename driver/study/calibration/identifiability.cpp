#include "driver/study/calibration/identifiability.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace syncsim::identifiability {

namespace {

// Solves A x = b (A square) by Gaussian elimination with partial pivoting;
// empty when a pivot is below `tiny` (singular).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b,
                          double tiny = 1e-15) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
        if (std::fabs(a[pivot][c]) < tiny) return {};
        std::swap(a[c], a[pivot]);
        std::swap(b[c], b[pivot]);
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r][c] / a[c][c];
            for (std::size_t j = c; j < n; ++j) a[r][j] -= f * a[c][j];
            b[r] -= f * b[c];
        }
    }
    std::vector<double> x(n);
    for (std::size_t i = n; i-- > 0;) {
        double v = b[i];
        for (std::size_t j = i + 1; j < n; ++j) v -= a[i][j] * x[j];
        x[i] = v / a[i][i];
    }
    return x;
}

std::string number(double v) {
    std::ostringstream os;
    if (std::fabs(v) >= 100)
        os << std::llround(v);
    else
        os << std::setprecision(3) << v;
    return os.str();
}

double normalised(const Span& s, double v) {
    return s.high > s.low ? (v - s.low) / (s.high - s.low) : 0;
}

} // namespace

std::vector<double> linear_fit(const std::vector<std::vector<double>>& x,
                               const std::vector<double>& y, double& r2) {
    r2 = 0;
    const std::size_t n = y.size(), k = x.empty() ? 0 : x.front().size() + 1;
    if (n < k || k == 0) return {};
    // Normal equations (A^T A) c = A^T y, A = [1 x].
    std::vector<std::vector<double>> m(k, std::vector<double>(k, 0));
    std::vector<double> rhs(k, 0);
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<double> row(k, 1);
        for (std::size_t j = 1; j < k; ++j) row[j] = x[i][j - 1];
        for (std::size_t a = 0; a < k; ++a) {
            for (std::size_t b = 0; b < k; ++b) m[a][b] += row[a] * row[b];
            rhs[a] += row[a] * y[i];
        }
    }
    const std::vector<double> coef = solve(std::move(m), std::move(rhs), 1e-12);
    if (coef.empty()) return {};
    double mean = 0;
    for (double v : y) mean += v;
    mean /= double(n);
    double total = 0, residual = 0;
    for (std::size_t i = 0; i < n; ++i) {
        double fit = coef[0];
        for (std::size_t j = 1; j < k; ++j) fit += coef[j] * x[i][j - 1];
        total += (y[i] - mean) * (y[i] - mean);
        residual += (y[i] - fit) * (y[i] - fit);
    }
    r2 = total > 0 ? 1 - residual / total : 1;
    return coef;
}

std::vector<double> min_norm_step(const std::vector<std::vector<double>>& jacobian,
                                  const std::vector<double>& residual, double damping) {
    const std::size_t o = residual.size();
    if (o == 0 || jacobian.size() != o) return {};
    const std::size_t p = jacobian.front().size();
    std::vector<std::vector<double>> jjt(o, std::vector<double>(o, 0));
    for (std::size_t a = 0; a < o; ++a)
        for (std::size_t b = 0; b < o; ++b) {
            for (std::size_t j = 0; j < p; ++j) jjt[a][b] += jacobian[a][j] * jacobian[b][j];
            if (a == b) jjt[a][b] += damping;
        }
    std::vector<double> minus_r(o);
    for (std::size_t a = 0; a < o; ++a) minus_r[a] = -residual[a];
    const std::vector<double> y = solve(jjt, minus_r);
    if (y.empty()) return {};
    std::vector<double> dx(p, 0);
    for (std::size_t j = 0; j < p; ++j)
        for (std::size_t a = 0; a < o; ++a) dx[j] += jacobian[a][j] * y[a];
    return dx;
}

std::vector<Verdict> classify(const std::vector<Span>& spans,
                              const std::vector<std::vector<double>>& points,
                              const std::vector<std::vector<std::size_t>>& companions) {
    std::vector<Verdict> out(spans.size());
    for (std::size_t j = 0; j < spans.size(); ++j) {
        Verdict& v = out[j];
        v.low = v.high = points.empty() ? spans[j].low : points.front()[j];
        for (const auto& p : points) {
            v.low = std::min(v.low, p[j]);
            v.high = std::max(v.high, p[j]);
        }
        if (points.size() < 2) {
            v.status = "free";
            continue;
        }
        const double span = normalised(spans[j], v.high) - normalised(spans[j], v.low);
        if (span <= kPinnedSpan) {
            v.status = "pinned";
            continue;
        }
        v.status = "free";
        if (companions[j].empty()) continue;
        // Its companions that the points do not pin (a pinned one is a
        // constant here); with too few points for all of them, the one that
        // explains it best.
        std::vector<std::size_t> with;
        for (std::size_t c : companions[j]) {
            double lo = INFINITY, hi = -INFINITY;
            for (const auto& p : points) {
                lo = std::min(lo, normalised(spans[c], p[c]));
                hi = std::max(hi, normalised(spans[c], p[c]));
            }
            if (hi - lo > kPinnedSpan) with.push_back(c);
        }
        const auto fit_on = [&](const std::vector<std::size_t>& cs, double& r2) {
            std::vector<std::vector<double>> x;
            std::vector<double> y;
            for (const auto& p : points) {
                std::vector<double> row;
                for (std::size_t c : cs) row.push_back(p[c]);
                x.push_back(row);
                y.push_back(p[j]);
            }
            return linear_fit(x, y, r2);
        };
        std::vector<double> coef;
        if (!with.empty() && points.size() >= 3 * (with.size() + 1)) {
            coef = fit_on(with, v.r2);
        } else {
            std::vector<std::size_t> best;
            for (std::size_t c : with) {
                double r2 = 0;
                const auto k = fit_on({c}, r2);
                if (!k.empty() && r2 > v.r2) {
                    v.r2 = r2;
                    coef = k;
                    best = {c};
                }
            }
            with = best;
        }
        if (coef.empty() || v.r2 < kCombinationR2) continue;
        // y = c0 + sum c_k x_k  ->  1 x y + sum (-c_k) x_k ~ c0, in y's unit.
        v.status = "combination";
        std::string text = "1 x " + spans[j].name;
        for (std::size_t c = 0; c < with.size(); ++c) {
            if (std::fabs(coef[c + 1]) * (spans[with[c]].high - spans[with[c]].low) <
                0.05 * (spans[j].high - spans[j].low))
                continue; // a companion that barely matters
            const double k = -coef[c + 1];
            text += (k < 0 ? " - " : " + ") + number(std::fabs(k)) + " x " + spans[with[c]].name;
        }
        v.combination = text + " ~ " + number(coef[0]) +
                        (spans[j].unit.empty() ? "" : " " + spans[j].unit) + " (R^2 " +
                        number(v.r2) + ")";
    }
    return out;
}

std::size_t central_point(const std::vector<Span>& spans,
                          const std::vector<std::vector<double>>& points,
                          const std::vector<bool>& bound) {
    if (points.empty()) return 0;
    std::vector<double> median(spans.size());
    for (std::size_t j = 0; j < spans.size(); ++j) {
        std::vector<double> v;
        for (const auto& p : points) v.push_back(normalised(spans[j], p[j]));
        std::sort(v.begin(), v.end());
        median[j] = v[v.size() / 2];
    }
    std::size_t best = 0;
    double best_d = INFINITY;
    for (std::size_t i = 0; i < points.size(); ++i) {
        double d = 0;
        for (std::size_t j = 0; j < spans.size(); ++j)
            if (bound[j]) d += std::pow(normalised(spans[j], points[i][j]) - median[j], 2);
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

std::vector<std::vector<std::size_t>> companions(const std::vector<std::vector<std::size_t>>& moves,
                                                 std::size_t values) {
    std::vector<std::vector<std::size_t>> out(values);
    for (const auto& m : moves)
        for (std::size_t a : m)
            for (std::size_t b : m)
                if (a != b && std::find(out[a].begin(), out[a].end(), b) == out[a].end())
                    out[a].push_back(b);
    return out;
}

std::vector<double> nearest_at_end(const std::vector<Span>& spans,
                                   const std::vector<std::vector<double>>& points,
                                   const std::vector<double>& from, std::size_t j, bool low) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& p : points) {
        lo = std::min(lo, p[j]);
        hi = std::max(hi, p[j]);
    }
    const double edge = low ? lo + 0.25 * (hi - lo) : hi - 0.25 * (hi - lo);
    const std::vector<double>* best = nullptr;
    double best_distance = INFINITY;
    for (const auto& p : points) {
        if (low ? p[j] > edge : p[j] < edge) continue;
        double d = 0;
        for (std::size_t k = 0; k < spans.size(); ++k)
            if (k != j && spans[k].high > spans[k].low) {
                const double x = (p[k] - from[k]) / (spans[k].high - spans[k].low);
                d += x * x;
            }
        if (d < best_distance) {
            best_distance = d;
            best = &p;
        }
    }
    return *best; // the extreme point itself is in its outer quarter
}

} // namespace syncsim::identifiability
