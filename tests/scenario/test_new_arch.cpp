// A chip no C++ code knows: tests/platforms/x900.yaml describes a made-up
// arch (dav-x900) by data alone, with its own features and launch rules. The
// SYNCALL barriers run on it unchanged, and its launch rules decide what a
// launch may be.
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <set>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

struct Run {
    int exit_code;
    std::string output;
    json result;
};

Run run_x900(const std::string& params, const std::vector<std::string>& sets = {},
             const std::string& platform = "x900") {
    const std::string config =
        test::write_file("x900_barrier.yaml", "description: a barrier on the made-up X900\n"
                                              "platform: " +
                                                  platform +
                                                  "\n"
                                                  "workload:\n"
                                                  "  host: syncall_system_test\n"
                                                  "  params: {" +
                                                  params +
                                                  "}\n"
                                                  "limits:\n"
                                                  "  sim_time: 1 ms\n");
    const std::string out = (test::temp_dir() / "x900.json").string();
    std::string set_args;
    for (const auto& s : sets) set_args += " --set " + s;
    const auto r =
        test::run_syncsim("run " + config + " --platforms " + test::repo_file("tests/platforms") +
                          set_args + " --json " + out);
    return {r.exit_code, r.output, json::parse(test::read_text(out))};
}

} // namespace

TEST_CASE("a new arch described only by data runs hard and soft barriers", "[arch]") {
    struct Row {
        const char* params;
        std::int64_t cores;
    };
    for (const Row& row : {Row{"core_type: aiv_only, block_dim: 64", 64},
                           Row{"core_type: aiv_only, block_dim: 64, mode: soft", 64},
                           Row{"core_type: mix, block_dim: 32", 96}}) {
        INFO(row.params);
        const Run r = run_x900(row.params);
        INFO(r.output);
        CHECK(r.exit_code == 0);
        CHECK(r.result["outcome"]["kind"] == "completed");
        REQUIRE(r.result["rounds"].size() == 1);
        CHECK(r.result["rounds"][0]["cores"] == row.cores);
        CHECK(r.result["rounds"][0]["released"] == row.cores);
        for (const json& c : r.result["checks"]) CHECK(c["ok"] == true);
        CHECK_THAT(r.output, Contains("dav-x900"));
    }
}

TEST_CASE("the new arch's launch rules decide: a meta it has no rule for is refused", "[arch]") {
    const Run r = run_x900("core_type: aiv_only, block_dim: 64, meta: mix_aiv_main");
    CHECK(r.exit_code == 1);
    CHECK(r.result["outcome"]["kind"] == "host_error");
    CHECK_THAT(r.result["outcome"]["reason"].get<std::string>(),
               Contains("no launch rule for build dav-x900-vec with kernel meta mix_aiv_main"));
}

TEST_CASE("four dies: a barrier across them pays the die-to-die hop", "[arch][die]") {
    // X900 has four dies of 8 clusters; the FFTS hub sits on die 0 and each
    // GM line is homed on one die. 64 AIV span all four dies.
    const std::string hard = "core_type: aiv_only, block_dim: 64";
    auto latency_ps = [](const Run& r) {
        REQUIRE(r.result["rounds"].size() == 1);
        return r.result["rounds"][0]["latency_ps"].get<double>();
    };
    auto with_hop = [&](const std::string& params, int hop) {
        return run_x900(params, {"platform.interconnect.die_hop_cycles=" + std::to_string(hop)});
    };
    const Run hop40 = with_hop(hard, 40), hop0 = with_hop(hard, 0);
    std::set<int> dies;
    for (const json& c : hop40.result["cores"])
        if (c["type"] == "aiv") dies.insert(c["die"].get<int>());
    CHECK(dies == std::set<int>{0, 1, 2, 3});
    // The last arrival comes from another die (one hop to the hub) and the
    // last release goes to one (one hop back): 2 x 40 cycles at 1500 MHz.
    const double cycle_ps = 1e6 / 1500.0;
    CHECK((latency_ps(hop40) - latency_ps(hop0)) / cycle_ps == Approx(2 * 40).margin(0.5));

    // The soft barrier's counter is homed on one die: cores on the others
    // pay the hop both ways on every atomic and poll. The 64 pollers keep
    // the counter's slice busy, so the way there hides in its queue and the
    // last release pays the way back.
    const std::string soft = hard + ", mode: soft";
    CHECK(latency_ps(with_hop(soft, 40)) >= latency_ps(with_hop(soft, 0)) + 40 * cycle_ps - 1);

    // On one die of 32 clusters the hop is never paid.
    const Run single40 = run_x900(hard, {"platform.die.count=1", "platform.die.cluster.count=32",
                                         "platform.interconnect.die_hop_cycles=40"});
    const Run single0 = run_x900(hard, {"platform.die.count=1", "platform.die.cluster.count=32",
                                        "platform.interconnect.die_hop_cycles=0"});
    CHECK(latency_ps(single40) == latency_ps(single0));
}

