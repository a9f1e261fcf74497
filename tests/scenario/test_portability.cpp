// `syncsim portability` as a user runs it: the SDK example passes on 950PR
// and hangs on 910B1 (its AIV-only launch owns no FFTS context there), in a
// table, CSV or JSON; a platform that cannot hold the launch is listed, not
// run; bad input is exit 2 naming the option. The rows read the result's
// diagnosis lines and fixes when it has them, and stand in when it does not.
#include "driver/study/portability/portability.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

// The example's A5 config with the plugin built in this tree, on 910B1 and
// 950PR; `options` are appended. Stdout only: the table, CSV or JSON.
test::CommandResult exchange_portability(const std::string& name, const std::string& options) {
    const std::string plugin = std::string(SYNCSIM_TEST_PLUGIN_DIR) + "/libneighbour_exchange.so";
    return test::run_syncsim("portability examples/neighbour_exchange/configs/a5.yaml --set "
                             "workload.plugin=" +
                             plugin + " --platforms-list 910b1,950pr -j 2 --out " +
                             (test::temp_dir() / name).string() + " " + options + " 2>/dev/null");
}

// The fields of one CSV line (RFC 4180 quoting).
std::vector<std::string> csv_fields(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            out.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else {
            out.back() += c;
        }
    }
    return out;
}

bool is_hang(const std::string& outcome) {
    return outcome == "deadlock" || outcome == "time_limit";
}

} // namespace

TEST_CASE("portability: the neighbour exchange passes on 950PR and hangs on 910B1 without "
          "mix_aiv_main",
          "[portability]") {
    const auto r = exchange_portability("table", "");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const std::vector<std::string> lines = test::lines_of(r.output);
    REQUIRE(lines.size() == 3);
    CHECK_THAT(lines[0], Contains("platform") && Contains("outcome") &&
                             Contains("barrier latency") && Contains("checks") &&
                             Contains("proposed fix") && Contains("diagnosis"));
    // Rows in the order asked, columns aligned under the header.
    CHECK(lines[1].rfind("910b1 ", 0) == 0);
    CHECK(lines[2].rfind("950pr ", 0) == 0);
    const std::size_t outcome_at = lines[0].find("outcome");
    CHECK(is_hang(lines[1].substr(outcome_at, lines[1].find(' ', outcome_at) - outcome_at)));
    CHECK_THAT(lines[1], Contains("no FFTS context"));
    CHECK(lines[2].substr(outcome_at, 9) == "completed");
    CHECK_THAT(lines[2], Contains("437.222 ns") && Contains("2 passed, 0 failed"));
}

TEST_CASE("portability: CSV and JSON carry the same rows, and the files beside them",
          "[portability]") {
    const auto csv = exchange_portability("csv", "--format csv");
    INFO(csv.output);
    REQUIRE(csv.exit_code == 0);
    const std::vector<std::string> lines = test::lines_of(csv.output);
    REQUIRE(lines.size() == 3);
    const std::vector<std::string> header = csv_fields(lines[0]);
    CHECK(header == std::vector<std::string>{"platform", "status", "outcome", "barrier_latency_ns",
                                             "checks_passed", "checks_failed", "diagnosis", "fix",
                                             "fix_why"});
    const std::vector<std::string> b1 = csv_fields(lines[1]), pr = csv_fields(lines[2]);
    REQUIRE(b1.size() == header.size());
    REQUIRE(pr.size() == header.size());
    CHECK(b1[0] == "910b1");
    CHECK(b1[1] == "ran");
    CHECK(is_hang(b1[2]));
    CHECK(b1[3].empty()); // no round completed
    CHECK(pr[0] == "950pr");
    CHECK(pr[2] == "completed");
    CHECK(std::stod(pr[3]) == Approx(437.223).margin(0.01));
    CHECK(pr[4] == "2");
    CHECK(pr[5] == "0");
    CHECK(pr[6].empty());

    const auto js = exchange_portability("json", "--format json");
    INFO(js.output);
    REQUIRE(js.exit_code == 0);
    const json j = json::parse(js.output);
    REQUIRE(j["platforms"].size() == 2);
    const json& hang = j["platforms"][0];
    const json& pass = j["platforms"][1];
    CHECK(hang["platform"] == "910b1");
    CHECK(is_hang(hang["outcome"].get<std::string>()));
    CHECK(hang["barrier_latency_ns"].is_null());
    CHECK(hang["checks"].is_null());
    CHECK_THAT(hang["diagnosis"].get<std::string>(), Contains("no FFTS context"));
    // A result that proposes fixes (diagnosis.fixes) gives the kernel meta.
    if (!hang["fix"].is_null())
        CHECK(hang["fix"]["command"] == "--set workload.params.meta=mix_aiv_main");
    CHECK(pass["platform"] == "950pr");
    CHECK(pass["outcome"] == "completed");
    CHECK(pass["checks"] == json{{"passed", 2}, {"failed", 0}});
    CHECK(pass["diagnosis"].is_null());
    // The out folder keeps both renderings, whatever went to stdout.
    const std::string dir = (test::temp_dir() / "json").string();
    CHECK(json::parse(test::read_text(dir + "/portability.json")) == j);
    CHECK(test::read_text(dir + "/portability.csv").rfind("platform,status,outcome,", 0) == 0);
}

