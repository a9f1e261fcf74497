// A core's way to GM on its own: what a dcci costs by the state of the line
// it finds, and the scalar unit's own path before the interconnect's hop.
#include "models/core/pipe_set.hpp"
#include "models/memory/l2_cache.hpp"
#include "tests/support/core_units.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using test::core_config;
using test::CoreUnits;
using test::ns;

TEST_CASE("core units: a dcci costs by what it finds: clean lines the tag look-up, a dirty one "
          "its read-out, and the write-back lands later",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    SparseStore gm;
    L2Cache l2("l2", test::l2_params(), clock, gm);
    CoreUnits core("core", 0, clock);
    core.config.timing.dcci_clean = 4;
    core.config.timing.dcci_dirty = 30;
    core.memory.link().socket.bind(l2.target);
    std::vector<long long> at;
    sc_core::sc_spawn([&] {
        const auto mark = [&] { at.push_back(ns(core.time.now())); };
        core.time.sync();
        mark();                                                                 // 0
        core.memory.dcci(0x1000, SINGLE_CACHE_LINE, DcciMode::CleanInvalidate); // absent: 4
        mark();
        const std::int32_t v = 1;
        core.memory.store_cached(0x1040, &v, 4); // a miss: fills the line
        core.time.sync();
        mark();
        core.memory.dcci(0x1040, SINGLE_CACHE_LINE, DcciMode::CleanInvalidate); // dirty: 34
        mark();
        core.memory.store_cached(0x1080, &v, 4);
        core.memory.store_cached(0x10c0, &v, 4);
        core.time.sync();
        mark();
        core.memory.dcci(0, ENTIRE_DATA_CACHE, DcciMode::CleanInvalidate); // 4 + 2 x 30
        mark();
        core.memory.dsb(); // waits for the write-backs to land
        core.time.sync();
        mark();
    });
    sc_core::sc_start();
    REQUIRE(at.size() == 7);
    CHECK(at[1] - at[0] == 4);
    CHECK(at[3] - at[2] == 34);
    CHECK(at[5] - at[4] == 64);
    CHECK(at[6] > at[5]); // posted: the dcci did not wait for the write to land
    CHECK(core.activity.counters().writebacks == 3);
}

TEST_CASE("core units: the scalar unit's requests take its path before the hop, an MTE's do not",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    SparseStore gm;
    L2Cache l2("l2", test::l2_params(), clock, gm);
    CoreConfig slow_config = core_config(1);
    slow_config.timing.scalar_gm_latency = 200;
    struct Slow : sc_core::sc_module {
        CoreConfig config;
        LocalTime time;
        CoreActivity activity;
        GmAccessPath memory;
        Slow(sc_core::sc_module_name n, const CoreConfig& c, const Clock& clock)
            : sc_module(n), config(c), time(clock), activity(time, 1),
              memory(*this, config, time, activity) {}
    } slow("slow", slow_config, clock);
    CoreUnits fast("fast", 0, clock);
    slow.memory.link().socket.bind(l2.target);
    fast.memory.link().socket.bind(l2.target);
    long long fast_ns = -1, slow_ns = -1;
    sc_core::sc_spawn([&] {
        std::int32_t v = 0;
        fast.memory.load_device(0x1000, &v, 4);
        fast.time.sync();
        fast_ns = ns(fast.time.now());
    });
    sc_core::sc_spawn([&] {
        std::int32_t v = 0;
        slow.memory.load_device(0x2000, &v, 4);
        slow.time.sync();
        slow_ns = ns(slow.time.now());
    });
    sc_core::sc_start();
    // Hop 10, 30 in the range's read, hop 10; the slow core's 200 first.
    CHECK(fast_ns == 50);
    CHECK(slow_ns == 250);
}
