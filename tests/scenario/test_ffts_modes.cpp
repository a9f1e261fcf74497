// FFTS modes beyond the SYNCALL paths: mode 1 syncs the two AIVs of one
// cluster (cann-cntnotify-and-platforms.md B.4).
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

TEST_CASE("FFTS mode 1: the two AIVs of each cluster meet, and each reads its sibling's slot",
          "[ffts]") {
    const RunReport r = test::run_config("configs/a2/ffts_mode1_subcores.yaml");
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    CHECK(r.result["ffts"]["messages"] == 48); // one per AIV
    CHECK(r.result["ffts"]["dropped_count"] == 0);
}

TEST_CASE("FFTS mode 1 left out: an AIV reads its sibling's slot before the store lands",
          "[ffts]") {
    const RunReport r = test::run_config(
        "configs/a2/ffts_mode1_subcores.yaml",
        {"workload.params.sync=false",
         "expect.checks={each AIV reads its sibling's slot after the mode-1 sync: fail}"});
    CHECK(r.expectation_met);
    CHECK_THAT(
        test::check_named(r, "each AIV reads its sibling's slot after the mode-1 sync")["detail"]
            .get<std::string>(),
        Contains("read 0"));
    CHECK(r.result["ffts"]["messages"] == 0);
}
