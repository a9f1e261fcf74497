// The Vortex device's parts seen through the device on the shipped platform
// (one cluster of 4 cores, 4 warps each): a program's WarpApi is a
// WarpContext answering its warp's identity; the WarpTraceSink sees each
// warp's state change; a global barrier that one core never calls leaves
// the GbarNetwork's unit holding the others' arrivals until the
// HangDetectors' STALL_TIMEOUT watchdog stops the run (through the run
// pipeline, as a user meets it).
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_warp_context.hpp"
#include "platforms/vortex_platform.hpp"
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace syncsim;
using namespace syncsim::vortex;

namespace vx_parts_test {

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
    // Through the run pipeline, which ends the stalled warps' threads (a
    // device left paused with them would leak what their stacks hold).
    const RunReport r = test::run_config("configs/vortex/hang_h3_idle_core.yaml");
    CHECK(r.outcome == "watchdog"); // the HangDetectors' STALL_TIMEOUT, not the livelock detector
    CHECK_THAT(r.result["outcome"]["reason"].get<std::string>(),
               Catch::Contains("STALL_TIMEOUT on core 2") &&
                   Catch::Contains("stalled for 100000 cycles"));
    // GbarNetwork::state(): core 1 never arrived.
    CHECK(r.result["gbar"] ==
          nlohmann::json::array({"cluster 0 gbar id 0: cores 0xd arrived (3)"}));
}
