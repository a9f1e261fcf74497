// What consistent points say about each parameter (driver/identifiability):
// a parameter they fix is pinned, one that moves with another along a line
// is pinned only in that combination, one they leave alone is free; and the
// Gauss-Newton step that moves a point onto the consistent set. Kernel-free.
#include "driver/study/calibration/identifiability.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace syncsim::identifiability;
using Catch::Contains;

TEST_CASE("identifiability: a least-squares line through exact points, and R^2 of 1",
          "[calibration][unit]") {
    double r2 = 0;
    const auto c = linear_fit({{1}, {2}, {3}, {4}}, {5, 7, 9, 11}, r2);
    REQUIRE(c.size() == 2);
    CHECK(c[0] == Approx(3));
    CHECK(c[1] == Approx(2));
    CHECK(r2 == Approx(1));
    CHECK(linear_fit({{1}, {1}, {1}}, {1, 2, 3}, r2).empty()); // x never moves: singular
}

TEST_CASE("identifiability: the least step onto a sum moves each value by its weight",
          "[calibration][unit]") {
    // One residual 1 x a + 32 x b - 10: the least-norm step to zero it
    // moves b 32 times as far as a.
    const auto dx = min_norm_step({{1, 32}}, {10}, 0);
    REQUIRE(dx.size() == 2);
    CHECK(dx[1] == Approx(32 * dx[0]));
    CHECK(dx[0] + 32 * dx[1] == Approx(-10));
    // Two residuals, two values: the exact solution.
    const auto exact = min_norm_step({{1, 0}, {0, 2}}, {3, 4}, 0);
    CHECK(exact[0] == Approx(-3));
    CHECK(exact[1] == Approx(-2));
}

TEST_CASE("identifiability: pinned, a combination and free told apart", "[calibration][unit]") {
    // a in [0, 4000], b in [1, 64], c in [1, 20], d in [0, 100]: every point
    // has a + 32 b = 2300, c about 10, d anywhere.
    const std::vector<Span> spans = {{"a", "cycles", 0, 4000},
                                     {"b", "cycles", 1, 64},
                                     {"c", "cycles", 1, 20},
                                     {"d", "", 0, 100}};
    std::vector<std::vector<double>> points;
    for (int i = 0; i < 12; ++i) {
        const double b = 5 + 4.5 * i;
        points.push_back({2300 - 32 * b, b, 9.5 + 0.1 * (i % 3), double((i * 37) % 100)});
    }
    const std::vector<std::vector<std::size_t>> companions = {{1}, {0}, {}, {0, 1}};
    const auto v = classify(spans, points, companions);
    REQUIRE(v.size() == 4);
    CHECK(v[0].status == "combination");
    CHECK_THAT(v[0].combination, Contains("1 x a + 32 x b ~ 2300 cycles"));
    CHECK(v[1].status == "combination");
    CHECK(v[2].status == "pinned");
    CHECK(v[2].low == Approx(9.5));
    CHECK(v[2].high == Approx(9.7));
    CHECK(v[3].status == "free");
    // One point says nothing.
    CHECK(classify(spans, {points.front()}, companions)[2].status == "free");
}

TEST_CASE("identifiability: the chosen point is the consistent one nearest their median",
          "[calibration][unit]") {
    const std::vector<Span> spans = {{"a", "", 0, 10}, {"b", "", 0, 10}};
    const std::vector<std::vector<double>> points = {{0, 9}, {5, 1}, {10, 5}, {4, 5}};
    // Medians: a 5 (sorted 0 4 5 10: the upper middle), b 5.
    CHECK(central_point(spans, points, {true, true}) == 3);
    // Only a bound: the point whose a is at the median.
    CHECK(central_point(spans, points, {true, false}) == 1);
}

TEST_CASE("identifiability: a value's end is reached at the consistent point nearest the others",
          "[calibration][unit]") {
    const std::vector<Span> spans = {{"a", "cycles", 0, 100}, {"b", "cycles", 0, 100}};
    // The extreme low a (0) sits far from b = 50; a = 10 is in the outer
    // quarter of a's span and keeps b where it was.
    const std::vector<std::vector<double>> points = {
        {0, 100}, {10, 50}, {60, 50}, {100, 0}, {95, 45}};
    CHECK(nearest_at_end(spans, points, {50, 50}, 0, true) == std::vector<double>{10, 50});
    CHECK(nearest_at_end(spans, points, {50, 50}, 0, false) == std::vector<double>{95, 45});
    // Alone at its end: the extreme point.
    CHECK(nearest_at_end(spans, {{0, 100}, {100, 0}}, {50, 50}, 0, true) ==
          std::vector<double>{0, 100});
}
