// The Vortex device on the shipped platform (one cluster of 4 cores, 4 warps
// each): warps that reach a local barrier at staggered times all go on
// together after the last arrives, one release per core naming every warp;
// a global barrier holds every core until the last core's warp arrives.
#include "models/vortex/vx_device.hpp"
#include "platforms/vortex_platform.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <map>

using namespace syncsim;
using namespace syncsim::vortex;

namespace {

constexpr std::uint32_t kGlobal = 0x80000000u;

struct Times {
    double arrived_local = -1, after_local = -1, arrived_global = -1, after_global = -1;
};
std::map<std::pair<int, int>, Times>& times() {
    static std::map<std::pair<int, int>, Times> t;
    return t;
}
double sim_time_ns() {
    return sc_core::sc_time_stamp().to_seconds() * 1e9;
}

void body(WarpApi& w) {
    Times& t = times()[{w.core_id(), w.warp_id()}];
    w.compute(static_cast<std::uint64_t>(100 * w.warp_id() + 10 * w.core_id()) + 1);
    t.arrived_local = sim_time_ns();
    w.barrier(0, static_cast<std::uint32_t>(w.num_warps()));
    t.after_local = sim_time_ns();
    if (w.warp_id() == 0) {
        w.compute(static_cast<std::uint64_t>(500 * w.core_id()) + 1);
        t.arrived_global = sim_time_ns();
        w.barrier(kGlobal, static_cast<std::uint32_t>(w.num_cores()));
        t.after_global = sim_time_ns();
    }
    w.tmc(0);
}

} // namespace

TEST_CASE("vortex device: local barriers release all warps after the last, the global one "
          "every core after the last core",
          "[vortex][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const VortexPlatform p = load_vortex_platform(test::platforms_dir(), "vortex");
    VortexDevice device("vortex", p, std::make_shared<const ParamMap>());
    device.start([](WarpApi& w) {
        w.wspawn(w.num_warps(), body);
        body(w);
    });
    sc_core::sc_start();

    REQUIRE(device.finished());
    CHECK(device.faults().empty());
    const int cores = static_cast<int>(p.clusters * p.cores), warps = static_cast<int>(p.warps);
    REQUIRE(times().size() == static_cast<std::size_t>(cores * warps));
    double last_global_arrival = 0;
    for (int c = 0; c < cores; ++c) {
        double last_local = 0;
        for (int w = 0; w < warps; ++w)
            last_local = std::max(last_local, times()[{c, w}].arrived_local);
        for (int w = 0; w < warps; ++w) {
            INFO("core " << c << " warp " << w);
            CHECK(times()[{c, w}].after_local > last_local);
        }
        last_global_arrival = std::max(last_global_arrival, times()[{c, 0}].arrived_global);
    }
    for (int c = 0; c < cores; ++c) {
        INFO("core " << c);
        CHECK(times()[{c, 0}].after_global > last_global_arrival);
    }
    int local = 0, global = 0;
    for (const ReleaseRecord& r : device.releases()) {
        if (r.global) {
            ++global;
        } else {
            ++local;
            CHECK(r.warps.size() == static_cast<std::size_t>(warps));
        }
    }
    CHECK(local == cores);
    CHECK(global == 1);
}
