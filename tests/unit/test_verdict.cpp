// The verdict line (driver/run/expectation.hpp): a run that met its
// expectation but shows what a clean run would not says so, with its exit
// code unchanged; a run that already fails a check or did not complete is
// not asked.
#include "driver/run/expectation.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace verdict_tests {
json completed_run() {
    return {{"outcome", {{"kind", "completed"}}},
            {"checks", json::array({{{"name", "out"}, {"ok", true}}})},
            {"round_stats", {{"released_early", 0}}},
            {"races", {{"count", 0}}}};
}
} // namespace verdict_tests

TEST_CASE("verdict: sides that disagree on N, early releases and races are never called clean",
          "[verdict]") {
    ExpectationCheck met;
    json clean = verdict_tests::completed_run();
    CHECK(verdict_line(met, clean) == "verdict    as expected (exit 0)\n");
    json mixed = clean;
    mixed["barrier_n"] = {{"aic", {36}}, {"aiv", {54}}};
    mixed["round_stats"]["released_early"] = 36;
    mixed["races"]["count"] = 629;
    CHECK(verdict_line(met, mixed) ==
          "verdict    as expected (exit 0), but not a clean run: the barrier's participants "
          "computed different N (aic 36, aiv 54); 36 release(s) before the round's last "
          "arrival; 629 GM race pair(s)\n");
    ExpectationCheck none;
    none.given = false;
    CHECK_THAT(verdict_line(none, mixed),
               Contains("completed and every check passed (exit 0; no expect: given), but not "
                        "a clean run: the barrier's participants"));
    // A run that did not complete, or failed a check, is not clean already.
    json hung = mixed;
    hung["outcome"]["kind"] = "deadlock";
    CHECK(verdict_line(met, hung) == "verdict    as expected (exit 0)\n");
    json failed = mixed;
    failed["checks"][0]["ok"] = false;
    CHECK(verdict_line(met, failed) == "verdict    as expected (exit 0)\n");
}
