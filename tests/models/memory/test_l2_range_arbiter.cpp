// L2RangeArbiter: requests that reach the L2 at one instant take their
// same-address ranges in port order, whatever order their threads ran in;
// different ranges proceed in parallel; a request's `arbitrated` fires when
// its first piece may start; waits are counted.
#include "models/memory/l2_range_arbiter.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace range_arbiter_test {

using Request = L2RangeArbiter::Request;
using Piece = L2RangeArbiter::Piece;

// A request of one piece holding `range` for `ns`.
void one_piece(Request& r, int port, std::uint64_t range, int ns) {
    r.port = port;
    r.pieces = {Piece{range, sc_time(ns, SC_NS), range * 512, 4, {}}};
}

} // namespace range_arbiter_test

TEST_CASE("L2 range arbiter: one instant's requests take a range in port order, other ranges in "
          "parallel",
          "[memory][l2_range_arbiter]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    PolledExtents polled;
    QueueTally queued;
    QueueDepthTrace depth;
    L2RangeArbiter arbiter(512, polled, queued, depth);
    CHECK(arbiter.range_of(1023) == 1);
    CHECK(arbiter.range_of(1024) == 2);
    sc_core::sc_spawn_options method;
    method.spawn_method();
    method.set_sensitivity(&arbiter.arbitrate_event());
    method.dont_initialize();
    sc_core::sc_spawn([&arbiter] { arbiter.arbitrate(); }, "arbitrate", &method);

    range_arbiter_test::Request high, low, other;
    range_arbiter_test::one_piece(high, 3, 7, 10);
    range_arbiter_test::one_piece(low, 1, 7, 10);
    range_arbiter_test::one_piece(other, 5, 9, 10);
    sc_time high_may_start;
    sc_core::sc_spawn([&] {
        sc_core::wait(100, SC_NS);
        arbiter.arrive(high); // its thread runs first, yet port 1 goes first
        arbiter.arrive(low);
        arbiter.arrive(other);
        sc_core::wait(high.arbitrated);
        high_may_start = sc_core::sc_time_stamp();
    });
    sc_core::sc_start();
    CHECK(low.pieces[0].start == sc_time(100, SC_NS));
    CHECK(high.pieces[0].start == sc_time(110, SC_NS));  // behind port 1's 10 ns
    CHECK(other.pieces[0].start == sc_time(100, SC_NS)); // its own range
    CHECK(high_may_start == sc_time(110, SC_NS));
    CHECK(queued.total == sc_time(10, SC_NS));
    CHECK(queued.longest == sc_time(10, SC_NS));
}