namespace {
json param_row(const Run& r, const std::string& path) {
    const json& params = r.result["platform"]["params"];
    return params.contains(path) ? params.at(path) : json();
}
} // namespace

TEST_CASE("two unlike dies: each die, the hub and the link take their values from the file",
          "[arch][die]") {
    // tests/platforms/x900_unlike_dies.yaml: die 1 has its own L2 and
    // scalar-cache costs, the hub sits on die 1, and the one link its own hop.
    const std::string hard = "core_type: aiv_only, block_dim: 32";
    auto latency_ps = [](const Run& r) {
        REQUIRE(r.result["rounds"].size() == 1);
        return r.result["rounds"][0]["latency_ps"].get<double>();
    };
    auto run = [&](const std::string& params, const std::vector<std::string>& sets = {}) {
        return run_x900(params, sets, "x900_unlike_dies");
    };
    for (const std::string& params : {hard, hard + ", mode: soft"}) {
        INFO(params);
        const Run r = run(params);
        INFO(r.output);
        CHECK(r.exit_code == 0);
        CHECK(r.result["outcome"]["kind"] == "completed");
        for (const json& c : r.result["checks"]) CHECK(c["ok"] == true);
    }
    const Run base = run(hard);
    // Each instance's own value is a row of the result, after the shared one.
    CHECK(param_row(base, "die.l2.access_cycles")["value"] == "10");
    CHECK(param_row(base, "die.1.l2.access_cycles")["value"] == "40");
    CHECK(param_row(base, "die.1.l2.access_cycles")["set_at"] ==
          "platforms/x900_unlike_dies.yaml#device.die.1.l2.access_cycles");
    CHECK(param_row(base, "die.1.cluster.core.scalar_cache.hit_cycles")["value"] == "6");
    CHECK(param_row(base, "interconnect.0-1.die_hop_cycles")["value"] == "25");
    CHECK(param_row(base, "ffts.hub_die")["value"] == "1");
    // The hub on die 1: its release reaches a die-0 core over the link, at
    // the link's own cost (25 cycles at 1500 MHz), and a die-1 core without
    // it (die 1's slower caches make its cores the last to arrive, so the
    // hub releases at the same time either way).
    const double cycle_ps = 1e6 / 1500.0;
    const Run no_link = run(hard, {"platform.interconnect.0-1.die_hop_cycles=0"});
    std::map<std::string, int> die_of;
    for (const json& c : base.result["cores"]) die_of[c["core"]] = c["die"];
    auto released = [](const Run& r) {
        std::map<std::string, double> at;
        for (const json& c : r.result["rounds"][0]["per_core"]) at[c["core"]] = c["released_ps"];
        return at;
    };
    const auto with = released(base), without = released(no_link);
    REQUIRE(with.size() == 32);
    std::set<int> seen;
    for (const auto& [core, at] : with) {
        INFO(core << " on die " << die_of.at(core));
        seen.insert(die_of.at(core));
        CHECK((at - without.at(core)) / cycle_ps ==
              Approx(die_of.at(core) == 0 ? 25 : 0).margin(0.01));
    }
    CHECK(seen == std::set<int>{0, 1});
    // The link's own value wins over the shared die_hop_cycles.
    CHECK(latency_ps(run(hard, {"platform.interconnect.die_hop_cycles=0"})) == latency_ps(base));
}