TEST_CASE("portability: a platform that cannot hold the launch is listed, not run, and one whose "
          "config does not load says why",
          "[portability]") {
    // 44 AIV blocks of a barrier: 950PR holds them (72 AIV), 910B4 (40) does not.
    const std::string dir = (test::temp_dir() / "fit").string();
    const auto r = test::run_syncsim(
        "portability configs/a5/soft_aiv_all_blocks.yaml --set workload.params.block_dim=44 "
        "--platforms-list 910b4,950pr --format json --out " +
        dir + " 2>/dev/null");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const json j = json::parse(r.output);
    CHECK(j["platforms"][0]["status"] == "does_not_fit");
    CHECK(j["platforms"][0]["outcome"] == "does not fit");
    CHECK_THAT(j["platforms"][0]["diagnosis"].get<std::string>(),
               Contains("cannot all be resident on 910b4 (40 AIV cores)"));
    CHECK(j["platforms"][1]["outcome"] == "completed");
    CHECK(std::filesystem::is_empty(dir + "/points") == false);

    // A second die exists on 950PR only: 910B1's row is the config error,
    // the table goes on, and the exit code says a platform did not run.
    const auto bad = test::run_syncsim(
        "portability configs/a5/soft_aiv_all_blocks.yaml --set platform.die.1.l2.access_cycles=20 "
        "--platforms-list 950pr,910b1 --out " +
        (test::temp_dir() / "die").string() + " 2>/dev/null");
    INFO(bad.output);
    CHECK(bad.exit_code == 1);
    CHECK_THAT(bad.output, Contains("950pr     completed") && Contains("910b1     config error") &&
                               Contains("910b1: config error: --set platform.die.1.l2."
                                        "access_cycles") &&
                               Contains("the platform has 1 die(s)"));
}

TEST_CASE("portability: bad input is exit 2 naming the option or the platform", "[portability]") {
    const std::string config = "portability configs/a5/soft_aiv_all_blocks.yaml ";
    struct Case {
        std::string args, message;
    };
    for (const Case& c :
         {Case{"--platforms-list 910b1,950xx", "--platforms-list: no platform '950xx'"},
          Case{"--platforms-list 910b1,,950pr", "--platforms-list: an empty platform name"},
          Case{"--platforms-list 950pr,950pr", "--platforms-list names '950pr' twice"},
          Case{"--format xml", "--format 'xml': expected table, csv or json"},
          Case{"--set platform=910b1",
               "--set 'platform=910b1': portability sets each run's platform"},
          Case{"-j 0", "-j needs at least 1 job"}}) {
        const auto r = test::run_syncsim(config + c.args);
        INFO(c.args << "\n" << r.output);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.output, Contains("syncsim: error: " + c.message));
    }
    const auto missing = test::run_syncsim("portability no_such_config.yaml");
    CHECK(missing.exit_code == 2);
    CHECK_THAT(missing.output, Contains("no_such_config.yaml"));
    CHECK(test::run_syncsim("portability").exit_code == 2);
    const auto vortex = test::run_syncsim("portability configs/vortex/dotproduct.yaml");
    CHECK(vortex.exit_code == 2);
    CHECK_THAT(vortex.output, Contains("this config runs on vortex, a vortex platform"));
}

TEST_CASE("portability: a row takes the first diagnosis line and fix when the result has them",
          "[portability]") {
    using namespace syncsim::portability;
    const json hang = {
        {"outcome", {{"kind", "deadlock"}, {"reason", "no event is left to happen"}}},
        {"checks", json::array()},
        {"rounds", {{{"round", 1}}}},
        {"diagnosis",
         {{"lines", {"nobody can signal flag 14", "8 cores wait"}},
          {"fixes",
           {{{"set", {"workload.params.meta=mix_aiv_main", "workload.note=two words"}},
             {"why", "a kernel meta gives the launch an FFTS context"}}}}}}};
    const Row row = row_from_result("910b1", hang);
    CHECK(row.outcome == "deadlock");
    CHECK(!row.latency_ns);
    CHECK(!row.checks_passed);
    CHECK(row.diagnosis == "nobody can signal flag 14");
    REQUIRE(row.fix);
    CHECK(row.fix->why == "a kernel meta gives the launch an FFTS context");
    CHECK(fix_text(row) ==
          "--set workload.params.meta=mix_aiv_main --set 'workload.note=two words'");

    // Without the diagnosis fields: the outcome's reason, and no fix.
    json plain = hang;
    plain.erase("diagnosis");
    const Row older = row_from_result("910b1", plain);
    CHECK(older.diagnosis == "no event is left to happen");
    CHECK(fix_text(older) == "-");

    // A completed run: "-" when its checks pass, else its first failed check;
    // the latency is the median over every round.
    const json done = {{"outcome", {{"kind", "completed"}, {"reason", "every stream drained"}}},
                       {"checks",
                        {{{"name", "a"}, {"ok", true}, {"detail", ""}},
                         {{"name", "b"}, {"ok", false}, {"detail", "block 0 read 0"}}}},
                       {"round_stats", {{"latency_ps", {{"median", 437223}}}}}};
    const Row completed = row_from_result("950pr", done);
    CHECK(completed.diagnosis == "check 'b' failed: block 0 read 0");
    CHECK(*completed.checks_passed == 1);
    CHECK(*completed.checks_failed == 1);
    CHECK(*completed.latency_ns == Approx(437.223));
    std::ostringstream table;
    write_table(table, {row, completed});
    CHECK_THAT(table.str(), Contains("437.223 ns") && Contains("1 passed, 1 failed") &&
                                Contains("--set workload.params.meta=mix_aiv_main"));
}
