// The Vortex device's parts seen through the device on the shipped platform
// (one cluster of 4 cores, 4 warps each): a program's WarpApi is a
// WarpContext answering its warp's identity; the WarpTraceSink sees each
// warp's state change; a global barrier that one core never calls leaves
// the GbarNetwork's unit holding the others' arrivals until the
// HangDetectors' STALL_TIMEOUT watchdog stops the run.
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_warp_context.hpp"
#include "platforms/vortex_platform.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace syncsim;
using namespace syncsim::vortex;

namespace vx_parts_test {

constexpr std::uint32_t kGlobal = 0x80000000u;

struct WarpStates : WarpTraceSink {
    std::vector<std::tuple<int, int, int>> changes; // core, warp, state
    void warp_state(int core, int warp, int state) override {
        changes.emplace_back(core, warp, state);
    }
};

} // namespace vx_parts_test

TEST_CASE("warp context: each warp's program sees its own identity, the device's shape and its "
          "parameters, and a trace sink sees its states change",
          "[vortex][model][warp_context]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const VortexPlatform p = load_vortex_platform(test::platforms_dir(), "vortex");
    auto params = std::make_shared<ParamMap>();
    (*params)["rounds"] = std::int64_t{2};
    VortexDevice device("vortex", p, params);
    vx_parts_test::WarpStates states;
    device.set_tracer(&states);
    static std::set<std::pair<int, int>> seen;
    static int contexts = 0, rounds = 0, shape_ok = 0;
    static auto body = [](WarpApi& w) {
        contexts += dynamic_cast<WarpContext*>(&w) != nullptr;
        seen.insert({w.core_id(), w.warp_id()});
        shape_ok += w.num_cores() == 4 && w.num_warps() == 4 && w.cluster_id() == 0;
        rounds = static_cast<int>(std::get<std::int64_t>(w.param("rounds")));
        w.compute(10);
        w.tmc(0);
    };
    device.start([](WarpApi& w) {
        w.wspawn(w.num_warps(), [](WarpApi& x) { body(x); });
        body(w);
    });
    sc_core::sc_start();
    REQUIRE(device.finished());
    CHECK(seen.size() == 16);
    CHECK(contexts == 16);
    CHECK(shape_ok == 16);
    CHECK(rounds == 2);
    // Every warp changed state on its way (spawned, ran, exited), each seen.
    std::set<std::pair<int, int>> traced;
    for (const auto& [core, warp, state] : states.changes) traced.insert({core, warp});
    CHECK(traced == seen);
}

TEST_CASE("hang detectors: a global barrier one core never calls stalls the others, the gbar "
          "network holds their arrivals, and STALL_TIMEOUT stops the run",
          "[vortex][model][hang_detectors][gbar_network]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const VortexPlatform p = load_vortex_platform(test::platforms_dir(), "vortex");
    VortexDevice device("vortex", p, std::make_shared<const ParamMap>());
    device.start([](WarpApi& w) {
        if (w.core_id() != 3) // core 3 exits instead
            w.barrier(vx_parts_test::kGlobal, static_cast<std::uint32_t>(w.num_cores()));
        w.tmc(0);
    });
    sc_core::sc_start();
    CHECK_FALSE(device.finished());
    CHECK(device.watchdog_fired());
    CHECK_THAT(device.watchdog(), Catch::Contains("STALL_TIMEOUT on core") &&
                                      Catch::Contains("stalled for 100000 cycles"));
    CHECK_FALSE(device.livelock_detected());
    CHECK(device.gbar_state() ==
          std::vector<std::string>{"cluster 0 gbar id 0: cores 0x7 arrived (3)"});
}
