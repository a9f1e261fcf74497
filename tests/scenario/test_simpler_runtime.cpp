// The simpler runtime (issue 24 item 8; device-observations.md 5): resident
// workers on every core and AICPU dispatch, with pto-isa #197, pypto #1935
// and #1990 re-expressed on it. The figures come from the model: the task's
// span from the dispatcher's log, the codes from the streams.
#include "tests/support/result_json.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;
using test::run_json;

namespace {

// The span the dispatcher logged for a task: first dispatch to last FIN, ms.
double task_span_ms(const json& result, const std::string& task) {
    // "...: 1249.201 ms" closes the line (no std::regex: GCC 12 warns in
    // its headers under the sanitizer build's -O1).
    const std::string unit = " ms";
    for (const json& line : result["runtime_log"]) {
        const std::string s = line.get<std::string>();
        const std::size_t at = s.rfind(": ");
        if (s.find(task) == std::string::npos || at == std::string::npos ||
            s.size() < unit.size() || s.compare(s.size() - unit.size(), unit.size(), unit) != 0)
            continue;
        return std::stod(s.substr(at + 2));
    }
    FAIL("no span logged for " << task);
    return 0;
}

std::string check_detail(const json& result, const std::string& name) {
    for (const json& c : result["checks"])
        if (c["name"] == name) return c["detail"];
    return "";
}

double stream_end_ms(const json& result, int stream) {
    return result["streams"][static_cast<std::size_t>(stream)]["last_task_ps"][1].get<double>() /
           1e9;
}

} // namespace

// The ACK rule decides where #197's late blocks wait: behind the other work
// (its cores acknowledged long ago), not behind the early blocks (whose
// pending slots open only on their ACK).
TEST_CASE("simpler: pto-isa #197's launch queues its late blocks behind the other work",
          "[simpler]") {
    const json r = run_json("configs/simpler/soft_waves_behind_other_work.yaml", "simpler_197");
    CHECK(r["expectation"]["met"] == true);
    // The measured run's barrier task (task 5; the warm-up run took 1-3)
    // ends with the other work (2.5 s), the early blocks having given up at
    // the poll limit (1,000,000 iterations, the calibrated 1.25 us each).
    CHECK(task_span_ms(r, "syncall (32 blocks) (task 5)") == Approx(2500.0).epsilon(0.001));
    REQUIRE(r["poll_timeouts"].size() == 16);
    // They gave up where #197's blocks did: 1e6 polls after the start, the
    // device's 1253 ms within 1%.
    CHECK(r["poll_timeouts"][0]["time_ps"].get<double>() / 1e9 == Approx(1253.0).epsilon(0.01));
    CHECK(task_span_ms(r, "occupy (32 blocks) (task 4)") == Approx(2500.0).epsilon(0.001));
    // The warm-up run, alone on the device, passes at once.
    CHECK(task_span_ms(r, "syncall (32 blocks) (task 2)") < 0.1);
}

TEST_CASE("simpler: a hard SYNCALL at partial occupancy ends in 507018 and a refused next run "
          "(pypto #1935)",
          "[simpler]") {
    const json r = run_json("configs/simpler/hang_hard_partial_occupancy.yaml", "simpler_1935");
    CHECK(r["expectation"]["met"] == true);
    const std::string runs = check_detail(r, "the runs complete");
    CHECK_THAT(runs, Contains("run 1 returned 507018 (AICPU stream 507018, AICore stream 507014)"));
    CHECK_THAT(runs, Contains("run 2 returned -1 (refused: DeviceRunner marked unusable"));
    // The schedulers' watchdog: 10 s without progress, then up to 1 s for
    // the cores to leave (the 24 in the barrier never do).
    CHECK(stream_end_ms(r, 1) == Approx(11000).epsilon(0.001));
    // The workers' launch dies at simpler's op-execute timeout: 45 s, rounded
    // up to 11 credits.
    CHECK(stream_end_ms(r, 2) == Approx(47244.64).epsilon(1e-6));
    bool stuck_in_barrier = false;
    for (const json& line : r["runtime_log"])
        stuck_in_barrier = stuck_in_barrier ||
                           line.get<std::string>().find("did not leave after the exit signal") !=
                               std::string::npos;
    CHECK(stuck_in_barrier);
}

// Without sync_start the late blocks queue behind the other work (its
// cores acknowledged long ago), so the task completes in waves; with it the
// cohort waits for idle cores and starts as one.
TEST_CASE("simpler: full occupancy without sync_start runs in waves behind other work, with it "
          "as one (pypto #1990)",
          "[simpler]") {
    const json waves = run_json("configs/simpler/hard_waves_no_sync_start.yaml", "waves");
    CHECK(waves["expectation"]["met"] == true);
    REQUIRE(waves["rounds"].size() == 1);
    // The early 32 arrive at once, the late 16 when the other work (100 us) ends.
    const json& round = waves["rounds"][0];
    CHECK((round["last_arrival_ps"].get<double>() - round["first_arrival_ps"].get<double>()) / 1e6 >
          80.0);
    CHECK(task_span_ms(waves, "syncall (48 blocks)") > 0.09);
    const json fixed = run_json("configs/simpler/hard_full_occupancy_sync_start.yaml", "fixed");
    CHECK(fixed["expectation"]["met"] == true);
    CHECK(task_span_ms(fixed, "syncall (48 blocks)") < 0.02);
    REQUIRE(fixed["rounds"].size() == 1);
    CHECK(fixed["rounds"][0]["released_early"] == 0);
}

// simpler's a5 constants: 36 resident blocks (72 AIV, 5 AICPU threads), and
// each task's function built for its core's side: a vector task does not
// take the Mix build's paired path.
TEST_CASE("simpler: on a 950PR the workers cover 72 AIV, and a 72-block hard task passes",
          "[simpler]") {
    const json r = run_json("configs/simpler/hard_full_occupancy_sync_start.yaml --set "
                            "platform=950pr --set workload.params.spmd=72",
                            "a5");
    CHECK(r["expectation"]["met"] == true);
    CHECK_THAT(r["streams"][2]["last_task"].get<std::string>(),
               Contains("simpler_aicore_executor<<<36>>> dav-c310"));
    CHECK_THAT(r["streams"][1]["last_task"].get<std::string>(), Contains("(5 threads)"));
}

TEST_CASE("simpler: a task no set of cores can hold is refused by the orchestrator at once",
          "[simpler]") {
    const json r = run_json(
        "configs/simpler/hard_full_occupancy_sync_start.yaml --set workload.params.spmd=49",
        "too_many");
    CHECK_THAT(check_detail(r, "the runs complete"), Contains("run 1 returned 507018"));
    bool said = false;
    for (const json& line : r["runtime_log"])
        said = said || line.get<std::string>().find("returned 7: orchestrator: syncall (49 "
                                                    "blocks) has 49 blocks") != std::string::npos;
    CHECK(said);
    CHECK(stream_end_ms(r, 1) < 0.1); // no watchdog wait
}

TEST_CASE("simpler: a Mix task is refused before the run", "[simpler]") {
    const auto r = test::run_syncsim("run configs/simpler/hard_full_occupancy_sync_start.yaml "
                                     "--set workload.params.core_type=mix");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("workload.params.core_type"));
}
