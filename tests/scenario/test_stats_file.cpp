// `syncsim run --stats FILE` as a user runs it: a flat file per run that
// diff compares, the same for the same config, refused where it cannot go.
#include "driver/run/stats_dump.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <sstream>

using namespace syncsim;
using Catch::Contains;

namespace stats_file_test {

std::set<std::string> lines_of(const std::string& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.insert(line);
    return out;
}

TEST_CASE("stats file: a run's figures one per line, the same twice, diffable", "[cli][stats]") {
    const std::string dir = test::temp_dir().string();
    for (const std::string name : {"a", "b"})
        REQUIRE(
            test::run_syncsim("run configs/quickstart.yaml --stats " + dir + "/" + name + ".stats")
                .exit_code == 0);
    REQUIRE(test::run_syncsim("run configs/quickstart.yaml --set workload.params.iterations=5 "
                              "--stats " +
                              dir + "/c.stats")
                .exit_code == 0);
    const std::string a = test::read_text(dir + "/a.stats");
    CHECK(a == test::read_text(dir + "/b.stats"));
    CHECK_THAT(a, Contains("# syncsim "));
    CHECK_THAT(a, Contains(" statistics: configs/quickstart.yaml on 950pr\n"));
    CHECK_THAT(a, Contains("\noutcome.kind "));
    CHECK_THAT(a, Contains("\"completed\""));
    CHECK_THAT(a, Contains("\ncores.aiv0.time_ps.running "));
    CHECK_THAT(a, !Contains(kUndescribed));
    // What changed between two runs is what diff shows: the end time moved,
    // the platform's figures did not.
    const auto before = lines_of(a), after = lines_of(test::read_text(dir + "/c.stats"));
    std::set<std::string> changed;
    for (const std::string& line : before)
        if (!after.count(line)) changed.insert(line.substr(0, line.find(' ')));
    CHECK(changed.count("time.end_ps") == 1);
    CHECK(changed.count("#") == 1); // the header names the --set
    CHECK(changed.count("l2.reads") == 1);
    CHECK(changed.count("ffts.messages") == 0);
}

TEST_CASE("stats file: a hang's and a Vortex run's figures all have a meaning", "[cli][stats]") {
    const std::string dir = test::temp_dir().string();
    for (const std::string config :
         {"configs/a2/hang_hard_aiv_no_meta.yaml", "configs/vortex/dotproduct.yaml"}) {
        const auto r =
            test::run_syncsim("run " + config + " --fix-budget 0 --stats " + dir + "/h.stats");
        REQUIRE(r.exit_code <= 1);
        const std::string text = test::read_text(dir + "/h.stats");
        INFO(config);
        CHECK(text.size() > 500);
        CHECK_THAT(text, !Contains(kUndescribed));
    }
}

TEST_CASE("stats file: a --stats file that cannot be written is refused before the run",
          "[cli][stats]") {
    const auto none = test::run_syncsim("run configs/quickstart.yaml --stats ''");
    CHECK(none.exit_code == 2);
    CHECK_THAT(none.output, Contains("--stats needs a file name"));
    const auto dir = test::run_syncsim("run configs/quickstart.yaml --stats /no/such/dir/x.stats");
    CHECK(dir.exit_code == 2);
    CHECK_THAT(dir.output, Contains("--stats file"));
    const auto same =
        test::run_syncsim("run configs/quickstart.yaml --stats configs/quickstart.yaml");
    CHECK(same.exit_code == 2);
}

} // namespace stats_file_test
