// The test kind (toy_kind.hpp) goes through every command path a built-in
// kind does, added to the registry by the one line below: the proof that a
// kind is one folder plus one registry line.
#include "driver/kinds/platform_kind.hpp"
#include "tests/kinds/toy/toy_kind.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <sstream>

namespace syncsim::toy_kind_tests {

using Catch::Matchers::Contains;

void add_toy_kind_once() {
    static const bool added = (add_platform_kind(toy::toy_kind()), true);
    (void)added;
}

const std::string kFolder = "tests/kinds/toy";

TEST_CASE("test kind: its platform file loads and describes itself", "[kind]") {
    add_toy_kind_once();
    const std::string dir = test::repo_file(kFolder);
    CHECK(platform_kind_of(dir, "toy").name == "toy");
    std::ostringstream out;
    describe_platform(out, dir, "toy");
    CHECK_THAT(out.str(), Contains("platform toy: a test kind"));
    CHECK_THAT(out.str(), Contains("release_cycles"));
    CHECK_THAT(out.str(), Contains("4 estimated"));
}

TEST_CASE("test kind: its barrier releases every core when all take part", "[kind]") {
    add_toy_kind_once();
    const RunReport r = test::run_config(kFolder + "/barrier.yaml");
    INFO(r.summary);
    CHECK(r.outcome == "completed");
    CHECK(r.expectation_met);
    // Core 3 arrives last: 4 x 100 cycles of work, 10 to arrive, 5 to release, at 1 GHz.
    CHECK(r.result["barrier"]["released_ps"] == 415'000);
    CHECK(r.result["config"]["workload"]["toy"] == "barrier");
    CHECK(r.result["rests_on"]["estimates"] == 4);
    CHECK_THAT(r.summary, Contains("barrier    4 of 4 arrived, released at"));
}

TEST_CASE("test kind: a barrier for more cores than the chip has deadlocks every core", "[kind]") {
    add_toy_kind_once();
    const RunReport r = test::run_config(
        kFolder + "/barrier.yaml", {"workload.params.participants=5", "expect.outcome=deadlock",
                                    "expect.stuck=[core0, core1, core2, core3]"});
    INFO(r.summary);
    CHECK(r.outcome == "deadlock");
    CHECK(r.expectation_met);
    CHECK_THAT(r.result["outcome"]["reason"].get<std::string>(),
               Contains("4 of the barrier's 5 participants arrived; the chip has 4 cores"));
}

TEST_CASE("test kind: its config errors name the file, key and line", "[kind]") {
    add_toy_kind_once();
    const auto error_of = [](const std::vector<std::string>& sets) {
        try {
            load_experiment(test::repo_file(kFolder + "/barrier.yaml"), sets,
                            test::platforms_dir());
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(error_of({"workload.toy=tree"}), Contains("'tree' is not one of"));
    CHECK_THAT(error_of({"expect.stuck=[core9]"}), Contains("core9"));
    CHECK_THAT(error_of({"platform.cores=0"}), Contains("cores"));
}

} // namespace syncsim::toy_kind_tests
