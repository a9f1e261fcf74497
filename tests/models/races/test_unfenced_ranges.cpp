// UnfencedRanges: where an agent's posted writes landed since its last dsb,
// merged while they touch, bounded however many there are.
#include "models/races/unfenced_ranges.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Range = UnfencedRanges::Range;

TEST_CASE("unfenced ranges: a write next to or over the last one extends it, a distant one "
          "starts a range",
          "[races][unfenced_ranges]") {
    UnfencedRanges r;
    r.add(0x100, 0x104);
    r.add(0x104, 0x108); // adjacent: extends
    r.add(0x0fc, 0x102); // overlaps from below: extends
    CHECK(r.ranges() == std::vector<Range>{{0x0fc, 0x108}});
    r.add(0x200, 0x240);
    CHECK(r.ranges() == std::vector<Range>{{0x0fc, 0x108}, {0x200, 0x240}});
    r.clear(); // a dsb fenced them
    CHECK(r.ranges().empty());
}

TEST_CASE("unfenced ranges: past kRanges one range covers them all, so memory stays bounded",
          "[races][unfenced_ranges]") {
    UnfencedRanges r;
    for (std::uint64_t i = 0; i < UnfencedRanges::kRanges; ++i) r.add(i * 0x100, i * 0x100 + 4);
    CHECK(r.ranges().size() == UnfencedRanges::kRanges);
    r.add(0x100000, 0x100004);
    CHECK(r.ranges() == std::vector<Range>{{0, 0x100004}});
    for (std::uint64_t i = 0; i < 10000; ++i) r.add(0x200000 + i * 0x100, 0x200000 + i * 0x100 + 4);
    CHECK(r.ranges().size() <= UnfencedRanges::kRanges + 1);
}
