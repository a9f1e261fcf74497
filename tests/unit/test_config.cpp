// Bad input gets an error naming the file, the line and the key, with the
// nearest known key; --set values are checked like file values.
#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/kinds/ascend/ascend_kind.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

namespace {

const char* const kGood = R"(platform: 950pr
workload:
  host: gm_roundtrip
  params:
    block_dim: 4
    iterations: 2
limits:
  sim_time: 1 ms
)";

ExperimentConfig load(const std::string& text, const std::vector<std::string>& sets = {}) {
    return load_experiment(test::write_file("cfg.yaml", text), sets, test::platforms_dir());
}

std::string error_of(const std::string& text, const std::vector<std::string>& sets = {}) {
    try {
        load(text, sets);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
    s.replace(s.find(from), from.size(), to);
    return s;
}

} // namespace

TEST_CASE("a valid config loads with parameter origins", "[config]") {
    const ExperimentConfig c = load(kGood);
    CHECK(setup_as<AscendSetup>(c).platform.name == "950pr");
    CHECK(setup_as<AscendSetup>(c).host == "gm_roundtrip");
    CHECK(std::get<std::int64_t>(c.params.at("iterations")) == 2);
    CHECK_THAT(c.param_origins.at("iterations"), Contains("cfg.yaml#workload.params.iterations"));
    CHECK(c.sim_time_limit_ps == 1000000000ull);
}

TEST_CASE("a misspelt key names file, line, key and the nearest known key", "[config]") {
    const std::string e = error_of(replace(kGood, "workload:", "worklaod:"));
    CHECK_THAT(e, Contains("cfg.yaml:2"));
    CHECK_THAT(e, Contains("unknown key 'worklaod'"));
    CHECK_THAT(e, Contains("did you mean 'workload'?"));
    const std::string p = error_of(replace(kGood, "iterations:", "iteratons:"));
    CHECK_THAT(p, Contains("cfg.yaml:6"));
    CHECK_THAT(p, Contains("'workload.params.iteratons'"));
    CHECK_THAT(p, Contains("did you mean 'workload.params.iterations'?"));
}

TEST_CASE("wrong types, out-of-range values and unknown names are errors", "[config]") {
    CHECK_THAT(error_of(replace(kGood, "iterations: 2", "iterations: two")),
               Contains("expected an integer"));
    CHECK_THAT(error_of(replace(kGood, "block_dim: 4", "block_dim: 0")), Contains("outside [1,"));
    CHECK_THAT(error_of(replace(kGood, "950pr", "950rp")), Contains("did you mean '950pr'?"));
    CHECK_THAT(error_of(replace(kGood, "host: gm_roundtrip", "host: gm_rundtrip")),
               Contains("did you mean 'gm_roundtrip'?"));
    CHECK_THAT(error_of(replace(kGood, "1 ms", "1 parsec")),
               Contains("a decimal number and a unit"));
    CHECK_THAT(error_of(std::string(kGood) + "overrides:\n  die: {cluster: {count: 0}}\n"),
               Contains("cfg.yaml:10"));
    CHECK_THAT(error_of(std::string(kGood) + "overrides:\n  die: {l2: {acess_cycles: 3}}\n"),
               Contains("did you mean 'overrides.die.l2.access_cycles'?"));
    CHECK_THAT(error_of(std::string(kGood) + "overrides:\n  die: {l3: {access_cycles: 3}}\n"),
               Contains("key 'overrides.die.l3': unknown platform parameter"));
}

TEST_CASE("a key of the old flat platform format names its path in the tree", "[config]") {
    CHECK_THAT(error_of(std::string(kGood) + "overrides:\n  l2_access_cycles: 3\n"),
               Contains("cfg.yaml:10") &&
                   Contains("its path in the tree is 'die.l2.access_cycles'"));
    CHECK_THAT(error_of(kGood, {"platform.noc_hop_cycles=5"}),
               Contains("--set platform.noc_hop_cycles") &&
                   Contains("its path in the tree is 'die.l2.hop_cycles'"));
}

TEST_CASE("a missing config file is a clear error", "[config]") {
    CHECK_THROWS_WITH(load_experiment("no/such/file.yaml", {}, test::platforms_dir()),
                      Contains("no/such/file.yaml: no such file"));
}

