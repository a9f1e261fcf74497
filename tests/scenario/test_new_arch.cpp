// A chip no C++ code knows: tests/platforms/x900.yaml describes a made-up
// arch (dav-x900) by data alone, with its own features and launch rules. The
// SYNCALL barriers run on it unchanged, and its launch rules decide what a
// launch may be.
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
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

Run run_x900(const std::string& params, const std::vector<std::string>& sets = {}) {
    const std::string config =
        test::write_file("x900_barrier.yaml", "description: a barrier on the made-up X900\n"
                                              "platform: x900\n"
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
