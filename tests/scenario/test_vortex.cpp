// The Vortex platform end to end: the vendor's barrier tests, the hang cases
// and the release latencies of the RTL and SimX readings.
#include "driver/run/result_parts.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

void passes(const std::string& config) {
    const RunReport r = test::run_config(config);
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["stuck"].empty());
}

double last_latency(const std::string& args, bool global) {
    const std::string out = (test::temp_dir() / "vx.json").string();
    const auto run = test::run_syncsim("run " + args + " --json " + out);
    REQUIRE(run.exit_code == 0);
    const json j = json::parse(test::read_text(out));
    double latency = -1;
    for (const json& r : j["releases"])
        if ((r["kind"] == "global") == global) latency = r["latency_cycles"];
    return latency;
}

} // namespace

TEST_CASE("vortex dogfood bar: dst[i] == i + 1 after a local barrier", "[vortex]") {
    passes("configs/vortex/dogfood_bar.yaml");
}
TEST_CASE("vortex dogfood gbar: dst[i] == i + 1 after a global barrier", "[vortex]") {
    passes("configs/vortex/dogfood_gbar.yaml");
}
TEST_CASE("vortex conform test_barrier with staggered arrivals", "[vortex]") {
    passes("configs/vortex/conform_barrier.yaml");
}
TEST_CASE("vortex RTL: a local barrier after a gbar on the same id releases (counter reset)",
          "[vortex]") {
    passes("configs/vortex/gbar_then_local.yaml");
}
TEST_CASE("vortex dotproduct-like groups over repeated generations", "[vortex]") {
    passes("configs/vortex/dotproduct.yaml");
}

TEST_CASE("vortex: without the barrier the increments race the copy", "[vortex]") {
    const RunReport r = test::run_config(
        "configs/vortex/dogfood_bar.yaml",
        {"workload.params.use_barrier=false", "expect.checks={\"dst[i] == i + 1\": fail}"});
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
}

TEST_CASE("vortex H1-H4 and H8: every active warp stalls and STALL_TIMEOUT fires", "[vortex]") {
    for (const char* config :
         {"configs/vortex/hang_h1_too_few_arrivals.yaml", "configs/vortex/hang_h2_warp_exits.yaml",
          "configs/vortex/hang_h3_idle_core.yaml", "configs/vortex/hang_h4_late_exit.yaml",
          "configs/vortex/hang_h8_gbar_storage.yaml"}) {
        INFO(config);
        const auto r = test::run_syncsim(std::string("run ") + config);
        CHECK(r.exit_code == 0);
        CHECK_THAT(r.output, Contains("outcome    watchdog: STALL_TIMEOUT on core") &&
                                 Contains("stalled for 100000 cycles"));
    }
}

TEST_CASE("vortex H3: the gbar unit holds three of four cores", "[vortex]") {
    const RunReport r = test::run_config("configs/vortex/hang_h3_idle_core.yaml");
    CHECK(r.outcome == "watchdog");
    REQUIRE(r.result["gbar"].size() == 1);
    CHECK_THAT(r.result["gbar"][0].get<std::string>(),
               Contains("gbar id 0: cores 0xd arrived (3)"));
}

TEST_CASE("vortex H4: a core whose last warp left after the others arrived never asks",
          "[vortex]") {
    const RunReport r = test::run_config("configs/vortex/hang_h4_late_exit.yaml");
    bool not_sent = false;
    for (const json& w : r.result["stuck"])
        not_sent = not_sent || w["waiting_on"].get<std::string>().find(
                                   "has not sent its request") != std::string::npos;
    CHECK(not_sent);
}

TEST_CASE("vortex H5: a spinning warp is a livelock the watchdog misses", "[vortex]") {
    const RunReport r = test::run_config("configs/vortex/hang_h5_livelock.yaml");
    CHECK(r.outcome == "livelock");
    CHECK(r.expectation_met);
}

TEST_CASE("vortex H6: aliased barrier ids release warps of different groups together", "[vortex]") {
    const RunReport r = test::run_config("configs/vortex/hang_h6_id_alias.yaml");
    CHECK(r.expectation_met);
}

