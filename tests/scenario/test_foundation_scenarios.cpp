// End-to-end runs of the foundation configs: the outcome, the data and the
// diagnosis each config is about.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

const json& stuck_core(const RunReport& r, const std::string& name) {
    for (const json& c : r.result["stuck"])
        if (c["core"] == name) return c;
    FAIL("core " << name << " is not in the stuck list");
    static json none;
    return none;
}

} // namespace

TEST_CASE("quickstart completes on 950pr with every word and the atomic count right",
          "[scenario]") {
    const RunReport r = test::run_config("configs/quickstart.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["finish"]["aiv"]["cores"] == 18);
    CHECK(r.result["l2"]["atomics"] == 18 * 4);
    CHECK(r.result["stuck"].empty());
}

// On 910b1 a returning atomicAdd faults (the next test), so a run that
// completes with every count landed counted with st_atomic.
TEST_CASE("quickstart on 910b1 counts with st_atomic, not a returning add", "[scenario]") {
    const RunReport r = test::run_config("configs/quickstart.yaml", {"platform=910b1"});
    CHECK(r.outcome == "completed");
    CHECK(r.result["faults"].empty());
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "atomic counter == blocks x iterations")["ok"] == true);
    CHECK(r.result["l2"]["atomics"] == 18 * 4);
}

TEST_CASE("a returning atomicAdd on 910b1 faults: the arch has only st_atomic", "[scenario]") {
    const RunReport r = test::run_config("configs/a2/atomic_add_faults.yaml");
    CHECK(r.outcome == "fault");
    CHECK(r.expectation_met);
    REQUIRE(r.result["faults"].size() == 4);
    CHECK_THAT(r.result["faults"][0].get<std::string>(),
               Contains("atomicAdd: this core's arch has no returning atomic add"));
    CHECK(r.result["l2"]["atomics"] == 0);
}

TEST_CASE("the same A5-style atomicAdd completes on 950pr", "[scenario]") {
    const RunReport r = test::run_config("configs/a2/atomic_add_faults.yaml",
                                         {"platform=950pr", "expect.outcome=completed"});
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "atomic counter == blocks x iterations")["ok"] == true);
    CHECK(r.result["l2"]["atomics"] == 4);
}

TEST_CASE("a consumer that does not invalidate reads the stale payload", "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/stale_read.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    const json c = test::check_named(r, "consumer sees the published payload");
    CHECK(c["ok"] == false);
    CHECK(c["detail"] == "read 0, published 42");
}

TEST_CASE("the same consumer with dcci reads the published payload", "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/fresh_read.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "consumer sees the published payload")["ok"] == true);
}

TEST_CASE("a forgotten set_flag deadlocks and the diagnosis names core, pipe and flag",
          "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/pipe_deadlock.yaml");
    CHECK(r.outcome == "deadlock");
    CHECK(r.expectation_met);
    REQUIRE(r.result["stuck"].size() == 1);
    const json& core = stuck_core(r, "aiv3");
    CHECK(core["block"] == 3);
    CHECK(core["state"] == "blocked");
    CHECK_THAT(core["waiting_on"].get<std::string>(), Contains("pipe_barrier(PIPE_V)"));
    CHECK_THAT(core["pipes"][0]["blocked_on"].get<std::string>(),
               Contains("wait_flag(PIPE_MTE2, PIPE_V, 0)") && Contains("no set_flag pending"));
    // MTE3's flag is set by V, which has the set_flag queued behind its wait.
    CHECK_THAT(core["pipes"][1]["blocked_on"].get<std::string>(),
               Contains("wait_flag(PIPE_V, PIPE_MTE3, 1)") &&
                   Contains("1 set_flag pending on PIPE_V, queued behind wait_flag"));
    CHECK_THAT(r.result["host"]["waiting_on"].get<std::string>(),
               Contains("aclrtSynchronizeStream(stream 0)"));
    CHECK_THAT(r.summary, Contains("aiv3 (pipe_handoff block 3"));
}

