// The calibration register (calibration/*.yaml): a reproduction outside the
// observed interval fails the check; bad records are refused with file,
// line and key; the register holds what the issue asks of it (observations
// from several sources, some held out); the platforms carry their fit, and
// "calibrated" only on the chip whose observations fitted it.
#include "config/param_tree.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/study/calibration/calibration.hpp"
#include "driver/study/calibration/calibration_fit_file.hpp"
#include "platforms/platform.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace syncsim;
using Catch::Contains;

namespace {

// A record of the COND-load probe with the observed interval given.
std::string record(const std::string& name, const std::string& low, const std::string& high,
                   const std::pair<std::string, std::string>& edit = {"", ""}) {
    std::string text = "observation: o\nsource: \"s\"\nchip: 910b1\nobserved: {low: " + low +
                       ", high: " + high +
                       ", statistic: mean}\nrole: fit\nreproduction:\n  config: CONFIG\n"
                       "  metric: measure_ldr_ns\n  tolerance: 1%\n";
    if (!edit.first.empty()) text.replace(text.find(edit.first), edit.first.size(), edit.second);
    const std::string mark = "CONFIG";
    if (text.find(mark) != std::string::npos)
        text.replace(text.find(mark), mark.size(),
                     test::repo_file("configs/calibration/simpler_cond_ldr.yaml"));
    return test::write_file(name, text);
}

} // namespace

TEST_CASE("calibration: a reproduction outside the observed interval fails the check",
          "[calibration]") {
    const auto holds =
        test::run_syncsim("calibration check " + record("ok.yaml", "95 ns", "105 ns"));
    CHECK(holds.exit_code == 0);
    CHECK_THAT(holds.output, Contains("ok: observed 95 ns .. 105 ns; reproduced 100.000 ns, "
                                      "accepted 94.050 ns .. 106.050 ns: holds"));
    // The device figure twice what the model gives.
    const auto off =
        test::run_syncsim("calibration check " + record("off.yaml", "190 ns", "210 ns"));
    CHECK(off.exit_code == 1);
    CHECK_THAT(off.output, Contains("off: observed 190 ns .. 210 ns; reproduced 100.000 ns") &&
                               Contains("DOES NOT HOLD"));
}

