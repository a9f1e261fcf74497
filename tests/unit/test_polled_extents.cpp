// The log of writes to polled extents (PolledExtents): a poll sees exactly
// the writes that landed by its start, whichever range or die took them,
// and settled writes fold into a count so the log stays short.
#include "models/memory/polled_extents.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("polled extents: a write counts from its landing, for every extent it overlaps",
          "[memory]") {
    PolledExtents p;
    p.watch(0x1000, 1024); // 32 slots of 32 bytes
    p.watch(0x2000, 4);    // a counter
    int told = 0;
    p.add_listener([&] { ++told; }, [] { return sc_core::SC_ZERO_TIME; });
    p.wrote(0x13e0, 32, sc_time(50, SC_NS)); // the last slot, landing later
    p.wrote(0x3000, 4, sc_time(10, SC_NS));  // nobody polls there
    CHECK(told == 1);
    CHECK(p.landed(0x1000, sc_time(49, SC_NS)) == 0);
    CHECK(p.landed(0x1000, sc_time(50, SC_NS)) == 1); // landing at a poll's start: seen
    CHECK(p.logged(0x1000) == 1);
    CHECK(p.landed(0x2000, sc_time(100, SC_NS)) == 0);
    p.wrote(0x1ffe, 4, sc_time(60, SC_NS)); // straddles into the counter
    CHECK(p.landed(0x2000, sc_time(60, SC_NS)) == 1);
    CHECK(p.landed(0x1000, sc_time(60, SC_NS)) == 1); // ends before 0x1400
    CHECK_FALSE(p.watched(0x3000));
}

TEST_CASE("polled extents: settled writes fold into the count, never past a pending poll",
          "[memory]") {
    PolledExtents p;
    p.watch(0x1000, 64);
    sc_time earliest(500, SC_NS); // a sleeper's next poll
    p.add_listener([] {}, [&] { return earliest; });
    for (int i = 0; i < 1000; ++i) p.wrote(0x1000, 4, sc_time(i, SC_NS));
    CHECK(p.pending() == 1000);
    p.settle(); // up to the earliest pending poll only
    CHECK(p.pending() == 499);
    CHECK(p.landed(0x1000, sc_time(500, SC_NS)) == 501);
    CHECK(p.landed(0x1000, sc_time(999, SC_NS)) == 1000);
    earliest = sc_time(2000, SC_NS);
    p.settle();
    CHECK(p.pending() == 0);
    CHECK(p.landed(0x1000, sc_time(0, SC_NS)) == 1000); // no poll is served that early now
}
