// The device's view of a hang (device-observations.md 3): the op-execute
// watchdog kills a kernel that runs past its timeout, the host sees the
// runtime's code, the device needs a reset, and the model's own diagnosis
// stays beside the code. Waiting for the watchdog costs no event.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {
const json& only_kill(const RunReport& r) {
    REQUIRE(r.result["watchdog"]["kills"].size() == 1);
    return r.result["watchdog"]["kills"][0];
}
} // namespace

TEST_CASE("a deadlocked vector kernel is killed at the floored timeout: 507034, and why",
          "[watchdog]") {
    const RunReport r = test::run_config("configs/a2/watchdog_vector_timeout.yaml");
    CHECK(r.outcome == "watchdog");
    CHECK(r.expectation_met);
    const json& k = only_kill(r);
    CHECK(k["code"] == 507034);
    CHECK(k["timeout_us"] == 4294967); // 1 us asked: one credit
    CHECK(k["timeout_credits"] == 1);
    CHECK(k["fired_ps"].get<std::uint64_t>() - k["started_ps"].get<std::uint64_t>() ==
          4294967296000ull);
    CHECK(k["deadlocked"] == true);
    CHECK(k["device_log"] == "Kernel task happen error, retCode=0x30, [vector core timeout]");
    // The stuck time is the model's: when the last core entered its wait.
    CHECK(k["stuck_since_ps"].get<std::uint64_t>() < 10000000);
    REQUIRE(k["cores"].size() == 40);
    for (const json& c : k["cores"])
        CHECK_THAT(c["doing"].get<std::string>(),
                   Contains("wait_flag_dev(PIPE_S, 14)") && Contains("owns no FFTS context"));
    CHECK(r.result["watchdog"]["device_needs_reset"] == true);
    CHECK(test::check_named(r, "stream synchronises")["detail"] ==
          "aclrtSynchronizeStream returned 507034");
    CHECK(test::check_named(r, "op-execute timeout set")["detail"] ==
          "aclrtSetOpExecuteTimeOutV2(1) returned 0, effective 4294967 us");
    // The killed cores hold no block and are not reported stuck.
    CHECK(r.result["stuck"].empty());
    CHECK_THAT(r.summary, Contains("host sees 507034 ACL_ERROR_RT_VECTOR_CORE_TIMEOUT"));
}

TEST_CASE("waiting for the watchdog costs no event: the same resumptions as the deadlock",
          "[watchdog]") {
    // The same kernel and host with a limit before the deadline: a deadlock,
    // and the result says when the watchdog would end it.
    const RunReport r =
        test::run_config("configs/a2/watchdog_vector_timeout.yaml",
                         {"limits.sim_time=1 ms", "expect.outcome=deadlock", "expect.checks={}"});
    CHECK(r.outcome == "deadlock");
    const json& pending = r.result["watchdog"]["pending"];
    REQUIRE(pending.size() == 1);
    CHECK(pending[0]["code"] == 507034);
    CHECK(pending[0]["deadline_ps"].get<std::uint64_t>() > 4294967000000ull);
    CHECK_THAT(r.summary, Contains("launch 1 (syncall_system_test) would be killed at"));
    // Killing and the host's remaining work take a handful of resumptions.
    const std::string json_path = (test::temp_dir() / "fired.json").string();
    const auto fired =
        test::run_syncsim("run " + test::repo_file("configs/a2/watchdog_vector_timeout.yaml") +
                          " --json " + json_path);
    CHECK(fired.exit_code == 0);
    const json result = json::parse(test::read_text(json_path));
    CHECK(result["events"]["process_resumptions"].get<std::uint64_t>() <= r.events + 8);
}

TEST_CASE("a kernel holding cube cores times out as an AI Core after the default: 507014",
          "[watchdog]") {
    const RunReport r = test::run_config("configs/a2/watchdog_aicore_timeout.yaml");
    CHECK(r.expectation_met);
    const json& k = only_kill(r);
    CHECK(k["code"] == 507014);
    CHECK(k["kernel_type"] == "AIC_ONLY");
    // The runtime's default: 254 credits, 1,090,921,693.184 us.
    CHECK(k["timeout_credits"] == 254);
    CHECK(k["timeout_us"] == 1090921693);
    CHECK(k["fired_ps"].get<std::uint64_t>() - k["started_ps"].get<std::uint64_t>() ==
          254 * 4294967296000ull);
    CHECK(k["device_log"] == "Kernel task happen error, retCode=0x25, [aicore timeout]");
}

TEST_CASE("the host's synchronize budget runs out first: 507046, then the watchdog's 507034",
          "[watchdog]") {
    const RunReport r = test::run_config("configs/a2/watchdog_sync_budget.yaml");
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "stream synchronises")["detail"] ==
          "aclrtSynchronizeStreamWithTimeout returned 507046");
    const json& log = r.result["runtime_log"];
    std::string all;
    for (const json& line : log) all += line.get<std::string>() + "\n";
    CHECK_THAT(all, Contains("(stream 0, 1000 ms) returned 507046") &&
                        Contains("aclrtSynchronizeStream(stream 0) returned 507034"));
    CHECK(only_kill(r)["fired_ps"].get<std::uint64_t>() > 4294967000000ull);
}

