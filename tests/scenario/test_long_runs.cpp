// Long runs: rounds are closed as the run goes, so the result lists the first
// rows and statistics over all, and --rounds streams every row to a file.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace syncsim;
using Catch::Contains;

namespace {

const std::string kBarrier = "run configs/sweeps/barrier_rounds_base.yaml --set platform=910b1 "
                             "--set workload.params.block_dim=48 ";

} // namespace

TEST_CASE("long runs: --rounds writes every row, the JSON lists the first and counts the rest",
          "[long_run]") {
    const std::string dir = test::temp_dir().string();
    const auto r = test::run_syncsim(kBarrier + "--set workload.params.rounds=400 --rounds " + dir +
                                     "/rounds.csv --json " + dir + "/r.json");
    REQUIRE(r.exit_code == 0);
    const auto rows = test::lines_of(test::read_text(dir + "/rounds.csv"));
    REQUIRE(rows.size() == 401);
    CHECK(rows[0].rfind("launch,round,cores,released,released_early,", 0) == 0);
    CHECK(rows[1].rfind("1,1,48,48,0,", 0) == 0);
    CHECK(rows[400].rfind("1,400,48,48,0,", 0) == 0);
    const auto j = nlohmann::json::parse(test::read_text(dir + "/r.json"));
    const auto& stats = j["round_stats"];
    CHECK(stats["rounds"] == 400);
    CHECK(stats["complete"] == 400);
    CHECK(stats["listed"] == 16384 / 48);
    CHECK(stats["left_out"] == 400 - 16384 / 48);
    CHECK(j["rounds"].size() == 16384 / 48);
    CHECK(stats["latency_ps"]["estimated"] == false);
    // Round 1 pays the launch's start-up; every later round is the steady latency.
    CHECK(stats["latency_ps"]["max"] == j["rounds"][0]["latency_ps"]);
    CHECK(stats["latency_ps"]["median"] == j["rounds"][1]["latency_ps"]);
    CHECK_THAT(r.output, Contains("rounds     400 barrier round(s), 400 complete; latency"));
    CHECK_THAT(r.output, Contains("... and 396 more rounds (--rounds FILE writes every one)"));
}

TEST_CASE("long runs: the --rounds rows are the JSON's rows, in CSV and in JSON lines",
          "[long_run]") {
    const std::string dir = test::temp_dir().string();
    const auto r = test::run_syncsim("run configs/a5/soft_aiv_rounds_sweep.yaml --rounds " + dir +
                                     "/rounds.jsonl --json " + dir + "/r.json");
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(test::read_text(dir + "/r.json"));
    const auto rows = test::lines_of(test::read_text(dir + "/rounds.jsonl"));
    REQUIRE(rows.size() == j["rounds"].size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto row = nlohmann::json::parse(rows[i]);
        const auto& full = j["rounds"][i];
        for (const char* key : {"launch", "round", "cores", "released", "released_early",
                                "first_arrival_ps", "last_release_ps", "latency_ps"})
            CHECK(row[key] == full[key]);
    }
    CHECK_THAT(r.output, Contains("(the JSON result has all)"));
}

TEST_CASE("big chips: 4096 vector cores meet at a hard barrier", "[long_run][slow]") {
    const auto r = test::run_syncsim(
        "run configs/sweeps/barrier_rounds_base.yaml --set platform=910b1 --set "
        "platform.die.cluster.count=2048 --set workload.params.block_dim=4096 --set "
        "workload.params.rounds=2");
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("2048 AIC + 4096 AIV"));
    CHECK_THAT(r.output, Contains("rounds     2 barrier round(s), 2 complete"));
    CHECK_THAT(r.output, Contains("8192 messages, 0 dropped"));
}

TEST_CASE("big chips: 65535 vector cores, more threads than guard pages fit in the memory map",
          "[long_run][slow]") {
    // Refused before elaboration (98,304 threads against (65530 - 4096) / 2
    // guarded stacks) until the threads past the map's budget went without
    // a guard page.
    const auto r =
        test::run_syncsim("run configs/sweeps/barrier_rounds_base.yaml --set platform=950pr --set "
                          "platform.die.count=8 --set platform.die.cluster.count=4096 --set "
                          "workload.params.block_dim=65535 --set workload.params.rounds=2");
    INFO(r.output);
    if (r.exit_code == 2 && r.output.find("half this machine's memory") != std::string::npos) {
        WARN("not run: this machine's memory does not hold the chip");
        return;
    }
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("32768 AIC + 65536 AIV"));
    CHECK_THAT(r.output, Contains("rounds     2 barrier round(s), 2 complete"));
    std::uint64_t map_count = 0;
    std::ifstream("/proc/sys/vm/max_map_count") >> map_count;
    if (map_count < 2 * 98304 + 4096) { // some threads past the guards' budget
        CHECK_THAT(r.output, Contains("SystemC threads have a guard page"));
        CHECK_THAT(r.output, Contains("the others' last page was checked: untouched"));
    }
}
