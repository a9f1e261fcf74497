// HandWrittenPolls: a plain load becomes a poll loop's once the agent reads
// the same word fresh from GM twice in a row, and stays one.
#include "models/races/hand_written_polls.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Read = HandWrittenPolls::Read;

TEST_CASE("hand-written polls: the second fresh read of a word in a row is a poll's, and the "
          "word stays polled",
          "[races][hand_written_polls]") {
    HandWrittenPolls polls(2);
    CHECK(polls.read(0, 0x40, true) == Read::Plain);
    CHECK(polls.last_read_in(0, 0x40, 0x44));
    CHECK(polls.read(0, 0x40, true) == Read::Repeat);
    CHECK(polls.read(0, 0x40, true) == Read::Polled);
    polls.other_access(0);
    CHECK_FALSE(polls.last_read_in(0, 0x40, 0x44));
    CHECK(polls.read(0, 0x40, true) == Read::Polled); // a later round's loop
    CHECK(polls.read(1, 0x40, true) == Read::Plain);  // per agent
}

TEST_CASE("hand-written polls: a cached hit, another access or another word between two "
          "reads breaks the run",
          "[races][hand_written_polls]") {
    HandWrittenPolls polls(1);
    CHECK(polls.read(0, 0x80, true) == Read::Plain);
    CHECK(polls.read(0, 0x80, false) == Read::Plain); // a hit: not fresh from GM
    CHECK(polls.read(0, 0x80, true) == Read::Plain);
    polls.other_access(0);
    CHECK(polls.read(0, 0x80, true) == Read::Plain);
    CHECK(polls.read(0, 0xC0, true) == Read::Plain);
    CHECK(polls.read(0, 0x80, true) == Read::Plain);
}

TEST_CASE("hand-written polls: an agent remembers its last eight polled words",
          "[races][hand_written_polls]") {
    HandWrittenPolls polls(1);
    for (std::uint64_t w = 0; w < 9; ++w) {
        polls.read(0, w * 4, true);
        CHECK(polls.read(0, w * 4, true) == Read::Repeat);
    }
    CHECK(polls.read(0, 8 * 4, true) == Read::Polled);
    polls.other_access(0);
    CHECK(polls.read(0, 0, true) == Read::Plain); // the first was forgotten for the ninth
}