TEST_CASE("crossed pipe waits: the diagnosis names each set_flag queued behind a wait",
          "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/pipe_crossed_wait.yaml");
    CHECK(r.outcome == "deadlock");
    CHECK(r.expectation_met);
    const json& core = stuck_core(r, "aiv3");
    std::map<std::string, std::string> blocked; // pipe -> what it is blocked on
    for (const json& p : core["pipes"])
        blocked[p["pipe"].get<std::string>()] = p.value("blocked_on", "");
    // V waits for MTE2's flag; MTE2's set_flag is queued behind MTE2's own wait.
    CHECK_THAT(blocked["PIPE_V"], Contains("wait_flag(PIPE_MTE2, PIPE_V, 0) on PIPE_V: flag "
                                           "count 0, 1 set_flag pending on PIPE_MTE2, queued "
                                           "behind wait_flag"));
    CHECK_THAT(blocked["PIPE_MTE2"], Contains("wait_flag(PIPE_V, PIPE_MTE2, 2) on PIPE_MTE2: flag "
                                              "count 0, 1 set_flag pending on PIPE_V, queued "
                                              "behind wait_flag"));
    // MTE3's flag from V: V has not reached the set_flag either.
    CHECK_THAT(blocked["PIPE_MTE3"], Contains("1 set_flag pending on PIPE_V"));
}

TEST_CASE("polling a cached line never sees the store: the run hits the time limit", "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/cached_poll_livelock.yaml");
    CHECK(r.outcome == "time_limit");
    CHECK(r.expectation_met);
    const json& core = stuck_core(r, "aiv1");
    CHECK(core["state"] == "polling");
    CHECK_THAT(core["waiting_on"].get<std::string>(), Contains("until value >= 1: last value 0"));
}

TEST_CASE("launches on two streams run concurrently, on one stream they serialise", "[scenario]") {
    const RunReport two = test::run_config("configs/foundation/two_streams.yaml");
    CHECK(two.outcome == "completed");
    CHECK(two.expectation_met);
}

TEST_CASE("two dependent launches on one stream never meet", "[scenario]") {
    const RunReport one = test::run_config("configs/foundation/two_streams.yaml",
                                           {"workload.params.same_stream=true"});
    CHECK(one.outcome == "time_limit");
    CHECK_FALSE(one.expectation_met);
    REQUIRE(one.result["streams"].size() == 2); // the default stream and the one created
    CHECK_THAT(one.result["streams"][1]["running"].get<std::string>(), Contains("handshake_ping"));
    CHECK(one.result["streams"][1]["pending"] == 1);
}

TEST_CASE("more blocks than cores run in waves and all complete", "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/waves.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["finish"]["aiv"]["cores"] == 72);
    int blocks = 0, cores_with_two = 0;
    for (const json& c : r.result["cores"]) {
        blocks += c["blocks_run"].get<int>();
        cores_with_two += c["blocks_run"].get<int>() > 1 ? 1 : 0;
    }
    CHECK(blocks == 100);
    CHECK(cores_with_two == 28);
}

TEST_CASE("the kernel-event watchdog stops a livelock before the time limit", "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/cached_poll_livelock.yaml",
                                         {"limits.max_events=60", "expect.outcome=event_limit"});
    CHECK(r.outcome == "event_limit");
    CHECK(r.expectation_met);
    CHECK(r.events == 60);
    CHECK(r.result["time"]["end_ps"].get<std::uint64_t>() < 20000000ull);
    CHECK(r.result["stuck"][0]["core"] == "aiv1");
}

TEST_CASE("a DMA past the unified buffer faults the core, synchronize returns 507015",
          "[scenario]") {
    const RunReport r = test::run_config("configs/foundation/ub_overflow_fault.yaml");
    CHECK(r.outcome == "fault");
    CHECK(r.expectation_met);
    REQUIRE(r.result["faults"].size() == 2);
    CHECK_THAT(
        r.result["faults"][0].get<std::string>(),
        Contains("copy_gm_to_ubuf: local range [0x0, 0x3e800) exceeds the 196608-byte buffer"));
    for (const json& c : r.result["cores"]) CHECK(c["state"] == "faulted");
}
