// Every documented misuse is a config (issue 14 item 7): each shows its
// symptom, and the symptom comes from the model's mechanism.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

TEST_CASE("misuse: a flag set past 15 pending overflows its counter, reported per core",
          "[misuse]") {
    const RunReport r = test::run_config("configs/a2/ffts_flag_overflow.yaml");
    CHECK(r.expectation_met);
    const json& errors = r.result["ffts"]["hardware_errors"];
    REQUIRE(errors.size() == 2);
    for (const json& e : errors)
        CHECK_THAT(e["what"].get<std::string>(), Contains("FFTS flag 5 overflowed past 15"));
}

TEST_CASE("misuse: cached AIC reads without dcci see the first round's flags in the second",
          "[misuse]") {
    const RunReport r = test::run_config("configs/a2/aic_cached_reads.yaml");
    CHECK(r.expectation_met);
    // "saw flags[..]=k, expected 2k": the value the line held after round 1.
    CHECK_THAT(
        test::check_named(r, "out[i*S] == 1 for every participant, 2 for idle cores")["detail"]
            .get<std::string>(),
        Contains("20 of 20 wrong") && Contains("(saw flags[0]=1, expected 2)") &&
            // Where the value came from: memory holds the new value, so the
            // core's read was a stale cached copy.
            Contains("[flags[16] holds 6 now, last written by aic2 (PIPE_MTE3): copy_cbuf_to_gm "
                     "[0x100000040, +32) at 6.899 us]"));
}

TEST_CASE("misuse: idle cores calling at every barrier shift every epoch", "[misuse]") {
    const RunReport r =
        test::run_config("configs/soft_failures/idle_cores_call_every_barrier.yaml");
    CHECK(r.expectation_met);
    // 3 barriers x (9 participants + 9 idle callers) arrivals.
    CHECK(test::check_named(r, "workspace counter == barriers x N")["detail"] ==
          "counter 54, expected 27");
}

TEST_CASE("misuse: a CntNotify wait no count can satisfy times out after its records", "[misuse]") {
    const RunReport r = test::run_config("configs/cntnotify/wait_less_after_records.yaml");
    CHECK(r.expectation_met);
    CHECK(test::check_named(r, "the wait is released")["detail"] ==
          "aclrtSynchronizeStream returned 107020 (3 record(s) of +1, wait less 2)");
}

TEST_CASE("misuse: a CntNotify wait satisfied by the records is released", "[misuse]") {
    const RunReport r = test::run_config(
        "configs/cntnotify/wait_less_after_records.yaml",
        {"workload.params.wait_mode=bigger_or_equal", "workload.params.wait_value=3",
         "expect.checks={the wait is released: pass, the task after the wait ran: pass}"});
    CHECK(r.expectation_met);
}

TEST_CASE("misuse: a Vortex gbar with count 3 on 4 cores strands the fourth core", "[misuse]") {
    const RunReport r = test::run_config("configs/vortex/gbar_count_misuse.yaml");
    CHECK(r.outcome == "watchdog");
    CHECK(r.expectation_met);
}

TEST_CASE("misuse: a Vortex gbar count past the cores is truncated to NC_WIDTH bits", "[misuse]") {
    // size_m1 = count - 1 in NC_WIDTH (2 bits for 4 cores): 8 - 1 = 7 -> 3.
    const RunReport r =
        test::run_config("configs/vortex/gbar_count_misuse.yaml",
                         {"workload.params.gbar_count=8", "expect.outcome=completed",
                          "expect.checks={\"dst[i] == i + 1\": pass}"});
    CHECK(r.expectation_met);
}

TEST_CASE("misuse: a Vortex gbar with count 2 releases in pairs, before the copy is seen",
          "[misuse]") {
    const RunReport r =
        test::run_config("configs/vortex/gbar_count_misuse.yaml",
                         {"workload.params.gbar_count=2", "expect.outcome=completed",
                          "expect.checks={\"dst[i] == i + 1\": fail}"});
    CHECK(r.expectation_met);
}
