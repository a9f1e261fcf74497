// RacePairs: every pair counted, one pair per two accesses over all the
// words they share, the earliest kKept kept in time order, and why nothing
// ordered each.
#include "models/races/race_pairs.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

RaceAccess access(int agent, std::uint32_t clock, std::uint64_t time_ps, bool write) {
    RaceAccess a;
    a.agent = agent;
    a.clock = clock;
    a.op = write ? "st" : "ld";
    a.time_ps = time_ps;
    a.write = write;
    return a;
}

} // namespace

TEST_CASE("race pairs: two accesses make one pair over all the words they share",
          "[races][race_pairs]") {
    RacePairs pairs;
    const RaceAccess w = access(0, 3, 100, true), r = access(1, 1, 200, false);
    pairs.new_access();
    pairs.add(w, r, 0, 0, 0x40, 0x44);
    pairs.add(w, r, 0, 0, 0x44, 0x48);
    REQUIRE(pairs.pairs().size() == 1);
    CHECK(pairs.count() == 1);
    CHECK(pairs.pairs()[0].addr == 0x40);
    CHECK(pairs.pairs()[0].bytes == 8);
}

TEST_CASE("race pairs: why nothing ordered the pair, from what the later agent knew",
          "[races][race_pairs]") {
    RacePairs pairs;
    const RaceAccess w = access(0, 5, 100, true);
    pairs.new_access();
    pairs.add(w, access(1, 1, 200, false), 0, 0, 0x00, 0x04); // never synchronised
    pairs.new_access();
    pairs.add(w, access(2, 1, 300, false), 0, 4, 0x00, 0x04); // knew of clock 4 < 5
    pairs.new_access();
    pairs.add(w, access(3, 1, 400, false), 4, 5, 0x00, 0x04); // knew 5 now, its line at 4
    REQUIRE(pairs.pairs().size() == 3);
    CHECK(pairs.pairs()[0].why == RaceWhy::Unsynchronised);
    CHECK(pairs.pairs()[1].why == RaceWhy::AfterRelease);
    CHECK(pairs.pairs()[2].why == RaceWhy::StaleLine);
}

TEST_CASE("race pairs: all counted, the earliest kKept kept in time order whatever order they "
          "came in",
          "[races][race_pairs]") {
    RacePairs pairs;
    const std::size_t n = RacePairs::kKept * 3;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t t = (n - i) * 10; // latest first
        pairs.new_access();
        pairs.add(access(0, 1, 0, true), access(1, static_cast<std::uint32_t>(i + 1), t, false), 0,
                  0, 0x40, 0x44);
    }
    CHECK(pairs.count() == n);
    REQUIRE(pairs.pairs().size() == RacePairs::kKept);
    CHECK(pairs.pairs().front().second.time_ps == 10);
    CHECK(pairs.pairs().back().second.time_ps == RacePairs::kKept * 10);
}

TEST_CASE("race pairs: the same earlier access raced again by one access is counted once",
          "[races][race_pairs]") {
    RacePairs pairs;
    const RaceAccess w = access(0, 1, 100, true), r = access(1, 1, 200, false);
    pairs.new_access();
    pairs.add(w, r, 0, 0, 0x40, 0x44);
    pairs.add(w, access(1, 1, 200, true), 0, 0, 0x80, 0x84); // same first, another second
    CHECK(pairs.count() == 1);
}
