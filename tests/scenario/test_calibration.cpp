// The calibration register (calibration/*.yaml): a reproduction that leaves
// its tolerance, or a fitted value the platform no longer has, fails the
// check; every calibrated platform value has a record; bad records are
// refused with file, line and key.
#include "config/param_tree.hpp"
#include "driver/calibration.hpp"
#include "platforms/platform.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace syncsim;
using Catch::Contains;

namespace {

const std::string kRecord = R"(observation: the #197 loop
source: "device-observations.md 1"
observed: {value: OBSERVED, uncertainty: 1%}
reproduction:
  config: CONFIG
  metric: stream0_task_ns
  tolerance: 1%
fitted:
  - {platform: 910b1, path: die.cluster.core.dma_gm_latency_cycles, value: FITTED, why: w}
)";

// The record with its marks filled, and `edit` (from, to) made.
std::string record(const std::string& name, const std::string& observed, const std::string& fitted,
                   const std::pair<std::string, std::string>& edit = {"", ""}) {
    std::string text = kRecord;
    if (!edit.first.empty()) text.replace(text.find(edit.first), edit.first.size(), edit.second);
    const auto put = [&](const std::string& mark, const std::string& value) {
        text.replace(text.find(mark), mark.size(), value);
    };
    put("OBSERVED", observed);
    put("CONFIG", test::repo_file("configs/a2/soft_waves_busy_cores.yaml"));
    put("FITTED", fitted);
    return test::write_file(name, text);
}

} // namespace

TEST_CASE("calibration: a reproduction outside its tolerance, or a fitted value changed, fails",
          "[calibration]") {
    const auto holds =
        test::run_syncsim("calibration check " + record("ok.yaml", "1253 ms", "2050"));
    CHECK(holds.exit_code == 0);
    CHECK_THAT(holds.output, Contains("1249.200 ms (-0.30%), tolerance 1%: holds"));
    // The device figure 5% away from what the model gives.
    const auto off =
        test::run_syncsim("calibration check " + record("off.yaml", "1315 ms", "2050"));
    CHECK(off.exit_code == 1);
    CHECK_THAT(off.output, Contains("(-5.00%), tolerance 1%: DOES NOT HOLD"));
    // The platform's value is no longer the fitted one.
    const auto refit =
        test::run_syncsim("calibration check " + record("refit.yaml", "1253 ms", "2100"));
    CHECK(refit.exit_code == 1);
    CHECK_THAT(refit.output, Contains("die.cluster.core.dma_gm_latency_cycles is 2050") &&
                                 Contains("fitted 2100: re-fit"));
}

TEST_CASE("calibration: a bad record names file, line and key", "[calibration]") {
    const auto bad = [](const std::string& config, const std::string& tolerance) {
        return test::write_file(
            "bad.yaml", "observation: o\nsource: s\nobserved: {value: 1 ms, uncertainty: "
                        "1%}\nreproduction: {config: " +
                            config + ", metric: sim_time_ns, tolerance: " + tolerance + "}\n");
    };
    const std::string config = test::repo_file("configs/a2/soft_waves_busy_cores.yaml");
    auto r = test::run_syncsim("calibration check " + bad(config, "5"));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("bad.yaml:4") && Contains("key 'reproduction.tolerance'") &&
                             Contains("expected a percentage"));
    r = test::run_syncsim("calibration check " + bad(config, "5%"));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("key 'fitted'") && Contains("names the platform values"));
    r = test::run_syncsim("calibration check " + bad("configs/none.yaml", "5%"));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("key 'reproduction.config': no config file"));
    // A misspelt metric, and a fitted value on a platform that does not exist.
    r = test::run_syncsim("calibration check " + record("metric.yaml", "1253 ms", "2050",
                                                        {"stream0_task_ns", "stream0_task"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("metric.yaml:6") && Contains("key 'reproduction.metric'"));
    r = test::run_syncsim("calibration check " + record("platform.yaml", "1253 ms", "2050",
                                                        {"platform: 910b1", "platform: 910x"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("platform.yaml:9: fitted value: no platform '910x'"));
    CHECK(test::run_syncsim("calibration").exit_code == 2);
}

TEST_CASE("calibration: every calibrated platform value has a record, and the register lists it",
          "[calibration]") {
    std::set<std::string> recorded; // where the fitted values are set
    for (const CalibrationRecord& c : read_calibrations(test::repo_file("calibration")))
        for (const FittedValue& f : c.fitted)
            for (const ParamRow& row : param_rows(load_platform(test::platforms_dir(), f.platform)))
                if (row.path == f.path) recorded.insert(row.origin.set_at);
    REQUIRE_FALSE(recorded.empty());
    for (const std::string& name : list_platforms(test::platforms_dir())) {
        if (platform_kind(test::platforms_dir(), name) != "ascend") continue;
        for (const ParamRow& row : param_rows(load_platform(test::platforms_dir(), name)))
            if (row.origin.source == "calibrated") {
                INFO(name << " " << row.path << " set at " << row.origin.set_at);
                CHECK(recorded.count(row.origin.set_at) == 1);
            }
    }
    const auto listed = test::run_syncsim("describe calibration");
    CHECK(listed.exit_code == 0);
    CHECK_THAT(listed.output, Contains("pto_isa_197") && Contains("observed     1253 ms +- 1%") &&
                                  Contains("dma_gm_latency_cycles = 2050 (the platform has 2050, "
                                           "calibrated"));
}
