// RaceClocks: what each agent knows of the others. A release publishes the
// agent's step, an acquire learns it, synchronisation objects (streams,
// flags) carry releases between agents, and a barrier's flag set gives every
// released core the arrivers' joined knowledge once it takes the flag.
#include "models/races/race_clocks.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("race clocks: an acquire learns the releasing agent's step, and only that",
          "[races][race_clocks]") {
    RaceClocks clocks(3, true);
    CHECK(clocks.own(0) == 1);
    const Release r = clocks.release(0);
    CHECK(clocks.own(0) == 2); // its clock moved on
    CHECK(clocks.clock(1).get(0) == 0);
    clocks.acquire(1, r);
    CHECK(clocks.clock(1).get(0) == 1);
    CHECK(clocks.clock(2).get(0) == 0); // the third agent learnt nothing
    // Knowledge passes on: what 1 releases after its acquire carries 0's step.
    clocks.acquire(2, clocks.release(1));
    CHECK(clocks.clock(2).get(1) == 1);
    CHECK(clocks.clock(2).get(0) == 1);
}

TEST_CASE("race clocks: a stream carries what the host released into it to a task's agent",
          "[races][race_clocks]") {
    RaceClocks clocks(2, true);
    const auto stream = RaceClocks::stream_key(0);
    CHECK_FALSE(clocks.object(stream));
    clocks.release_to(0, stream);
    clocks.acquire_from(1, stream);
    CHECK(clocks.clock(1).get(0) == 1);
}

TEST_CASE("race clocks: as the FFTS hub's FlagSetObserver, a flag set gives its targets the "
          "arrivers' releases when their wait takes the flag",
          "[races][race_clocks]") {
    RaceClocks clocks(4, true);
    const std::vector<Release> arrivals = {clocks.release(0), clocks.release(1)};
    FlagSetObserver& hub_side = clocks;
    hub_side.flags_set(arrivals, {2, 3}, 0, 14);
    CHECK(clocks.clock(2).get(0) == 0); // not before its wait takes the flag
    clocks.acquire_from(2, RaceClocks::flag_key(2, 0, 14));
    CHECK(clocks.clock(2).get(0) == 1);
    CHECK(clocks.clock(2).get(1) == 1);
    clocks.acquire_from(3, RaceClocks::flag_key(3, 1, 14)); // the intra-block flag: nothing set
    CHECK(clocks.clock(3).get(0) == 0);
    // Every target holds the same joined clock, not a copy each.
    CHECK(clocks.object(RaceClocks::flag_key(2, 0, 14)) ==
          clocks.object(RaceClocks::flag_key(3, 0, 14)));
}

TEST_CASE("race clocks: inactive (the detector off), objects keep nothing",
          "[races][race_clocks]") {
    RaceClocks clocks(2, false);
    CHECK_FALSE(clocks.active());
    clocks.release_to(0, RaceClocks::stream_key(0));
    CHECK_FALSE(clocks.object(RaceClocks::stream_key(0)));
    clocks.flags_set({clocks.release(0)}, {1}, 0, 1);
    CHECK_FALSE(clocks.object(RaceClocks::flag_key(1, 0, 1)));
}