TEST_CASE("command-line overrides set any key, and their errors name the --set", "[config]") {
    const ExperimentConfig c =
        load(kGood, {"platform.die.l2.access_cycles=33", "workload.params.iterations=7"});
    CHECK(setup_as<AscendSetup>(c).platform.l2.access_cycles == 33);
    CHECK(setup_as<AscendSetup>(c).platform.origins.at("die.l2.access_cycles").set_at ==
          "--set platform.die.l2.access_cycles");
    CHECK(std::get<std::int64_t>(c.params.at("iterations")) == 7);
    CHECK_THAT(error_of(kGood, {"platform.die.cluster.count=-1"}),
               Contains("--set platform.die.cluster.count"));
    CHECK_THAT(error_of(kGood, {"workload.params.iteratons=3"}),
               Contains("did you mean 'workload.params.iterations'?"));
    CHECK_THAT(error_of(kGood, {"nonsense"}), Contains("expected KEY=VALUE"));
    // A one-word key the config holds deeper down: the path was left short.
    CHECK_THAT(error_of(kGood, {"block_dim=8"}),
               Contains("no top-level key 'block_dim'; did you mean --set "
                        "workload.params.block_dim=8?"));
    CHECK_THAT(error_of(kGood, {"bogus=8"}), Contains("unknown key 'bogus'"));
}

TEST_CASE("a tab on a YAML error's line is named as the cause", "[config]") {
    // yaml-cpp says "illegal map value" here; the line's tab is why.
    const std::string indented = replace(kGood, "\nworkload:", "\n workload:");
    CHECK_THAT(error_of(replace(indented, "workload:", "workload:\t")),
               Contains("this line holds a tab: YAML indents with spaces only"));
    CHECK_THAT(error_of(replace(kGood, "    iterations", "\titerations")),
               Contains("this line holds a tab"));
    CHECK_THAT(error_of(indented), !Contains("tab") && Contains("must start in the same column"));
}

TEST_CASE("a derived value is derived after overrides and never given", "[config]") {
    CHECK_THAT(error_of(kGood, {"platform.aiv_cores=70"}),
               Contains("'platform.aiv_cores': derived (aic_cores x die.cluster.aiv_per_aic)"));
    CHECK_THAT(error_of(kGood, {"platform.aic_cores=9"}),
               Contains("derived (die.count x die.cluster.count)"));
    const ExperimentConfig c = load(kGood, {"platform.die.cluster.count=9"});
    CHECK(setup_as<AscendSetup>(c).platform.aic_cores == 18); // two dies of 9 clusters
    CHECK(setup_as<AscendSetup>(c).platform.aiv_cores == 36);
    CHECK(setup_as<AscendSetup>(c).platform.origins.at("aiv_cores").source == "derived");
    CHECK(setup_as<AscendSetup>(c).platform.origins.at("aiv_cores").ref ==
          "aic_cores x die.cluster.aiv_per_aic");
}

TEST_CASE("nearest_name suggests only close names", "[config]") {
    CHECK(nearest_name("aiv_core", {"aiv_cores", "aic_cores"}) == "aiv_cores");
    CHECK(nearest_name("zzzzzz", {"aiv_cores", "aic_cores"}).empty());
}

TEST_CASE("durations parse strictly: whole picoseconds, a unit, at most 100 days", "[config]") {
    const std::vector<std::pair<std::string, std::uint64_t>> good = {
        {"500 us", 500'000'000}, {"2ms", 2'000'000'000},
        {"1.5 ns", 1500},        {" 3 s ", 3'000'000'000'000},
        {"0.001 ns", 1},         {"8640000 s", 8'640'000'000'000'000'000ull}};
    for (const auto& [text, ps] : good) {
        INFO(text);
        CHECK(parse_duration_ps(text, "t") == ps);
    }
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"0x10 ms", "is not a duration"},
        {"1e3 us", "is not a duration"},
        {"-1 s", "is not a duration"},
        {"5", "is not a duration"},
        {"2 ms extra", "is not a duration"},
        {".5 s", "is not a duration"},
        {"0.4 ps", "whole number of picoseconds"},
        {"0.0015 ns", "whole number of picoseconds"},
        {"0 s", "must be positive"},
        {"10000000 s", "longer than 100 days"},
        {"99999999999999999999999 ps", "longer than 100 days"}};
    for (const auto& [text, message] : bad) {
        INFO(text);
        CHECK_THROWS_WITH(parse_duration_ps(text, "t"), Contains(message));
    }
}
