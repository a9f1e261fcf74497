// Ascend C's SyncAll (syncsim/ascendc/sync_all.hpp, issue 24 item 2): the
// soft form's slot sums on both archs, the 950's first-round race, the
// documented misuses, and fast-forwarded polls against spinning ones.
#include "tests/support/mode_compare.hpp"
#include "tests/support/result_json.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;
using test::run_json;

namespace {

int released_early(const json& result) {
    int most = 0;
    for (const json& row : result["rounds"])
        most = std::max(most, row["released_early"].get<int>());
    return most;
}

} // namespace

TEST_CASE("Ascend C SyncAll: soft and hard exchanges pass on 910B1 and 950PR", "[ascendc]") {
    for (const char* config :
         {"configs/ascendc/soft_aiv.yaml", "configs/ascendc/hard_aiv.yaml",
          "configs/ascendc/soft_aiv_950.yaml", "configs/ascendc/hard_aiv_config_950.yaml"}) {
        INFO(config);
        const json r = run_json(config, "exchange");
        CHECK(r["expectation"]["met"] == true);
        CHECK(r["outcome"]["kind"] == "completed");
        CHECK(r["rounds"].size() == 4); // two rounds of two SyncAll calls
        CHECK(released_early(r) == 0);
    }
}

// ClcSyncCount on dav-c310 reads slot 0 as 1 in the first round: a late
// block 0 is counted before it arrives. dav-c220 rewrites the core's own
// slot instead, and waits for it.
TEST_CASE("Ascend C soft SyncAll: a late block 0 is counted early on dav-c310 only", "[ascendc]") {
    const std::string late = " --set workload.params.block_dim=24 --set "
                             "workload.params.late_participant=0 --set limits.sim_time=1ms";
    const json a2 = run_json("configs/ascendc/soft_aiv.yaml" + late, "late_a2");
    CHECK(a2["outcome"]["kind"] == "completed");
    CHECK(released_early(a2) == 0);
    const json a5 = run_json("configs/ascendc/soft_aiv_950.yaml" + late, "late_a5");
    CHECK(a5["outcome"]["kind"] == "time_limit");
    REQUIRE(a5["rounds"].size() == 2);
    CHECK(a5["rounds"][0]["released_early"] == 23);
    // Block 0 is the one still in round 1, waiting for exactly N.
    bool block0_waits_for_exactly_n = false;
    for (const json& c : a5["stuck"])
        if (c["block"] == 0)
            block0_waits_for_exactly_n =
                c["waiting_on"].get<std::string>().find("until the sum == 24") != std::string::npos;
    CHECK(block0_waits_for_exactly_n);
    // With block 0 on time (the default), the same launch passes.
    const json on_time = run_json("configs/ascendc/soft_aiv_950.yaml --set "
                                  "workload.params.block_dim=24",
                                  "on_time_a5");
    CHECK(on_time["outcome"]["kind"] == "completed");
}

TEST_CASE("Ascend C SyncAll: the documented hangs end at the watchdog", "[ascendc][watchdog]") {
    for (const char* config : {"configs/ascendc/hang_oversubscribed_soft.yaml",
                               "configs/ascendc/hang_oversubscribed_hard.yaml",
                               "configs/ascendc/hang_hard_vector_qualifier.yaml",
                               "configs/ascendc/race_first_round_950.yaml"}) {
        INFO(config);
        const json r = run_json(config, "hang");
        CHECK(r["expectation"]["met"] == true);
        // 254 credits of 4,294,967.296 us from the launch's start (~1 us in).
        const auto end = r["time"]["end_ps"].get<std::uint64_t>();
        CHECK(end > 1090921693184000ull);
        CHECK(end < 1090921693184000ull + 10000000ull);
        // The soft polls sleep: a thousand simulated seconds cost few events.
        CHECK(r["events"]["process_resumptions"].get<std::uint64_t>() < 10000);
    }
}

