// What a run says, unasked, about wrong values and unordered accesses
// (issue 28): the SDK example (examples/neighbour_exchange) broken the ways
// a user breaks it, with no change to its host program. Without the final
// dcci the failed check names the last writer of each word the host read;
// without the invalidate it also names the stale line each value came
// through. Without the dsb before the barrier every value may come out
// right, and the race detector still reports the write-backs that the
// barrier's release did not cover; a correct shipped config reports none.
#include "tests/support/result_json.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

std::string exchange(const std::string& variant, const std::string& sets = "") {
    return "examples/neighbour_exchange/configs/a5.yaml --set workload.plugin=" +
           test::plugin_path(variant) + " " + sets;
}

// The first failed check, or null (none failed and `must` is false).
const json* failed_check(const json& result, bool must) {
    for (const json& c : result["checks"])
        if (!c["ok"].get<bool>()) return &c;
    if (must) FAIL("no check failed");
    return nullptr;
}

const json& failed_check(const json& result) {
    return *failed_check(result, true); // FAIL throws
}

} // namespace

TEST_CASE("explanations: without the writer's dcci a failed check names each word's last writer",
          "[explain]") {
    const json r = test::run_json(exchange("neighbour_exchange_no_writeback"), "no_writeback");
    const json& why = failed_check(r)["explanation"];
    REQUIRE(why["host_read"].size() == 8); // one line of `seen` per block
    for (const json& part : why["host_read"]) {
        CHECK(part["where"].get<std::string>().rfind("seen+0x", 0) == 0);
        CHECK_THAT(part["last_write"]["by"].get<std::string>(), Contains("(write buffer)"));
        CHECK(part["last_write"]["what"] == "dcci write-back of a scalar-cache line");
        CHECK(part["last_write"]["time_ps"].get<std::uint64_t>() > 0);
        CHECK_FALSE(part.contains("written_from_stale_read")); // its line was fresh
    }
    const auto out = test::run_syncsim("run " + exchange("neighbour_exchange_no_writeback"));
    CHECK_THAT(out.output,
               Contains("  why      every block reads its right neighbour's value:\n"
                        "    read seen+0x0 (64 B): last written by aiv0 (write buffer): "
                        "dcci write-back of a scalar-cache line at"));
}

TEST_CASE("explanations: without the invalidate a failed check names the stale line each value "
          "came through",
          "[explain]") {
    const json r = test::run_json(
        exchange("neighbour_exchange", "--set workload.params.invalidate=false"), "no_invalidate");
    const json& why = failed_check(r)["explanation"];
    const json& part = why["host_read"][0];
    CHECK(part["where"] == "seen+0x0");
    CHECK(part["last_write"]["by"] == "aiv0 (write buffer)");
    REQUIRE(part.contains("written_from_stale_read"));
    CHECK(part["written_from_stale_read"]["value"] == 0);
    const auto out = test::run_syncsim(
        "run " + exchange("neighbour_exchange", "--set workload.params.invalidate=false"));
    // The chain: the word the host read, the core that wrote it, the stale
    // line it read: its fill, the newer write it missed, and no dcci since.
    CHECK_THAT(out.output, Contains("the 0 it wrote at seen+0x0 is what its stale read returned:\n"
                                    "      aiv0 (scalar unit) read 0 at slots+0x40 at "));
    CHECK_THAT(out.output, Contains("from its cached line 0x100000040, filled at "));
    CHECK_THAT(out.output, Contains("the line missed aiv1 (write buffer): dcci write-back of a "
                                    "scalar-cache line at "));
    CHECK_THAT(out.output, Contains("(GM held 101), and no dcci came between that write and the "
                                    "read"));
    // The races those stale lines are: each load was ordered after nothing
    // its neighbour published since the line's fill.
    bool stale_race = false;
    for (const json& p : r["races"]["pairs"]) stale_race = stale_race || p["why"] == "stale_line";
    CHECK(stale_race);
}

TEST_CASE("races: without the dsb before the barrier the write-backs the release did not cover "
          "are reported, though every value came out right",
          "[races]") {
    const json ok = test::run_json(exchange("neighbour_exchange"), "with_dsb");
    const json r = test::run_json(exchange("neighbour_exchange_no_dsb"), "no_dsb");
    for (const json& c : r["checks"]) CHECK(c["ok"] == true); // this run's timing was kind
    CHECK(r["races"]["checked"] == true);
    CHECK(ok["races"]["checked"] == true);
    CHECK(ok["races"]["count"] == 0); // the example as shipped orders every access
    CHECK(r["races"]["count"].get<std::uint64_t>() > 0);
    const json* after_release = nullptr;
    for (const json& p : r["races"]["pairs"])
        if (p["why"] == "after_release" && !after_release) after_release = &p;
    REQUIRE(after_release);
    CHECK((*after_release)["first"]["op"] == "dcci write-back of a scalar-cache line");
    CHECK((*after_release)["first"]["write"] == true);
    CHECK((*after_release)["second"]["op"] == "ld");
    const auto out = test::run_syncsim("run " + exchange("neighbour_exchange_no_dsb"));
    CHECK_THAT(out.output, Contains("no dsb came between it and the release"));
}

TEST_CASE("races: a correct shipped config reports none, and --races off leaves the check out",
          "[races]") {
    const json r = test::run_json("configs/a5/soft_aiv_all_blocks.yaml", "soft_all");
    CHECK(r["races"]["checked"] == true);
    CHECK(r["races"]["count"] == 0);
    const json off = test::run_json("configs/a5/soft_aiv_all_blocks.yaml --races off", "soft_off");
    CHECK_FALSE(off.contains("races"));
    const auto bad = test::run_syncsim("run configs/a5/soft_aiv_all_blocks.yaml --races maybe");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Contains("--races 'maybe': auto, off or on"));
    const json named = test::run_json("configs/a5/soft_aiv_all_blocks.yaml --races auto", "auto");
    CHECK(named["races"]["mode"] == "auto");
}

TEST_CASE("races: a flag hand-over races exactly when the producer's dsb is missing, however the "
          "consumer waits and on either arch",
          "[races]") {
    // tests/plugins/flag_handover.cpp, built against the SDK.
    for (const char* platform : {"950pr", "910b1"})
        for (const char* consumer : {"poll", "dcci_load", "ld_dev"})
            for (const bool dsb : {true, false}) {
                const std::string config =
                    std::string("tests/plugins/flag_handover.yaml --set platform=") + platform +
                    " --set workload.plugin=" + test::plugin_path("flag_handover") +
                    " --set workload.params.consumer=" + consumer +
                    " --set workload.params.dsb=" + (dsb ? "true" : "false");
                const json r = test::run_json(config, std::string("handover_") + platform +
                                                          consumer + (dsb ? "_dsb" : ""));
                INFO(platform << " " << consumer << " dsb " << dsb);
                CHECK(r["outcome"]["kind"] == "completed");
                CHECK(failed_check(r, false) == nullptr); // in-order landing: the value is right
                CHECK(r["races"]["checked"] == true);
                const auto count = r["races"]["count"].get<std::uint64_t>();
                if (dsb) {
                    CHECK(count == 0);
                    continue;
                }
                REQUIRE(count > 0);
                for (const json& p : r["races"]["pairs"]) { // on the payload, never the flag
                    CHECK(p["where"].get<std::string>().rfind("payload", 0) == 0);
                    CHECK(p["why"] == "after_release");
                }
            }
}