TEST_CASE("calibration: a bad record names file, line and key", "[calibration]") {
    auto r = test::run_syncsim("calibration check " +
                               record("tolerance.yaml", "95 ns", "105 ns", {"1%", "5"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("tolerance.yaml:9") && Contains("key 'reproduction.tolerance'") &&
                             Contains("expected a percentage"));
    r = test::run_syncsim("calibration check " + record("config.yaml", "95 ns", "105 ns",
                                                        {"CONFIG", "configs/none.yaml"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("key 'reproduction.config': no config file"));
    r = test::run_syncsim("calibration check " + record("metric.yaml", "95 ns", "105 ns",
                                                        {"measure_ldr_ns", "measure-ldr"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("metric.yaml:8") && Contains("key 'reproduction.metric'"));
    r = test::run_syncsim("calibration check " + record("order.yaml", "105 ns", "95 ns"));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("key 'observed.high'") && Contains("must not be below low"));
    r = test::run_syncsim("calibration check " +
                          record("role.yaml", "95 ns", "105 ns", {"role: fit", "role: fitted"}));
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("role.yaml:5") && Contains("key 'role'"));
    CHECK(test::run_syncsim("calibration").exit_code == 2);
    CHECK(test::run_syncsim("calibration fit").exit_code == 2);
    r = test::run_syncsim("calibration fit --platform 950pr");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("no fitted observation is on this chip"));
}

TEST_CASE("calibration: the register has observations from several sources, some held out",
          "[calibration]") {
    const auto records = read_observations(test::repo_file("calibration"));
    std::set<std::string> repositories;
    int held_out = 0;
    for (const Observation& o : records) {
        repositories.insert(o.source.substr(0, o.source.find_first_of(" @")));
        held_out += o.held_out;
    }
    CHECK(records.size() >= 8);
    CHECK(repositories.size() >= 3);
    CHECK(held_out >= 2);
    const auto listed = test::run_syncsim("describe calibration");
    CHECK(listed.exit_code == 0);
    CHECK_THAT(listed.output, Contains("pto_isa_197") && Contains("observed     1253 ms +- 1%") &&
                                  Contains("(held out)") && Contains("fit on 910b1"));
}

TEST_CASE("calibration: the platforms carry the 910b1 fit, calibrated on 910b1 alone",
          "[calibration]") {
    const FitRecord fit = read_fit(fit_file(test::repo_file("calibration"), "910b1"));
    std::ostringstream problems;
    CHECK(platform_follows_fit(fit, test::platforms_dir(), problems));
    INFO(problems.str());
    int bound = 0;
    for (const FitParameter& p : fit.parameters) bound += p.fitted();
    CHECK(bound > 0);
    for (const std::string& name : list_platforms(test::platforms_dir())) {
        if (!platform_kind_of(test::platforms_dir(), name).calibrates) continue;
        for (const ParamRow& row : param_rows(load_platform(test::platforms_dir(), name))) {
            INFO(name << " " << row.path);
            if (row.origin.source == "calibrated") CHECK(name == "910b1");
        }
    }
    // A value calibrated on another chip is refused where it is set.
    const std::filesystem::path dir = test::temp_dir() / "platforms-calibrated";
    std::filesystem::create_directories(dir);
    for (const auto& f : std::filesystem::directory_iterator(test::platforms_dir()))
        if (f.path().extension() == ".yaml")
            std::filesystem::copy_file(f.path(), dir / f.path().filename(),
                                       std::filesystem::copy_options::overwrite_existing);
    std::ofstream(dir / "x950.yaml")
        << "base: 950pr\ndescription: a 950PR claiming the 910B1's calibration\ndevice:\n"
           "  die:\n    cluster:\n      core:\n        dcci_clean_cycles: {value: 4, source: "
           "calibrated, fit: 910b1, ref: r, range: [1, 8], range_why: w}\n";
    const auto r = test::run_syncsim("--platforms " + dir.string() + " describe platform x950");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("x950.yaml:7") &&
                             Contains("calibrated by the 910b1 fit, but this is x950"));
}

TEST_CASE("calibration: the fit's refit points of the dcci/DMA pair reproduce #197",
          "[calibration]") {
    // Sensitivity studies and sweep bands move a bound value only to its
    // refit points: each must still give the device's figure (1253 ms, the
    // observation's tolerance 0.5% of it plus its 1%).
    const FitRecord fit = read_fit(fit_file(test::repo_file("calibration"), "910b1"));
    const std::string dma = "die.cluster.core.dma_gm_read_latency_cycles";
    const FitParameter* bound = fit.parameter(dma);
    REQUIRE(bound);
    CHECK(bound->status == "combination");
    CHECK_THAT(bound->combination, Contains("die.cluster.core.dcci_clean_cycles"));
    for (const std::string end : {"low", "high"}) {
        const FitRefit* refit = fit.refit(dma, end);
        REQUIRE(refit);
        // One SystemC simulation a process: each run is a syncsim of its own.
        std::string sets;
        for (const auto& [path, value] : refit->values)
            sets += " --set platform." + path + "=" + value;
        const auto r = test::run_syncsim(
            "run " + test::repo_file("configs/simpler/soft_waves_behind_own_blocks.yaml") + sets);
        INFO(end << ": " << dma << " = " << refit->values.at(dma) << "\n" << r.output);
        const std::string mark = "measured   syncall_task_ns ";
        const auto at = r.output.find(mark);
        REQUIRE(at != std::string::npos);
        const double ms = std::stod(r.output.substr(at + mark.size())) / 1e6;
        CHECK(ms == Approx(1253).epsilon(0.016));
    }
    // The two ends differ: the pair is not pinned alone.
    CHECK(fit.refit(dma, "low")->values.at(dma) != fit.refit(dma, "high")->values.at(dma));
}

TEST_CASE("calibration: a refit end at the chosen value moves nothing else", "[calibration]") {
    // The chosen point reproduces every fitted observation, so a refit that
    // starts there is already on the set: the projection leaves it (it once
    // moved every point towards the observations' centres first, so such an
    // end moved eight other values).
    const FitRecord fit = read_fit(fit_file(test::repo_file("calibration"), "910b1"));
    int at_value = 0;
    for (const FitRefit& r : fit.refits) {
        if (r.values.at(r.path) != fit.point.at(r.path)) continue;
        ++at_value;
        INFO(r.path << " " << r.end);
        CHECK(r.values == fit.point);
    }
    CHECK(at_value > 0);
}
