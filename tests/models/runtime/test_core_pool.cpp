// CorePool: the cores as the task scheduler hands them out (a small device:
// one die of two clusters, 2 AIC and 4 AIV). A block goes on the lowest free
// core, a Mix block on one cluster's AIC and its AIVs; when none is free,
// the pool says who holds the cores.
#include "models/runtime/core_pool.hpp"
#include "platforms/ascend_device.hpp"
#include "tests/support/small_device.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

namespace core_pool_test {

void configure(LaunchExecution& e, std::uint64_t id, int aic, int aiv, std::int64_t blocks) {
    e.id = id;
    e.plan.aic_per_block = aic;
    e.plan.aiv_per_block = aiv;
    e.plan.block_num = blocks;
    e.groups = DieGroups::of(blocks, 1, false);
    auto kernel = std::make_shared<LaunchedKernel>();
    kernel->kernel_name = "k" + std::to_string(id);
    e.kernel = kernel;
}

} // namespace core_pool_test

TEST_CASE("core pool: the lowest free core first, a Mix block on one cluster, and who holds the "
          "cores when none is free",
          "[model][core_pool]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Platform p = test::small_platform("die: {count: 1, cluster: {count: 2}}\n");
    AscendDevice device(p);
    CorePool pool(device.aic(), device.aiv(), 1);
    CHECK(pool.all().size() == 6);
    LaunchExecution vec, mix;
    core_pool_test::configure(vec, 1, 0, 1, 6);
    core_pool_test::configure(mix, 2, 1, 2, 1);
    CHECK(pool.all_fit(mix));
    for (int i = 0; i < 4; ++i) {
        const auto cores = pool.place(vec, 0);
        REQUIRE(cores);
        REQUIRE(cores->size() == 1);
        CHECK(cores->front() == device.aiv()[static_cast<std::size_t>(i)]); // the lowest free
        pool.take(cores->front(), vec);
    }
    CHECK_FALSE(pool.place(vec, 0));
    CHECK_FALSE(pool.place(mix, 0)); // its AICs are free, its AIVs are not
    CHECK_FALSE(pool.all_fit(mix));
    const auto holders = pool.holders_of(mix);
    REQUIRE(holders.size() == 1);
    CHECK(holders[0].first == &vec);
    CHECK(holders[0].second == 4);
    CHECK_THAT(pool.why_waiting(mix),
               Contains("1 block(s) never dispatched: no free cluster with 1 AIC + 2 AIV") &&
                   Contains("held by launch 1 (k1, stream 0): 4 core(s)"));
    // The second cluster's AIVs free: the Mix block takes its AIC and both.
    pool.release(device.aiv()[2]);
    pool.release(device.aiv()[3]);
    const auto cluster = pool.place(mix, 0);
    REQUIRE(cluster);
    CHECK(*cluster == std::vector<AiCore*>{device.aic()[1], device.aiv()[2], device.aiv()[3]});
}
