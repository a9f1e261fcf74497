// The device a platform tree describes is a tree of modules: each die its
// own L2 and clusters, built from that die's values, with SystemC names that
// show where a part sits.
#include "platforms/ascend_device.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace syncsim;

TEST_CASE("ascend device: a tree of die, cluster and core modules, each die with its own values",
          "[platform][die][model]") {
    // Two dies of 8 clusters (1 AIC + 2 AIV each); die 1 has its own L2
    // access and atomic costs and scalar-cache hit cost.
    const Platform p = load_platform(test::repo_file("tests/platforms"), "x900_unlike_dies");
    AscendDevice device(p);
    REQUIRE(device.aic().size() == 16);
    REQUIRE(device.aiv().size() == 32);
    CHECK(std::string(device.aic()[0]->name()) == "soc.die0.cluster0.aic0");
    CHECK(std::string(device.aiv()[1]->name()) == "soc.die0.cluster0.aiv1");
    CHECK(std::string(device.aic()[8]->name()) == "soc.die1.cluster8.aic8");
    CHECK(std::string(device.aiv()[31]->name()) == "soc.die1.cluster15.aiv31");
    CHECK(std::string(device.l2s()[1]->name()) == "soc.die1.l2");
    CHECK(std::string(device.ffts().name()) == "soc.ffts");
    CHECK(std::string(device.interconnect().name()) == "soc.interconnect");
    // SoC ids stay the AICs, then the AIVs, whatever order the tree built them in.
    const auto all = device.all_cores();
    for (std::size_t i = 0; i < all.size(); ++i)
        CHECK(all[i]->config().soc_core_id == static_cast<int>(i));
    // Each die's parts take that die's values.
    CHECK(device.l2s()[0]->params().access_cycles == 10);
    CHECK(device.l2s()[1]->params().access_cycles == 40);
    CHECK(device.l2s()[0]->params().atomic_cycles == 20);
    CHECK(device.l2s()[1]->params().atomic_cycles == 60);
    for (const AiCore* core : all) {
        INFO(core->name());
        CHECK(core->config().timing.cache_hit == (core->config().die == 1 ? 6 : 2));
    }
}

TEST_CASE("ascend device: every part's statistics say what they count, in what unit",
          "[platform][model][stats]") {
    const Platform p = load_platform(test::repo_file("tests/platforms"), "x900_unlike_dies");
    AscendDevice device(p);
    std::set<std::string> paths;
    for (const StatsGroup* g : device.stats().groups())
        for (const Statistic& s : g->stats()) {
            INFO(g->name() << ": " << s.path);
            CHECK_FALSE(s.meaning.empty());
            CHECK(paths.insert(s.path).second); // no two write one place
        }
    for (const char* path :
         {"ffts.messages", "l2.reads", "l2.by_die", "launches_unfinished", "cnt_notify_waits"})
        CHECK(paths.count(path) == 1);
}
