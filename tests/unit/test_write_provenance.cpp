// The last writer of each GM byte, kept as disjoint ranges.
#include "models/memory/write_provenance.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {
WriteRecord write(int who, std::uint64_t addr, std::uint64_t len, std::uint64_t t) {
    return {who, "w", t, addr, len};
}
} // namespace

TEST_CASE("write provenance: the last write covering a byte answers", "[provenance]") {
    WriteProvenance p;
    CHECK_FALSE(p.last(100).has_value());
    p.record(write(1, 0, 64, 10)); // a line
    p.record(write(2, 16, 4, 20)); // a word inside it
    CHECK(p.last(0)->requester == 1);
    CHECK(p.last(16)->requester == 2);
    CHECK(p.last(19)->requester == 2);
    CHECK(p.last(20)->requester == 1);
    CHECK(p.last(63)->requester == 1);
    CHECK_FALSE(p.last(64).has_value());
    CHECK(p.ranges() == 3);
    // A later line write-back covers the word again: the stale-line clobber.
    p.record(write(3, 0, 64, 30));
    CHECK(p.last(16)->requester == 3);
    CHECK(p.last(16)->addr == 0);
    CHECK(p.last(16)->len == 64);
    CHECK(p.ranges() == 1);
}

TEST_CASE("write provenance: overlapping writes split and replace ranges", "[provenance]") {
    WriteProvenance p;
    p.record(write(1, 0, 100, 1));
    p.record(write(2, 50, 100, 2)); // overlaps the tail
    p.record(write(3, 10, 20, 3));  // inside the first
    CHECK(p.last(5)->requester == 1);
    CHECK(p.last(15)->requester == 3);
    CHECK(p.last(35)->requester == 1);
    CHECK(p.last(60)->requester == 2);
    CHECK(p.last(149)->requester == 2);
    CHECK_FALSE(p.last(150).has_value());
    p.record(write(4, 0, 200, 4)); // covers everything
    CHECK(p.ranges() == 1);
    CHECK(p.last(149)->requester == 4);
}
