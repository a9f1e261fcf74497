// LineTags: an L2's tag store, which of a request's lines miss (and are then
// held), least recently used out first.
#include "models/memory/lru_index.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("line tags: a request's lines miss once, then hit, and the least recently used leaves "
          "first",
          "[memory][line_tags]") {
    LineTags tags(4, 128);
    CHECK(tags.missed_lines(0, 256) == 2);   // lines 0 and 1
    CHECK(tags.missed_lines(64, 128) == 0);  // within lines 0 and 1: held
    CHECK(tags.missed_lines(127, 2) == 0);   // the byte either side of a line boundary
    CHECK(tags.missed_lines(256, 256) == 2); // lines 2 and 3: the store is full
    CHECK(tags.missed_lines(0, 1) == 0);     // line 0 used again: line 1 is now the oldest
    CHECK(tags.missed_lines(512, 1) == 1);   // line 4 evicts line 1
    CHECK(tags.missed_lines(0, 1) == 0);
    CHECK(tags.missed_lines(128, 1) == 1); // line 1 was evicted
}
