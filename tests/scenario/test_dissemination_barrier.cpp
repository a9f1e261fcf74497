// The third soft-barrier algorithm, syncsim's own dissemination barrier in
// GM (syncsim/barriers/dissemination.hpp), run by the gm_barrier_rounds
// kernel: it holds for any N, its cost grows with ceil(log2 N) stages, and
// its misuses hang or race through the model's mechanisms.
#include "syncsim/barriers/dissemination.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

namespace {

constexpr const char* kConfig = "configs/barriers/dissemination_aiv_48.yaml";

// The result of the config run by the binary with `sets`.
nlohmann::json run_with(const std::vector<std::string>& sets) {
    const std::string json = (test::temp_dir() / "r.json").string();
    std::string args = std::string("run ") + kConfig + " --json " + json;
    for (const std::string& s : sets) args += " --set '" + s + "'";
    const auto r = test::run_syncsim(args);
    INFO(r.output);
    REQUIRE(r.exit_code <= 1);
    return nlohmann::json::parse(test::read_text(json));
}

// out[i] == 0 for each of n participants: none saw an early release.
std::string every_out_word_zero(int n) {
    return "expect.memory=[{buffer: out, stride: 16, count: " + std::to_string(n) + ", equals: 0}]";
}

} // namespace

TEST_CASE("dissemination barrier: ceil(log2 N) stages and a flag per stage and participant",
          "[dissemination]") {
    using B = lib::DisseminationBarrier;
    CHECK(B::stages(1) == 0);
    CHECK(B::stages(2) == 1);
    CHECK(B::stages(3) == 2);
    CHECK(B::stages(48) == 6);
    CHECK(B::stages(64) == 6);
    CHECK(B::stages(65) == 7);
    CHECK(B::workspace_bytes(48) == 6 * 48 * 64);
}

TEST_CASE("dissemination barrier: 48 AIV pass 8 episodes, no one leaves before the last "
          "arrives, and the race detector finds every access ordered",
          "[dissemination]") {
    const RunReport r = test::run_config(kConfig);
    CHECK(r.outcome == "completed");
    CHECK(r.result["expectation"]["met"] == true);
    CHECK(r.result["round_stats"]["complete"] == 8);
    CHECK(r.result["round_stats"]["released_early"] == 0);
    CHECK(r.result["races"]["count"] == 0);
}

TEST_CASE("dissemination barrier: any N holds, whichever participant comes late",
          "[dissemination]") {
    for (const int n : {2, 3, 5, 17, 33}) {
        for (const int late : {0, n / 2, n - 1}) {
            INFO("N = " << n << ", late participant " << late);
            const nlohmann::json r =
                run_with({"workload.launch.block_dim=" + std::to_string(n),
                          "workload.params.late_participant=" + std::to_string(late),
                          every_out_word_zero(n)});
            CHECK(r["outcome"]["kind"] == "completed");
            CHECK(r["expectation"]["met"] == true); // out[i] == 0: no early release seen
            CHECK(r["round_stats"]["released_early"] == 0);
            CHECK(r["races"]["count"] == 0);
        }
    }
}

TEST_CASE("dissemination barrier: an episode's latency grows with its stages, not its "
          "participants",
          "[dissemination]") {
    const auto median_ps = [](int n) {
        const nlohmann::json r =
            run_with({"workload.launch.block_dim=" + std::to_string(n),
                      "workload.params.late_participant=-1", every_out_word_zero(n)});
        return r["round_stats"]["latency_ps"]["median"].get<double>();
    };
    // 2 stages against 5 (4 against 32 participants, 8 times as many).
    const double ratio = median_ps(32) / median_ps(4);
    CHECK(ratio > 1.5);
    CHECK(ratio < 4.0);
}

TEST_CASE("dissemination barrier: N beyond the launch's blocks never completes, and each "
          "core's wait names N",
          "[dissemination]") {
    const nlohmann::json r = run_with({"workload.params.participants=49", "limits.sim_time=30us"});
    CHECK(r["outcome"]["kind"] != "completed");
    CHECK(r["round_stats"]["complete"] == 0);
    CHECK(r["stuck"].size() == 48);
    CHECK_THAT(r.dump(), Contains("N = 49, participant 0 in stage 0 of 6, episode 1, waiting "
                                  "for participant 48's signal"));
}

TEST_CASE("dissemination barrier: a waiter that polls its flag with a cached load alone never "
          "sees the signal, and dcci before each load does",
          "[dissemination]") {
    const nlohmann::json cached =
        run_with({"workload.params.flag_load=cached", "limits.sim_time=30us"});
    CHECK(cached["outcome"]["kind"] != "completed");
    CHECK(cached["round_stats"]["complete"] == 0);
    const nlohmann::json dcci = run_with({"workload.params.flag_load=cached_dcci"});
    CHECK(dcci["outcome"]["kind"] == "completed");
    CHECK(dcci["round_stats"]["complete"] == 8);
}

TEST_CASE("dissemination barrier: participants that compute N below the launch's blocks "
          "write flags that are not theirs, and the race detector says so",
          "[dissemination]") {
    const nlohmann::json r = run_with({"workload.params.participants=40"});
    CHECK(r["races"]["count"].get<int>() > 0);
}
