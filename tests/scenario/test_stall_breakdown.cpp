// Where each core's time went (issue 43 item 8): the result has each core's
// time in running, waiting, polling and blocked, and the summary a line per
// core type with the shares. Each mechanism shows in its own column.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

using namespace syncsim;
using Catch::Contains;

namespace stall_breakdown_test {

// Summed over the cores of `type`: ps in `state`.
std::uint64_t total(const RunReport& r, const std::string& type, const std::string& state) {
    std::uint64_t sum = 0;
    for (const auto& core : r.result["cores"])
        if (core["type"] == type && core["time_ps"].contains(state))
            sum += core["time_ps"][state].get<std::uint64_t>();
    return sum;
}

} // namespace stall_breakdown_test

using namespace stall_breakdown_test;

TEST_CASE("stalls: a soft barrier's cores poll GM and wait on nobody, and their time adds up",
          "[stalls]") {
    const RunReport r = test::run_config("configs/a2/soft_aiv_all_blocks.yaml");
    CHECK(total(r, "aiv", "polling") > 0);
    CHECK(total(r, "aiv", "waiting") == 0);
    CHECK(total(r, "aiv", "running") > 0);
    // A core's busy time fits between 0 and its finish.
    for (const auto& core : r.result["cores"]) {
        std::uint64_t busy = 0;
        for (const auto& [state, ps] : core["time_ps"].items()) busy += ps.get<std::uint64_t>();
        CHECK(busy > 0);
        CHECK(busy <= core["finished_ps"].get<std::uint64_t>());
    }
    CHECK_THAT(r.summary, Contains("stalls     aiv (48 cores' time holding a block): running ") &&
                              Contains(", waiting on others 0.0%, polling GM "));
}

TEST_CASE("stalls: a hard Mix barrier's cores wait on the FFTS flags", "[stalls]") {
    const RunReport r = test::run_config("configs/a2/hard_mix_1_2.yaml");
    CHECK(total(r, "aiv", "waiting") > 0);
    CHECK(total(r, "aic", "waiting") > 0);
    CHECK(total(r, "aiv", "polling") == 0);
    CHECK_THAT(r.summary, Contains("stalls     aic (24 cores' time holding a block)"));
}

TEST_CASE("stalls: cores copying tiles wait on their own pipes, and only those 18 count",
          "[stalls]") {
    // 18 blocks on a device of 72 AIV: the idle cores hold no time.
    const RunReport r = test::run_config("configs/quickstart.yaml");
    const std::uint64_t blocked = total(r, "aiv", "blocked");
    CHECK(blocked > 5 * total(r, "aiv", "running"));
    CHECK_THAT(r.summary, Contains("stalls     aiv (18 cores' time holding a block): running "));
}

TEST_CASE("stalls: no core of any golden result holds more time than its run lasted", "[stalls]") {
    // A local time that steps back (a kill drops a core's lag) must not make
    // a stretch negative, which would wrap to a huge count.
    std::size_t cores = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(test::repo_file("tests/golden"))) {
        if (entry.path().extension() != ".json") continue;
        const auto result = nlohmann::json::parse(test::read_text(entry.path().string()));
        if (!result.contains("cores") || !result["cores"].is_array()) continue;
        const auto end = result["time"]["end_ps"].get<std::uint64_t>();
        for (const auto& core : result["cores"]) {
            if (!core.contains("time_ps")) continue;
            std::uint64_t busy = 0;
            for (const auto& [state, ps] : core["time_ps"].items()) busy += ps.get<std::uint64_t>();
            INFO(entry.path().string() << " " << core["core"]);
            CHECK(busy <= end);
            ++cores;
        }
    }
    CHECK(cores > 1000);
}
