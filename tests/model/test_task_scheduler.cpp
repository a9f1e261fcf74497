// The task scheduler on a small device (one die of two clusters: 2 AIC,
// 4 AIV): a launch of more blocks than cores runs in waves, one dispatch
// interval per block, each block on the lowest free core, every block once;
// two launches share the cores block by block.
#include "platforms/ascend_device.hpp"
#include "tests/support/small_device.hpp"

#include <catch2/catch.hpp>
#include <map>

using namespace syncsim;

namespace {

struct Started {
    std::int64_t block, launch_blocks;
    int core;
    double at_ns;
    std::uint64_t launch;
};
std::vector<Started>& started() {
    static std::vector<Started> s;
    return s;
}

// A block that says where and when it ran, then works for 1 us.
void record_block(KernelContext& k) {
    started().push_back({k.get_block_idx(), k.get_block_num(),
                         static_cast<int>(k.get_physical_core_id()), test::now_ns(), 0});
    k.scalar_work(1000);
}

LaunchWork aiv_launch(std::int64_t blocks) {
    LaunchWork w;
    w.kernel.kernel_name = "record_block";
    w.kernel.fn = record_block;
    w.kernel.params = std::make_shared<const ParamMap>();
    w.plan.kernel_type = "AIV_ONLY";
    w.plan.vector_task = true;
    w.plan.aiv_per_block = 1;
    w.plan.block_num = blocks;
    return w;
}

} // namespace

TEST_CASE("task scheduler: blocks in waves on the lowest free cores, each once, launches "
          "interleaved",
          "[scheduler][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Platform p = test::small_platform("die: {count: 1, cluster: {count: 2}}\n"
                                            "scheduler: {block_dispatch_cycles: 10}\n");
    AscendDevice device(p);
    TaskScheduler& scheduler = device.scheduler();
    REQUIRE(device.aiv().size() == 4);
    const int first_aiv = device.aiv()[0]->config().soc_core_id;
    std::vector<LaunchResult> results(2);
    std::vector<double> ended(2);
    sc_core::sc_spawn([&] {
        results[0] = scheduler.run_launch(aiv_launch(6));
        ended[0] = test::now_ns();
        // Two launches at once: their blocks alternate on the free cores.
        sc_core::sc_spawn([&] {
            results[1] = scheduler.run_launch(aiv_launch(2));
            ended[1] = test::now_ns();
        });
        scheduler.run_launch(aiv_launch(2));
    });
    sc_core::sc_start();

    const auto& s = started();
    REQUIRE(s.size() == 10);
    // Launch 1: one block per 10 ns dispatch interval on aiv0..aiv3; blocks 4
    // and 5 wait for the first cores to free (1 us of work), then take them.
    for (int b = 0; b < 4; ++b) {
        INFO("block " << b);
        CHECK(s[b].block == b);
        CHECK(s[b].core == first_aiv + b);
        CHECK(s[b].at_ns == Approx(10.0 * (b + 1)));
    }
    CHECK(s[4].block == 4);
    CHECK(s[4].core == first_aiv); // the first core to free
    // After block 0's work (1 us and the block's few cycles of entry and
    // exit) and one dispatch interval.
    CHECK(s[4].at_ns >= 10 + 1000 + 10);
    CHECK(s[4].at_ns <= 10 + 1000 + 10 + 5);
    CHECK(s[5].core == first_aiv + 1);
    std::map<std::int64_t, int> runs;
    for (int i = 0; i < 6; ++i) ++runs[s[i].block];
    CHECK(runs.size() == 6);
    for (const auto& [block, n] : runs) CHECK(n == 1);
    CHECK(results[0].faults.empty());
    CHECK(results[0].launch_id == 1);
    // Launches 2 and 3 alternate: their first blocks go on aiv0 and aiv1.
    CHECK(s[6].launch_blocks == 2);
    CHECK(s[6].block == 0);
    CHECK(s[7].block == 0);
    CHECK(s[8].block == 1);
    CHECK(s[9].block == 1);
    CHECK(scheduler.launches_started() == 3);
    CHECK(scheduler.active_launches().empty());
}