TEST_CASE("vortex H7: a multi-cluster gbar aliases in RTL", "[vortex]") {
    // RTL: the count of 4 is truncated to one bit, so each cluster's gbar unit
    // releases its own two cores: two global releases, and cluster 0 (cores 0
    // and 1) leaves before cluster 1, 100 cycles late, has arrived.
    const RunReport rtl = test::run_config("configs/vortex/hang_h7_multicluster_rtl.yaml");
    CHECK(rtl.outcome == "completed");
    const json& releases = rtl.result["releases"];
    REQUIRE(releases.size() == 2);
    std::uint64_t cluster0_ready = 0, cluster1_arrival = 0;
    for (const json& r : releases) {
        CHECK(r["kind"] == "global");
        if (r["core"].get<int>() < 2) cluster0_ready = r["ready_ps"];
        if (r["core"].get<int>() >= 2) cluster1_arrival = r["last_arrival_ps"];
    }
    CHECK(cluster0_ready > 0);
    CHECK(cluster0_ready < cluster1_arrival);
    const json holds =
        test::check_named(rtl, "the global barrier holds every core until the last arrives");
    CHECK(holds["ok"] == false);
}

TEST_CASE("vortex H7: a multi-cluster gbar hangs in SimX", "[vortex]") {
    // Each cluster waits for 4 cores of its 2 and never releases.
    const RunReport simx = test::run_config("configs/vortex/hang_h7_multicluster_simx.yaml");
    CHECK(simx.outcome == "deadlock");
    CHECK(simx.result["releases"].empty());
    CHECK(simx.result["stuck"].size() == 16);
    const auto summary = test::run_syncsim("run configs/vortex/hang_h7_multicluster_simx.yaml");
    CHECK_THAT(summary.output, Contains("count 4") &&
                                   Contains("cluster 0 gbar id 0: cores 0x3 arrived (2)") &&
                                   Contains("cluster 1 gbar id 0: cores 0x3 arrived (2)"));
}

TEST_CASE("a completed vortex run ends after its last warp, whatever the limit", "[vortex]") {
    // dogfood_bar ends at 497 ns with limits.sim_time 1 ms; no detector may
    // stay armed after the last warp exits and carry the run to the limit.
    const RunReport r =
        test::run_config("configs/vortex/dogfood_bar.yaml", {"limits.sim_time=10 ms"});
    CHECK(r.outcome == "completed");
    CHECK(r.result["time"]["end_ps"] == 497000);
}

TEST_CASE("vortex H7 in SimX ends when it deadlocks, whatever the limit", "[vortex]") {
    // Every warp waits: the no-progress detector (which looks for warps that
    // run while others wait) has nothing to watch and must not hold the run.
    const RunReport simx = test::run_config("configs/vortex/hang_h7_multicluster_simx.yaml",
                                            {"limits.sim_time=50 ms"});
    CHECK(simx.outcome == "deadlock");
    const std::uint64_t end = simx.result["time"]["end_ps"];
    CHECK(end < 10000000); // the last arrival is within a few hundred cycles
    const auto other = test::run_syncsim(
        "run configs/vortex/hang_h7_multicluster_simx.yaml --set 'limits.sim_time=20 ms'");
    CHECK_THAT(other.output, Contains("simulated  " + format_time(end)));
}

TEST_CASE("vortex release latencies match the RTL derivation and SimX's zero", "[vortex]") {
    // Local: ready 2 cycles after the last BAR's execute_fire (RTL), the same cycle (SimX).
    CHECK(last_latency("configs/vortex/dogfood_bar.yaml", false) == Approx(2));
    CHECK(last_latency("configs/vortex/dogfood_bar.yaml --set platform=vortex_simx", false) ==
          Approx(0));
    // Global, from the last core's wctl: about 6 cycles for 2 to 8 cores, 7 at 16 (vortex-gbar.md
    // 6).
    struct Row {
        int cores, socket_size;
        double rtl;
    };
    for (const Row& row : {Row{2, 2, 6}, Row{8, 4, 6}, Row{16, 4, 7}}) {
        INFO(row.cores << " cores");
        const std::string sets =
            " --set platform.cluster.cores=" + std::to_string(row.cores) +
            " --set platform.cluster.socket_size=" + std::to_string(row.socket_size);
        CHECK(last_latency("configs/vortex/dogfood_gbar.yaml" + sets, true) == Approx(row.rtl));
        CHECK(last_latency("configs/vortex/dogfood_gbar.yaml --set platform=vortex_simx" + sets,
                           true) == Approx(0));
    }
}

