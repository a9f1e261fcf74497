// Naming the culprit of a hang (issue 28 item 1): the line after the outcome
// names the participant that did not arrive and what it did instead; the
// waiters follow, grouped; a soft barrier shows each side's N.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using Catch::StartsWith;

namespace {
// The summary's line after `outcome`.
std::string line_after_outcome(const std::string& summary) {
    const auto at = summary.find("\noutcome ");
    const auto start = summary.find('\n', at + 1) + 1;
    return summary.substr(start, summary.find('\n', start) - start);
}
} // namespace

TEST_CASE("culprit: the core that skipped a barrier is named right after the outcome",
          "[culprit]") {
    const RunReport r = test::run_config("configs/a5/hang_skipped_barrier.yaml");
    CHECK(r.outcome == "deadlock");
    CHECK(line_after_outcome(r.summary) ==
          "culprit    aiv5 (block 5) did not arrive at flag 14 in round 3: it finished its kernel "
          "after 2 barrier rounds (at 8.836 us)");
    CHECK_THAT(r.summary,
               Contains("  17 cores wait in round 3 on flag 14 (FFTS mode-0 sync on flag 14 among "
                        "AIV: 17 of 18 arrived): aiv0-4, aiv6-8, aiv36-44\n"));
    CHECK(r.result["diagnosis"]["lines"][0].get<std::string>() ==
          line_after_outcome(r.summary).substr(11));
}

TEST_CASE("culprit: a Mix soft barrier whose sides computed different N shows both", "[culprit]") {
    const RunReport r = test::run_config("configs/soft_failures/mix_ratio_hang.yaml");
    CHECK(r.outcome == "time_limit");
    CHECK_THAT(line_after_outcome(r.summary),
               StartsWith("culprit    every participant arrived at GM ") &&
                   Contains("yet the wait goes on: N = 36 on the aic side, 54 on the aiv side"));
}

TEST_CASE("culprit: a launch without an FFTS context: nobody can set the flag", "[culprit]") {
    const RunReport r = test::run_config("configs/a2/hang_hard_aiv_no_meta.yaml");
    CHECK_THAT(line_after_outcome(r.summary),
               StartsWith("culprit    nobody can signal flag 14: the launch owns no FFTS "
                          "context"));
    CHECK_THAT(r.summary, Contains("  40 cores wait in round 1 on flag 14: aiv0-39\n"));
}

TEST_CASE("culprit: a watchdog kill names who had not arrived when it fired", "[culprit]") {
    const RunReport r = test::run_config("configs/simpler/hang_hard_partial_occupancy.yaml");
    CHECK(r.outcome == "watchdog");
    CHECK_THAT(line_after_outcome(r.summary),
               StartsWith("culprit    aiv") &&
                   Contains("(24 cores) did not arrive at flag 14 in round 1: each finished its "
                            "kernel after 0 barrier rounds") &&
                   Contains("(at the kill of launch 1)"));
    CHECK(r.result["diagnosis"]["at_kill"].size() == 2);
}

TEST_CASE("wait graph: the two-streams waves deadlock draws its cycle", "[culprit][wait_graph]") {
    const std::string dot = (test::temp_dir() / "waits.dot").string();
    const ExperimentConfig cfg = load_experiment(
        test::repo_file("configs/a2/hang_waves_two_streams.yaml"), {}, test::platforms_dir());
    RunOptions options;
    options.waits_path = dot;
    const RunReport r = run_experiment(cfg, options);
    CHECK(r.outcome == "deadlock");
    const std::string text = test::read_text(dot);
    // launch 1's undispatched blocks need cores launch 2 holds, and back.
    CHECK_THAT(text, Contains("launch 1: 24 block(s) never dispatched") &&
                         Contains("launch 2: 24 block(s) never dispatched") &&
                         Contains("label=\"cores held by\", color=red") &&
                         Contains("host: aclrtSynchronizeStream(stream 0)"));
}

TEST_CASE("culprit: a soft barrier that fewer cores call than its N can never complete, and "
          "the launch's idle cores are not blamed",
          "[culprit]") {
    const RunReport r = test::run_config("configs/soft_failures/used_cores_too_large.yaml",
                                         {"limits.sim_time=50us"});
    CHECK(line_after_outcome(r.summary) ==
          "culprit    N = 10 at GM 0x100000c00 in round 1, but only 9 cores call the barrier: it "
          "can never complete");
    CHECK_THAT(r.summary, !Contains("aiv36"));
}

TEST_CASE("culprit: a run cut by the time limit while its cores still move names no culprit "
          "and proposes no fix",
          "[culprit]") {
    const RunReport r =
        test::run_config("configs/a2/hard_aiv_all_blocks.yaml", {"limits.sim_time=3us"});
    CHECK(r.outcome == "time_limit");
    CHECK_THAT(r.summary, !Contains("culprit    ") && !Contains("fix?"));
}
