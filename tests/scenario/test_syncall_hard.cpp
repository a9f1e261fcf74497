// The vendor's hard-SYNCALL system tests and the hangs real launches produce,
// end to end: outcome, data, rounds and the diagnosis of every stuck core.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

void check_passes(const std::string& config, int rounds, int cores_per_round) {
    const RunReport r = test::run_config(config);
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    REQUIRE(r.result["rounds"].size() == static_cast<std::size_t>(rounds));
    for (const json& row : r.result["rounds"]) {
        CHECK(row["cores"] == cores_per_round);
        CHECK(row["released"] == cores_per_round);
        CHECK(row["latency_ps"].get<std::uint64_t>() > 0);
    }
    CHECK(r.result["ffts"]["dropped_count"] == 0);
}

void check_all_stuck_on(const RunReport& r, const std::string& prefix, int count,
                        const std::string& wait, const std::string& why) {
    CHECK(r.outcome == "deadlock");
    REQUIRE(r.result["stuck"].size() == static_cast<std::size_t>(count));
    for (const json& core : r.result["stuck"]) {
        INFO(core.dump());
        CHECK_THAT(core["core"].get<std::string>(), Catch::StartsWith(prefix));
        CHECK(core["state"] == "waiting");
        CHECK_THAT(core["waiting_on"].get<std::string>(), Contains(wait) && Contains(why));
    }
}

} // namespace

TEST_CASE("A2-1: hard AIVOnly with the MIX_AIV_MAIN meta passes on 48 AIVs", "[syncall]") {
    check_passes("configs/a2/hard_aiv_all_blocks.yaml", 1, 48);
}

TEST_CASE("A2-4: hard Mix 1:1 register ELF passes on 20 AIC + 20 AIV", "[syncall]") {
    check_passes("configs/a2/hard_mix_1_1.yaml", 3, 40);
}

TEST_CASE("A2-5: hard Mix 1:2 auto-split passes on 24 AIC + 48 AIV", "[syncall]") {
    check_passes("configs/a2/hard_mix_1_2.yaml", 3, 72);
}

TEST_CASE("A2-8: hard AICOnly built as MIX passes on 20 AICs", "[syncall]") {
    check_passes("configs/a2/hard_aic_only_mix_build.yaml", 1, 20);
}

TEST_CASE("A5-5: hard AIVOnly passes on 18 AIVs", "[syncall]") {
    check_passes("configs/a5/hard_aiv_all_blocks.yaml", 1, 18);
}

TEST_CASE("A5-8: hard Mix 1:2 passes on 18 AIC + 36 AIV through intra-block flags", "[syncall]") {
    check_passes("configs/a5/hard_mix_1_2.yaml", 3, 54);
}

TEST_CASE("A5-9: hard AICOnly built dav-c310-cube passes", "[syncall]") {
    check_passes("configs/a5/hard_aic_only_cube_build.yaml", 1, 18);
}

TEST_CASE("hard AICOnly built dav-c220-cube on A2 hangs: no FFTS context", "[syncall]") {
    const RunReport r = test::run_config("configs/a2/hang_hard_aic_only_cube_build.yaml");
    check_all_stuck_on(r, "aic", 24, "wait_flag_dev(PIPE_S, 11)",
                       "owns no FFTS context (AIC_ONLY task)");
    CHECK(r.result["ffts"]["dropped_count"] == 24);
}

TEST_CASE("hard AIVOnly built by hand without kernel meta on A2 hangs", "[syncall]") {
    const RunReport r = test::run_config("configs/a2/hang_hard_aiv_no_meta.yaml");
    check_all_stuck_on(r, "aiv", 40, "wait_flag_dev(PIPE_S, 14)",
                       "owns no FFTS context (AIV_ONLY task)");
}

TEST_CASE("A2 hard AIVOnly with meta but no set_ffts_base_addr hangs", "[syncall]") {
    const RunReport r =
        test::run_config("configs/a2/hard_aiv_all_blocks.yaml",
                         {"workload.params.set_ffts_base=false", "expect.outcome=deadlock",
                          "expect.checks={}", "expect.memory=[]"});
    check_all_stuck_on(r, "aiv", 48, "wait_flag_dev(PIPE_S, 14)",
                       "never set the FFTS base address");
}

