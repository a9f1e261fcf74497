// A chip no C++ code knows: tests/platforms/x900.yaml describes a made-up
// arch (dav-x900) by data alone, with its own features and launch rules. The
// SYNCALL barriers run on it unchanged, and its launch rules decide what a
// launch may be.
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

struct Run {
    int exit_code;
    std::string output;
    json result;
};

Run run_x900(const std::string& params) {
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
    const auto r = test::run_syncsim("run " + config + " --platforms " +
                                     test::repo_file("tests/platforms") + " --json " + out);
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
