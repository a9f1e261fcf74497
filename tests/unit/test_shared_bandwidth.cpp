// A data path that requests share (models/memory/shared_bandwidth.hpp):
// busy-until for the modelled requests; co-running streams take a share of
// the capacity and make a request wait as behind their bursts (the mean wait
// of an M/D/1 queue). Kernel-free.
#include "models/memory/shared_bandwidth.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("shared bandwidth: requests queue for the path, one transfer after another",
          "[memory][unit]") {
    SharedBandwidth path(sc_time(1, SC_NS), 64); // 64 B per 1 ns cycle
    CHECK(path.pass(sc_time(0, SC_NS), 640) == sc_time(10, SC_NS));
    // Arriving while the first is on the path: after it.
    CHECK(path.pass(sc_time(5, SC_NS), 64) == sc_time(11, SC_NS));
    CHECK(path.pass(sc_time(20, SC_NS), 64) == sc_time(21, SC_NS));
    // No limit: nothing waits.
    SharedBandwidth unlimited(sc_time(1, SC_NS), 0);
    CHECK(unlimited.pass(sc_time(3, SC_NS), 1 << 20) == sc_time(3, SC_NS));
}

TEST_CASE("shared bandwidth: a stream takes its share and adds the mean wait behind its bursts",
          "[memory][unit]") {
    SharedBandwidth path(sc_time(1, SC_NS), 100);
    // Half the capacity in bursts of 1000 B (10 cycles each): rho 0.5, the
    // mean wait rho / (1 - rho) x 10 / 2 = 5 cycles; 100 B then move at the
    // 50 B per cycle left: 2 cycles.
    path.add_stream(50, 1000, sc_time(1000, SC_NS));
    CHECK(path.stream_share(sc_time(0, SC_NS)) == Approx(0.5));
    CHECK(path.pass(sc_time(0, SC_NS), 100) == sc_time(7, SC_NS));
    CHECK(path.stream_delay(sc_time(100, SC_NS), 100) == sc_time(6, SC_NS));
    // After the stream ends the path is the request's alone again.
    CHECK(path.pass(sc_time(2000, SC_NS), 100) == sc_time(2001, SC_NS));
    CHECK(path.peak_share() == Approx(0.5));
    // Streams asking for more than the path has are held to 95% of it.
    path.add_stream(500, 1000, sc_time(5000, SC_NS));
    CHECK(path.stream_share(sc_time(3000, SC_NS)) == Approx(SharedBandwidth::kMaxStreamShare));
}