TEST_CASE("a kernel still running at its deadline is killed where it stands, and stops",
          "[watchdog]") {
    // 100,000 barrier rounds would take ~6 ms; a 20 us timeout (credits of
    // 1 us for the test) kills them mid-run.
    const RunReport r = test::run_config("configs/sweeps/barrier_rounds_base.yaml",
                                         {"platform=910b1", "workload.params.rounds=100000",
                                          "workload.params.op_execute_timeout_us=20",
                                          "platform.scheduler.op_execute_timeout_interval_us=1",
                                          "limits.sim_time=1 s", "expect.outcome=watchdog"});
    CHECK(r.outcome == "watchdog");
    const json& k = only_kill(r);
    CHECK(k["deadlocked"] == false);
    CHECK(k["fired_ps"].get<std::uint64_t>() - k["started_ps"].get<std::uint64_t>() == 20000000);
    CHECK(k["cores"].size() == 18);
    // Nothing of the killed kernel runs on: the run ends just after the kill.
    CHECK(r.result["time"]["end_ps"].get<std::uint64_t>() <
          k["fired_ps"].get<std::uint64_t>() + 1000000);
    const std::uint64_t rounds = r.result["round_stats"]["rounds"];
    CHECK(rounds > 100);
    CHECK(rounds < 1000);
}

TEST_CASE("cores asleep in a fast-forwarded soft-barrier poll are killed and poll no more",
          "[watchdog]") {
    // One core skips a barrier: the others poll to the 1,000,000 limit
    // (34 ms) unless the watchdog (20 us: credits of 1 us) kills them.
    const RunReport r =
        test::run_config("configs/a5/hang_skipped_barrier.yaml",
                         {"workload.params.mode=soft", "workload.params.op_execute_timeout_us=20",
                          "platform.scheduler.op_execute_timeout_interval_us=1",
                          "limits.sim_time=1 s", "expect.outcome=watchdog"});
    CHECK(r.outcome == "watchdog");
    const json& k = only_kill(r);
    CHECK(k["deadlocked"] == false); // polling cores are busy, not deadlocked
    CHECK(r.result["time"]["end_ps"].get<std::uint64_t>() <
          k["fired_ps"].get<std::uint64_t>() + 1000000);
    CHECK(r.result["poll_timeouts"].empty());
    for (const json& c : k["cores"])
        if (c["state"] == "polling") CHECK_THAT(c["doing"].get<std::string>(), Contains("poll"));
}

TEST_CASE("a requested timeout rounds up to whole credits: 5 s kills at 8.59 s", "[watchdog]") {
    const RunReport r = test::run_config("configs/a2/watchdog_vector_timeout.yaml",
                                         {"workload.params.op_execute_timeout_us=5000000",
                                          "limits.sim_time=10 s", "expect.checks={}"});
    CHECK(r.outcome == "watchdog");
    const json& k = only_kill(r);
    CHECK(k["timeout_credits"] == 2);
    CHECK(k["timeout_us"] == 8589934);
    CHECK(k["fired_ps"].get<std::uint64_t>() - k["started_ps"].get<std::uint64_t>() ==
          2 * 4294967296000ull);
}

TEST_CASE("a launch's own timeout overrides the global one, and its 0 (credit 255) never kills",
          "[watchdog]") {
    const RunReport shorter = test::run_config("configs/a2/watchdog_vector_timeout.yaml",
                                               {"workload.params.op_execute_timeout_us=0",
                                                "workload.params.launch_timeout_us=1",
                                                "limits.sim_time=10 s", "expect.checks={}"});
    CHECK(shorter.outcome == "watchdog");
    CHECK(only_kill(shorter)["timeout_credits"] == 1);
    // No timeout at all: the deadlock stays a deadlock past the default's
    // 1090.92 s, and the result says the watchdog will never fire (one model
    // per process: the binary runs this one).
    const std::string out = (test::temp_dir() / "never.json").string();
    const auto run = test::run_syncsim(
        "run configs/a2/watchdog_vector_timeout.yaml --set workload.params.launch_timeout_us=0 "
        "--set 'limits.sim_time=2000 s' --set expect.outcome=deadlock --set 'expect.checks={}' "
        "--json " +
        out);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output, Contains("never times out"));
    const json never = json::parse(test::read_text(out));
    CHECK(never["watchdog"]["kills"].empty());
    REQUIRE(never["watchdog"]["pending"].size() == 1);
    CHECK(never["watchdog"]["pending"][0]["deadline_ps"].is_null());
}
