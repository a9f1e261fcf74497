// The round ledger and the value distribution behind the round statistics:
// rows close as soon as no core can still change them, memory stays with the
// rounds still open, and figures are exact until the distribution folds.
#include "models/report/round_ledger.hpp"
#include "models/report/value_distribution.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

struct Collect : RoundSink {
    std::vector<RoundRow> rows;
    void round_closed(const RoundRow& row) override { rows.push_back(row); }
};

} // namespace

TEST_CASE("round ledger: a row closes once every core is released and every block has reached it",
          "[report]") {
    RoundLedger ledger;
    Collect sink;
    ledger.add_sink(&sink);
    ledger.work_started(1, 2, 10);
    ledger.work_started(1, 2, 11);
    ledger.arrive(10, 100);
    ledger.arrive(11, 300);
    ledger.release(10, 400);
    CHECK(sink.rows.empty()); // core 11 not yet released
    ledger.release(11, 410);
    REQUIRE(sink.rows.size() == 1);
    const RoundRow& r = sink.rows[0];
    CHECK(r.round == 1);
    CHECK(r.count == 2);
    CHECK(r.latency() == 310);
    CHECK(r.release_skew() == 10);
    CHECK(r.early == 0);
    // Round 2: core 10 is released before core 11 arrives (a broken barrier).
    ledger.arrive(10, 500);
    ledger.release(10, 510);
    CHECK(sink.rows.size() == 1); // core 11 is still before round 2
    ledger.arrive(11, 600);
    ledger.release(11, 610);
    REQUIRE(sink.rows.size() == 2);
    CHECK(sink.rows[1].early == 1);
    CHECK(ledger.stats().released_early == 1);
    CHECK(ledger.stats().complete == 2);
}

TEST_CASE("round ledger: rows wait for blocks not yet started and for blocks that end unreleased",
          "[report]") {
    RoundLedger ledger;
    Collect sink;
    ledger.add_sink(&sink);
    ledger.work_started(7, 3, 0); // a launch of 3 blocks on 2 cores: a second wave
    ledger.work_started(7, 3, 1);
    ledger.arrive(0, 10);
    ledger.arrive(1, 20);
    ledger.release(0, 30);
    ledger.release(1, 30);
    ledger.work_finished(0);
    CHECK(sink.rows.empty()); // the third block may still arrive at round 1
    ledger.work_started(7, 3, 0);
    ledger.arrive(0, 100);
    ledger.work_finished(1);
    CHECK(sink.rows.empty());
    ledger.work_finished(0); // ended inside round 1: it will never be released
    REQUIRE(sink.rows.size() == 1);
    CHECK(sink.rows[0].count == 3);
    CHECK(sink.rows[0].released == 2);
    CHECK_FALSE(sink.rows[0].complete());
    CHECK(ledger.stats().complete == 0);
    ledger.finish();
    REQUIRE(ledger.listed().size() == 1);
    CHECK(ledger.left_out() == 0);
}

TEST_CASE("round ledger: holds only open rounds and lists rows up to its budget", "[report]") {
    RoundLedger ledger;
    const int cores = 4096;
    for (int c = 0; c < cores; ++c) ledger.work_started(1, cores, c);
    const std::uint32_t rounds = 40;
    for (std::uint32_t r = 0; r < rounds; ++r) {
        for (int c = 0; c < cores; ++c) ledger.arrive(c, r * 1000 + static_cast<std::uint64_t>(c));
        CHECK(ledger.open_horizon_ps() == r * 1000);
        for (int c = 0; c < cores; ++c) ledger.release(c, r * 1000 + 5000);
    }
    ledger.finish();
    CHECK(ledger.stats().rounds == rounds);
    CHECK(ledger.listed().size() == RoundLedger::kListedMarks / cores);
    CHECK(ledger.left_out() == rounds - RoundLedger::kListedMarks / cores);
    CHECK(ledger.stats().latency.min() == 5000);
    CHECK_FALSE(ledger.stats().latency.estimated());
}

TEST_CASE("value distribution: exact ranks until it folds, then within half a percent",
          "[report]") {
    ValueDistribution d;
    for (std::uint64_t v : {5u, 1u, 9u, 9u, 3u}) d.add(v);
    CHECK(d.min() == 1);
    CHECK(d.max() == 9);
    CHECK(d.median() == 5);       // sorted 1 3 5 9 9, rank 2
    CHECK(d.percentile(99) == 9); // ceil(4.95) = 5th
    CHECK(d.percentile(20) == 1); // ceil(1.0) = 1st
    CHECK_FALSE(d.estimated());

    ValueDistribution wide;
    const std::uint64_t n = 3 * ValueDistribution::kExactLimit;
    for (std::uint64_t i = 1; i <= n; ++i) wide.add(i * 1000);
    CHECK(wide.estimated());
    CHECK(wide.min() == 1000);
    CHECK(wide.max() == n * 1000);
    const double true_median = static_cast<double>(n / 2 + 1) * 1000;
    CHECK(std::abs(static_cast<double>(wide.median()) - true_median) <= 0.005 * true_median);
    const double true_p99 = std::ceil(0.99 * static_cast<double>(n)) * 1000;
    CHECK(std::abs(static_cast<double>(wide.percentile(99)) - true_p99) <= 0.005 * true_p99);
}