TEST_CASE("vortex: --vcd traces every warp's state, grouped by core", "[vortex]") {
    const std::string vcd = (test::temp_dir() / "vx.vcd").string();
    REQUIRE(test::run_syncsim("run configs/vortex/dogfood_gbar.yaml --vcd " + vcd).exit_code == 0);
    const std::string v = test::read_text(vcd);
    CHECK_THAT(v, Contains("$scope module core3 $end") && Contains(" warp3 [2:0] $end"));
    const std::string g = test::read_text((test::temp_dir() / "vx.gtkw").string());
    CHECK_THAT(g,
               Contains("-core0") && Contains("+{core2_warp1} syncsim.cluster0.core2.warp1[2:0]"));
    // The save file names the trace, itself and the filter relative to its
    // folder, so GTKWave finds them when the folder moves.
    CHECK_THAT(g, Contains("[dumpfile] \"vx.vcd\"\n[savefile] \"vx.gtkw\"") &&
                      Contains("^1 vx.warps.txt\n"));
    CHECK_THAT(test::read_text((test::temp_dir() / "vx.warps.txt").string()), Contains("3 gbar"));
}

TEST_CASE("vortex: asking for a timeline is refused, not ignored", "[vortex]") {
    const auto timeline = test::temp_dir() / "refused_timeline.json";
    const auto r =
        test::run_syncsim("run configs/vortex/dogfood_bar.yaml --timeline " + timeline.string());
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("not available on vortex platforms"));
    // The output check before the run must not leave an empty file behind.
    CHECK_FALSE(std::filesystem::exists(timeline));
}

TEST_CASE("a vortex run that completes ends when the last warp exits", "[vortex]") {
    // Before, the no-progress timer stayed armed after the last exit and the
    // run went on to wake it at 1 ms (no_progress_cycles) with nothing to see.
    const RunReport r = test::run_config("configs/vortex/hang_h7_multicluster_rtl.yaml");
    CHECK(r.outcome == "completed");
    const std::uint64_t end = r.result["time"]["end_ps"];
    std::uint64_t last_ready = 0;
    for (const json& rel : r.result["releases"])
        last_ready = std::max<std::uint64_t>(last_ready, rel["ready_ps"]);
    CHECK(end > last_ready);
    CHECK(end < last_ready + 1000000); // within a microsecond of the last release, not 1 ms
}

// Split-phase barriers (issue 24 item 9).
TEST_CASE("vortex 01f36d48: sgemm_async's split-phase pipeline passes in groups of 4 of 8 warps",
          "[vortex][split]") {
    passes("configs/vortex/split_pipeline.yaml");
}

TEST_CASE("vortex 01f36d48: a count of NUM_WARPS wraps in the RTL, not in SimX",
          "[vortex][split]") {
    const std::string out = (test::temp_dir() / "wrap.json").string();
    auto wrong_reads = [&](const std::string& sets) {
        REQUIRE(test::run_syncsim("run configs/vortex/split_count_wraps.yaml " + sets + " --json " +
                                  out)
                    .exit_code <= 1);
        const json j = json::parse(test::read_text(out));
        REQUIRE(j["checks"].size() == 1);
        return j["checks"][0]["ok"].get<bool>();
    };
    CHECK_FALSE(wrong_reads(""));
    // With the phase completing at every arrival, each of the 4 warps' 8
    // arrivals on each of the 4 cores is a release: 128, where the 4 steps'
    // 2 phases would make 32 (as SimX has them).
    const json rtl = json::parse(test::read_text(out));
    CHECK(rtl["releases"].size() == 128);
    for (const json& r : rtl["releases"]) CHECK(r["kind"] == "split");
    CHECK(wrong_reads("--set platform=vortex_simx"));
    CHECK(json::parse(test::read_text(out))["releases"].size() == 32);
}

TEST_CASE("vortex 31e4765d: split-phase instructions are illegal before 01f36d48",
          "[vortex][split]") {
    const std::string out = (test::temp_dir() / "old.json").string();
    test::run_syncsim("run configs/vortex/split_pipeline.yaml --set "
                      "overrides.rtl_version=31e4765d --json " +
                      out);
    const json j = json::parse(test::read_text(out));
    REQUIRE_FALSE(j["faults"].empty());
    CHECK_THAT(j["faults"][0].get<std::string>(),
               Contains("vx_barrier_arrive is an illegal instruction at vortex 31e4765d"));
}

TEST_CASE("vortex 01f36d48: a waiter is ready release_cycles after the completing arrival's "
          "warp_ctl",
          "[vortex][split]") {
    // RTL: execute E, warp_ctl E+1, stall bits cleared E+2.
    CHECK(last_latency("configs/vortex/split_pipeline.yaml", false) == 2);
    CHECK(last_latency("configs/vortex/split_pipeline.yaml --set platform=vortex_simx", false) ==
          0);
}