TEST_CASE("a core that skips one of three barriers leaves the others one arrival short",
          "[syncall]") {
    const RunReport r = test::run_config("configs/a5/hang_skipped_barrier.yaml");
    check_all_stuck_on(r, "aiv", 17, "wait_flag_dev(PIPE_S, 14)", "17 of 18 arrived");
    for (const json& core : r.result["stuck"]) {
        CHECK(core["core"] != "aiv5");
        CHECK(core["barrier_rounds"] == 3);
    }
}

TEST_CASE("an auto build drops the barriers: wrong data, no hang", "[syncall]") {
    const RunReport r = test::run_config("configs/a5/auto_build_wrong_data.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["ffts"]["messages"] == 0);
    CHECK(r.result["rounds"].empty());
}

TEST_CASE("hard barrier latency follows the FFTS message path, not a formula", "[syncall]") {
    const std::string dir = test::temp_dir().string();
    auto median_latency = [&](const std::string& sets) {
        const std::string out = dir + "/lat.json";
        REQUIRE(test::run_syncsim("run configs/a5/hard_aiv_rounds_sweep.yaml " + sets + " --json " +
                                  out)
                    .exit_code == 0);
        const json j = json::parse(test::read_text(out));
        std::vector<std::uint64_t> lat;
        for (const json& row : j["rounds"]) lat.push_back(row["latency_ps"]);
        std::sort(lat.begin(), lat.end());
        return static_cast<double>(lat[lat.size() / 2]);
    };
    const double n2 = median_latency("--set workload.params.block_dim=2");
    const double n18 = median_latency("--set workload.params.block_dim=18");
    const double n72 = median_latency("--set workload.params.block_dim=72");
    CHECK(n2 < n18);
    CHECK(n18 < n72);
    // Each extra core costs one hub delivery (4 cycles) and one arrival
    // stagger, with the die-to-die link free (the 18 blocks sit on both dies).
    const double cycle_ps = 1e6 / 1800.0;
    const double n72_one_hop = median_latency(
        "--set workload.params.block_dim=72 --set platform.interconnect.die_hop_cycles=0");
    const double n18_no_hop = median_latency(
        "--set workload.params.block_dim=18 --set platform.interconnect.die_hop_cycles=0");
    CHECK((n72_one_hop - n18_no_hop) / 54 / cycle_ps == Approx(8).margin(0.5));
    // Cores 36-71 sit on the second die, behind the die-to-die link from the
    // FFTS hub: released one hop late, they arrive at the next round one hop
    // late and one more hop away, and their release takes a hop again.
    CHECK((n72 - n72_one_hop) / cycle_ps == Approx(3 * 40).margin(0.5));
    // Doubling the per-delivery time adds 18 x 4 cycles at 18 cores.
    const double slow =
        median_latency("--set workload.params.block_dim=18 --set platform.ffts.deliver_cycles=8");
    CHECK((slow - n18) / cycle_ps > 18 * 4 - 2);
}

TEST_CASE("parallel FFTS aggregation: a hard barrier's latency does not grow with its cores",
          "[syncall]") {
    const std::string dir = test::temp_dir().string();
    auto median_latency = [&](const std::string& sets) {
        const std::string out = dir + "/agg.json";
        REQUIRE(test::run_syncsim("run configs/sweeps/barrier_rounds_base.yaml --set "
                                  "platform=910b1 " +
                                  sets + " --json " + out)
                    .exit_code == 0);
        return json::parse(test::read_text(out))["round_stats"]["latency_ps"]["median"]
            .get<double>();
    };
    const double cycle_ps = 1e6 / 1850.0;
    const std::string parallel = "--set platform.ffts.aggregation=parallel ";
    const double p8 = median_latency(parallel + "--set workload.params.block_dim=8");
    const double p48 = median_latency(parallel + "--set workload.params.block_dim=48");
    CHECK(p48 == p8);
    // Path there, one count, one broadcast, path back, on top of the cores' own steps.
    const double s8 = median_latency("--set workload.params.block_dim=8");
    const double s48 = median_latency("--set workload.params.block_dim=48");
    CHECK((s48 - s8) / 40 / cycle_ps == Approx(8).margin(0.5)); // serial: 4 + 4 per core
    CHECK(p8 < s8);
    // The parallel latencies follow their own parameters.
    const double slow = median_latency(parallel + "--set workload.params.block_dim=48 --set "
                                                  "platform.ffts.broadcast_cycles=104");
    CHECK((slow - p48) / cycle_ps == Approx(100).margin(0.5));
}

TEST_CASE("the A2/A3 hard cases pass on 910B1, 910B4 and 910C core counts", "[syncall]") {
    const std::string dir = test::temp_dir().string();
    for (const char* config :
         {"configs/a2/hard_aiv_all_blocks.yaml", "configs/a2/hard_mix_1_1.yaml",
          "configs/a2/hard_mix_1_2.yaml", "configs/a2/hard_aic_only_mix_build.yaml"})
        for (const char* platform : {"910b1", "910b4", "910c"}) {
            INFO(config << " on " << platform);
            const std::string out = dir + "/a2.json";
            // The memory expectation names one platform's participant count;
            // the host's own check covers every participant on any platform.
            const auto r =
                test::run_syncsim(std::string("run ") + config + " --set platform=" + platform +
                                  " --set expect.memory=[] --json " + out);
            CHECK(r.exit_code == 0);
            const json j = json::parse(test::read_text(out));
            CHECK(j["outcome"]["kind"] == "completed");
            const std::int64_t aic = platform == std::string("910b4") ? 20 : 24;
            const std::int64_t per_round = j["rounds"][0]["cores"];
            CHECK(per_round % aic == 0);
        }
}

TEST_CASE("A5 register-ELF Mix 1:1 fails on the host at rtGetC2cCtrlAddr, before any launch",
          "[syncall]") {
    const RunReport r = test::run_config("configs/a5/hard_mix_1_1_register_elf.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "rtGetC2cCtrlAddr returns the FFTS base")["detail"] ==
          "returned 207000");
    CHECK(r.result["streams"][0]["completed"] == 0); // nothing was launched
    CHECK(r.result["cores"].empty());
}

TEST_CASE("a vector build with the AIC_ONLY meta runs on cube cores and faults there",
          "[syncall]") {
    const RunReport r = test::run_config("configs/a2/wrong_meta_vec_on_cube.yaml");
    CHECK(r.outcome == "fault");
    CHECK(r.expectation_met);
    CHECK_THAT(r.result["outcome"]["reason"].get<std::string>(),
               Contains("(AIC_ONLY)") && Contains("aic0 block 0: scalar UB access from an AIC"));
    CHECK(test::check_named(r, "stream synchronises")["detail"] ==
          "aclrtSynchronizeStream returned 507015");
}

TEST_CASE("a 36-block launch on a two-die 950 places 18 blocks on each die",
          "[syncall][placement]") {
    // device-observations.md 5: dieFriendly, groupDim 2, groupBlockdim
    // ceil(36 / 2) = 18; blocks 0-17 on die 0, 18-35 on die 1 (a choice).
    for (const char* platform : {"950pr", "950dt"}) {
        INFO(platform);
        const std::string out = (test::temp_dir() / "placement.json").string();
        REQUIRE(test::run_syncsim(std::string("run configs/a5/hard_aiv_all_blocks.yaml --set "
                                              "platform=") +
                                  platform + " --set workload.params.block_dim=36 --json " + out)
                    .exit_code == 0);
        const json j = json::parse(test::read_text(out));
        int per_die[2] = {0, 0};
        for (const json& c : j["cores"]) {
            if (c["blocks_run"].get<int>() == 0) continue;
            const int die = c["die"];
            ++per_die[die];
            CHECK(c["block"].get<int>() / 18 == die);
        }
        CHECK(per_die[0] == 18);
        CHECK(per_die[1] == 18);
    }
    // Die-blind, the option: all 36 on die 0.
    const std::string out = (test::temp_dir() / "blind.json").string();
    REQUIRE(test::run_syncsim("run configs/a5/hard_aiv_all_blocks.yaml --set "
                              "workload.params.block_dim=36 --set "
                              "platform.scheduler.die_friendly=false --json " +
                              out)
                .exit_code == 0);
    // Named: a range-for over a member of a temporary dangles.
    const json blind = json::parse(test::read_text(out));
    for (const json& c : blind["cores"])
        if (c["blocks_run"].get<int>() > 0) CHECK(c["die"] == 0);
}