TEST_CASE("Ascend C SyncAll: a SyncAllConfig only compiles for dav-c310", "[ascendc]") {
    const json r = run_json("configs/ascendc/hard_aiv.yaml --set "
                            "workload.params.sync_all_config=mte3_all",
                            "config_on_a2");
    CHECK(r["outcome"]["kind"] == "fault");
    CHECK_THAT(r["outcome"]["reason"].get<std::string>(),
               Contains("a SyncAllConfig only compiles for dav-c310"));
}

// Slept first-round iterations skip the rewrite of the core's own slot (it
// stores what the slot holds), so the write does not hold the slots' range
// while the loop sleeps: other cores' requests there may be served a little
// earlier than when spinning. The outcome, who took part in which round and
// the checks may not differ; the end time only by that range time.
TEST_CASE("Ascend C soft SyncAll: spinning and fast-forwarded polls agree", "[ascendc][modes]") {
    const std::string late = " --set workload.params.late_cycles=100000 --set "
                             "workload.params.rounds=1 --set workload.params.late_participant=";
    for (const std::string& config :
         {std::string("configs/ascendc/soft_aiv.yaml"),
          std::string("configs/ascendc/soft_aiv_950.yaml"),
          "configs/ascendc/soft_aiv.yaml --set workload.params.block_dim=36" + late + "20",
          "configs/ascendc/soft_aiv_950.yaml" + late + "40"}) {
        INFO(config);
        const json spin = test::result_in_mode(config, "spin");
        const json fast = test::result_in_mode(config, "fast_forward");
        REQUIRE_FALSE(spin.contains("error"));
        CHECK(spin["outcome"] == fast["outcome"]);
        CHECK(spin["checks"] == fast["checks"]);
        REQUIRE(spin["rounds"].size() == fast["rounds"].size());
        for (std::size_t i = 0; i < spin["rounds"].size(); ++i) {
            CHECK(spin["rounds"][i]["cores"] == fast["rounds"][i]["cores"]);
            CHECK(spin["rounds"][i]["released_early"] == fast["rounds"][i]["released_early"]);
        }
        const double end_spin = spin["time"]["end_ps"].get<double>();
        const double end_fast = fast["time"]["end_ps"].get<double>();
        CHECK(std::abs(end_fast - end_spin) / end_spin < 0.001);
    }
}

// ClcSyncCount counts 1 for itself and adds every other slot below N: a
// launched core whose index is N or more (usedCores below the launch) adds
// all N. dav-c220 then passes as soon as N - 1 have arrived; dav-c310, whose
// first slot reads 1 as well, sees at least one more than N from then on and
// waits for exactly N for ever.
TEST_CASE("Ascend C soft SyncAll: usedCores below the launch, as the vendor code counts",
          "[ascendc]") {
    const std::string four = " --set workload.params.block_dim=8 --set "
                             "workload.params.used_cores=4 --set limits.sim_time=1ms";
    const json a2 = run_json("configs/ascendc/soft_aiv.yaml" + four, "used_a2");
    CHECK(a2["outcome"]["kind"] == "completed");
    const json a5 = run_json("configs/ascendc/soft_aiv_950.yaml" + four, "used_a5");
    CHECK(a5["outcome"]["kind"] == "time_limit");
    int waiting = 0;
    for (const json& c : a5["stuck"]) {
        CHECK(c["block"].get<int>() >= 4);
        // 5 at first, more once the four go on to later rounds: never 4.
        CHECK_THAT(c["waiting_on"].get<std::string>(), Contains("until the sum == 4: last sum "));
        CHECK_THAT(c["waiting_on"].get<std::string>(), !Contains("last sum 4 "));
        ++waiting;
    }
    CHECK(waiting == 4);
}

// __NPU_ARCH__ is the build's: a platform file's FFTS options do not turn
// dav-c310 code into dav-c220's.
TEST_CASE("Ascend C SyncAll: the arch's code follows the build, not the platform's features",
          "[ascendc]") {
    const json r = run_json("configs/ascendc/hard_aiv_config_950.yaml --set "
                            "platform.ffts.intra_block=false --set platform.ffts.modes=0,1,2",
                            "arch_by_build");
    CHECK(r["outcome"]["kind"] == "completed");
}
