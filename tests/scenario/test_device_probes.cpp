// The device probes (workloads/probes/) repeat public on-device measurements
// through the modelled path and report what the source reports, quantised
// by the device's own counter; and the mechanisms they rest on: the AICPU's
// loads that wait for its stores, its coherent GM loads, the scalar unit's
// way to GM, blocks dispatched several at a time, co-running traffic.
#include "driver/study/sweep/sweep_point.hpp"
#include "tests/support/result_json.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

double measured(const RunReport& r, const std::string& name) {
    return r.result["measurements"][name]["value"].get<double>();
}

} // namespace

TEST_CASE("probes: the AICPU's register path as simpler measured it", "[probes]") {
    const RunReport ldr = test::run_config("configs/calibration/simpler_cond_ldr.yaml");
    CHECK(ldr.expectation_met);
    CHECK(measured(ldr, "ldr_ns") == Approx(100)); // mmio_read_ns
    // The result says what it measured, and a sweep can take it as a metric.
    CHECK(ldr.result["measurements"]["ldr_ns"]["unit"] == "ns");
    CHECK(sweep::is_run_metric("measure_ldr_ns"));
    CHECK_FALSE(sweep::is_run_metric("measure_"));
    CHECK_FALSE(sweep::is_run_metric("measure_Ldr"));
}

TEST_CASE("probes: an STR then an LDR waits for the store to land, quantised to 20 ns ticks",
          "[probes]") {
    const RunReport r = test::run_config("configs/calibration/simpler_str_ldr.yaml");
    CHECK(r.expectation_met);
    // 5 ns to post, 140 ns to land, then the 100 ns LDR: 245 ns, read off
    // the 50 MHz counter as 12 or 13 ticks.
    const double mean = measured(r, "round_trip_mean_ns");
    CHECK(mean >= 240);
    CHECK(mean <= 260);
    CHECK(std::fmod(measured(r, "round_trip_min_ns"), 20.0) == Approx(0).margin(1e-9));
}

TEST_CASE("probes: a GM notice reaches the AICPU when the write-back lands, and its miss after",
          "[probes]") {
    const auto notice = [](const std::string& sets, const std::string& name) {
        const nlohmann::json r =
            test::run_json("configs/calibration/simpler_notify_gm.yaml " + sets, name);
        return std::make_pair(r["measurements"]["notice_min_ns"]["value"].get<double>(),
                              r["platform"]["params"]["aicpu.gm_miss_ns"]["value"]);
    };
    const auto [base, miss] = notice("", "base");
    const double more = std::stod(miss.get<std::string>()) + 100;
    const auto [slow, unused] =
        notice("--set platform.aicpu.gm_miss_ns=" + std::to_string(more), "slow");
    (void)unused;
    // The AICPU's miss after the landing is on the notice's path, whole (to
    // the counter's 20 ns tick; a miss longer than the producer's period
    // would skip notices and read a later one).
    CHECK(slow - base == Approx(100).margin(20));
}
