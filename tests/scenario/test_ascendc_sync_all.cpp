// Ascend C's SyncAll (syncsim/ascendc/sync_all.hpp, issue 24 item 2): the
// soft form's slot sums on both archs, the 950's first-round race, the
// documented misuses, and fast-forwarded polls against spinning ones.
#include "tests/support/mode_compare.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

json run_json(const std::string& args, const std::string& name) {
    const std::string out = (test::temp_dir() / (name + ".json")).string();
    const auto r = test::run_syncsim("run " + args + " --json " + out);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return json::parse(test::read_text(out));
}

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
// stores what the slot holds), so counts of writes may differ; what the
// cores see and when may not.
TEST_CASE("Ascend C soft SyncAll: spinning and fast-forwarded polls agree on timing",
          "[ascendc][modes]") {
    for (const char* config :
         {"configs/ascendc/soft_aiv.yaml", "configs/ascendc/soft_aiv_950.yaml"}) {
        INFO(config);
        const json spin = test::result_in_mode(config, "spin");
        const json fast = test::result_in_mode(config, "fast_forward");
        REQUIRE_FALSE(spin.contains("error"));
        CHECK(spin["outcome"] == fast["outcome"]);
        CHECK(spin["rounds"] == fast["rounds"]);
        CHECK(spin["checks"] == fast["checks"]);
    }
}
