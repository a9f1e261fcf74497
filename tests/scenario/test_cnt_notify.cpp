// The runtime's CntNotify on 950, end to end, and its error codes.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

void all_checks_pass(const RunReport& r, std::size_t at_least) {
    CHECK(r.result["checks"].size() >= at_least);
    for (const json& c : r.result["checks"]) {
        INFO(c.dump());
        CHECK(c["ok"] == true);
    }
}

} // namespace

TEST_CASE("N producer streams ADD 1 release a consumer waiting BIGGER_OR_EQUAL N", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/producers.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["cnt_notifies"][0]["count"] == 4);
    // Record -> release: the record task's counter update, then the wake of the waiting stream.
    REQUIRE(r.result["cnt_notify_waits"].size() == 1);
    const double cycle_ps = 1e6 / 1800.0;
    CHECK(r.result["cnt_notify_waits"][0]["latency_ps"].get<double>() / cycle_ps ==
          Approx(200).margin(1));
}

TEST_CASE("a pipeline reuses CntNotifies with isClear", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/pipeline_is_clear.yaml");
    CHECK(r.expectation_met);
    CHECK(r.result["cnt_notify_waits"].size() == 6 + 5); // full every round, empty from round 2
}

TEST_CASE("a pipeline reuses CntNotifies with a stream-ordered Reset", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/pipeline_reset.yaml");
    CHECK(r.expectation_met);
    CHECK(r.result["cnt_notifies"][0]["count"] == 0); // the consumer's last Reset
}

TEST_CASE("a bitmask wait is released by BIT_OR records from several streams", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/bitmask.yaml");
    CHECK(r.expectation_met);
    CHECK(r.result["cnt_notifies"][0]["count"] == 31);
}

TEST_CASE("a wait that times out returns 0, then 107020 at synchronize, later tasks do not run",
          "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/wait_timeout.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    const auto log = r.result["runtime_log"].get<std::vector<std::string>>();
    REQUIRE(log.size() >= 1);
    CHECK_THAT(log[0], Contains("wait timeout occurred during task execution, id=0, timeout=1s") &&
                           Contains("cntValue=99") && Contains("waitMode=EQUAL"));
    CHECK(r.result["streams"][1]["skipped"] == 1);
    // The wait is the stream's first task (at 0): the timeout fires one
    // simulated second later and the host's synchronize returns then.
    CHECK(r.result["time"]["end_ps"].get<std::uint64_t>() == 1000000000000ull);
}

TEST_CASE("a wait for ever that never holds deadlocks, naming stream, id, count and condition",
          "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/wait_forever.yaml");
    CHECK(r.outcome == "deadlock");
    CHECK(r.expectation_met);
    CHECK(r.result["streams"][1]["state"] == "waiting");
    CHECK_THAT(r.result["outcome"]["reason"].get<std::string>(),
               Contains("stream 1 waits in aclrtCntNotifyWaitWithTimeout(id 0, EQUAL 99, timeout 0 "
                        "s (for ever)): count 0"));
}

TEST_CASE("the bank runs out after 2048 minus the streams that use events", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/exhaust_bank.yaml");
    CHECK(r.expectation_met);
    CHECK_THAT(r.result["runtime_log"][0].get<std::string>(), Contains("EE1023"));
    for (int s = 1; s <= 3; ++s) CHECK(r.result["streams"][s]["event_cnt_notify_id"] == s - 1);
}

TEST_CASE("every CntNotify error-code row on 950 and the vendor's unit-test cases", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/error_codes_950.yaml");
    CHECK(r.expectation_met);
    all_checks_pass(r, 26);
    bool stale = false;
    for (const json& c : r.result["checks"])
        stale = stale || (c["name"] == "Record on a destroyed handle" &&
                          c["detail"] == "returned 107017, expected 107017");
    CHECK(stale);
}

TEST_CASE("the same host program on 910B1: argument errors first, then 207000", "[cntnotify]") {
    const RunReport r = test::run_config("configs/cntnotify/error_codes_910b1.yaml");
    CHECK(r.expectation_met);
    all_checks_pass(r, 10);
    bool unsupported = false;
    for (const json& c : r.result["checks"])
        unsupported = unsupported || (c["name"] == "Create with flag 0" &&
                                      c["detail"] == "returned 207000, expected 207000");
    CHECK(unsupported);
}

TEST_CASE("record mode 4 follows the platform's choice of semantics", "[cntnotify]") {
    // Five bits set (31), then mode 4 with 6: "and" keeps 6, "clear bits" leaves 25.
    const std::string out = (test::temp_dir() / "mode4.json").string();
    for (const auto& [semantics, expected] :
         {std::pair<std::string, int>{"and", 6}, {"clear_bits", 25}}) {
        INFO(semantics);
        REQUIRE(test::run_syncsim(
                    "run configs/cntnotify/bitmask.yaml --set workload.params.finish_with_mode4=6"
                    " --set platform.notify.cntnotify_mode4=" +
                    semantics + " --json " + out)
                    .exit_code == 0);
        CHECK(json::parse(test::read_text(out))["cnt_notifies"][0]["count"] == expected);
    }
}

TEST_CASE("stream states and CntNotify counts are traced in the VCD", "[cntnotify]") {
    const std::string vcd = (test::temp_dir() / "cn.vcd").string();
    REQUIRE(test::run_syncsim("run configs/cntnotify/producers.yaml --vcd " + vcd).exit_code == 0);
    const std::string g = test::read_text((test::temp_dir() / "cn.gtkw").string());
    CHECK_THAT(g, Contains("-Streams") && Contains("syncsim.runtime.streams.stream1[1:0]"));
    CHECK_THAT(g, Contains("-CntNotify") && Contains("syncsim.runtime.cnt_notify.id0[31:0]"));
    CHECK_THAT(test::read_text(vcd), Contains("$scope module cnt_notify $end"));
    CHECK_THAT(test::read_text((test::temp_dir() / "cn.streams.txt").string()),
               Contains("2 waiting"));
}
