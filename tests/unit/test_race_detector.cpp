// The GM race detector, kernel-free (issue 28 item 4): vector clocks, the
// range shadow, and which pairs of accesses it reports as the edges the
// model gives it (a release and an acquire, a write that lands after a
// release, a cached load's knowledge at its fill, atomics and polls).
#include "models/races/race_detector.hpp"
#include "models/races/range_shadow.hpp"
#include "models/races/vector_clock.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

constexpr int A = 0, B = 1, Host = 2;
constexpr std::uint64_t X = 0x1000, Y = 0x1040;

RaceDetector detector(RaceMode mode = RaceMode::On) {
    return RaceDetector({"aiv0", "aiv1", "the host"}, mode);
}

// The hub sets `to`'s FFTS flag 14 for these messages; `to` takes it.
void flag(RaceDetector& d, const std::vector<Release>& messages, int to) {
    d.flag_set(messages, to, 0, 14);
    d.acquire_from(to, RaceDetector::flag_key(to, 0, 14));
}

} // namespace

TEST_CASE("vector clock: join, cover, and a release as one clock", "[races]") {
    VectorClock a, b;
    a.raise(0, 3);
    b.raise(1, 2);
    CHECK_FALSE(a.covers(b));
    a.join(b);
    CHECK(a.covers(b));
    CHECK(a.get(0) == 3);
    CHECK(a.get(7) == 0);
    const Release r{std::make_shared<const VectorClock>(b), 0, 5};
    CHECK(r.clock().get(0) == 5);
    CHECK(r.clock().get(1) == 2);
}

TEST_CASE("range shadow: an access splits segments where it ends, equal neighbours merge",
          "[races]") {
    RangeShadow<int> s;
    s.visit(0, 64, [](std::uint64_t, std::uint64_t, int& v) { v = 1; });
    CHECK(s.segments() == 1);
    s.visit(16, 20, [](std::uint64_t, std::uint64_t, int& v) { v = 2; });
    CHECK(s.segments() == 3);
    CHECK(*s.at(17) == 2);
    CHECK(*s.at(20) == 1);
    s.visit(16, 20, [](std::uint64_t, std::uint64_t, int& v) { v = 1; });
    CHECK(s.segments() == 1); // equal again: one segment
    s.visit(128, 132, [](std::uint64_t, std::uint64_t, int& v) { v = 1; });
    CHECK(s.segments() == 2); // a gap between them
    CHECK(s.bytes() == 68);
    CHECK(s.at(100) == nullptr);
}

TEST_CASE("races: a write and a read by two cores with nothing between them race, whatever "
          "order they came in",
          "[races]") {
    RaceDetector d = detector();
    d.write(A, X, 4, "st_dev", "k.cpp:10", 100);
    d.read(B, X, 4, "ld_dev", nullptr, 200);
    REQUIRE(d.count() == 1);
    const RacePair& p = d.pairs()[0];
    CHECK(p.addr == X);
    CHECK(p.bytes == 4);
    CHECK(p.first.agent == A);
    CHECK(std::string(p.first.site) == "k.cpp:10");
    CHECK(p.second.agent == B);
    CHECK_FALSE(p.second.write);
    // A read, then a write of the same word by another core: a race too.
    d.read(A, Y, 4, "ld", nullptr, 300);
    d.write(B, Y, 64, "dcci write-back of a scalar-cache line", nullptr, 400);
    CHECK(d.count() == 2);
    CHECK(d.pairs()[1].first.agent == A);
    CHECK(d.pairs()[1].bytes == 4); // only the word both touched
}

TEST_CASE("races: a release and its acquire order what comes before and after", "[races]") {
    RaceDetector d = detector();
    d.write(A, X, 64, "dcci write-back of a scalar-cache line", nullptr, 100);
    const Release a = d.release(A); // A's FFTS message leaves after the write landed
    flag(d, {a, d.release(B)}, B);  // the barrier releases B
    d.read(B, X, 4, "ld_dev", nullptr, 200);
    CHECK(d.count() == 0);
    // What A does after its message is not covered by it.
    d.write(A, Y, 4, "st_dev", nullptr, 300);
    d.read(B, Y, 4, "ld_dev", nullptr, 400);
    CHECK(d.count() == 1);
}

TEST_CASE("races: a write-back that lands after the message (no dsb between) is not covered",
          "[races]") {
    RaceDetector d = detector();
    const Release a = d.release(A); // the message leaves first ...
    d.write(A, X, 64, "dcci write-back of a scalar-cache line", nullptr, 150); // ... then it lands
    flag(d, {a}, B);
    d.read(B, X, 4, "ld", nullptr, 200);
    CHECK(d.count() == 1);
}

TEST_CASE("races: a cached load is checked with what its reader knew when the line was filled",
          "[races]") {
    RaceDetector d = detector();
    const VectorClock at_fill = d.clock(B); // B fills its line before the barrier
    d.write(A, X, 64, "dcci write-back of a scalar-cache line", nullptr, 100);
    flag(d, {d.release(A)}, B);
    d.read(B, X, 4, "ld", nullptr, 200, &at_fill); // served by the old line
    CHECK(d.count() == 1);
    const VectorClock refilled = d.clock(B); // after an invalidating dcci and a new fill
    d.read(B, X + 4, 4, "ld", nullptr, 210, &refilled);
    CHECK(d.count() == 1);
}

TEST_CASE("races: atomics do not race with each other and order a poll that sees them", "[races]") {
    RaceDetector d = detector();
    d.write(A, Y, 4, "st_dev", nullptr, 10);       // data
    d.atomic(A, X, 4, "st_atomic", nullptr, 20);   // arrival
    d.atomic(B, X, 4, "atomicAdd", nullptr, 30);   // arrival ...
    d.observed(B, X, 4);                           // ... that returns the count
    d.atomic_read(B, X, 4, "ld_dev", nullptr, 35); // an atomic load: no race
    CHECK(d.count() == 0);
    d.observed(B, X, 4); // the poll saw the target
    d.read(B, Y, 4, "ld_dev", nullptr, 40);
    CHECK(d.count() == 0);
    // A plain write to the counter with nothing ordering it does race.
    d.write(Host, X, 4, "memset", nullptr, 50);
    REQUIRE(d.count() == 2); // with the last atomic, and with the ld_dev after it
    CHECK(d.pairs()[0].first.agent == B);
    CHECK(d.pairs()[0].first.atomic);
    CHECK(d.pairs()[0].first.write);
    CHECK_FALSE(d.pairs()[1].first.write);
}

TEST_CASE("races: the first pairs are kept, all are counted, one access's words are one pair",
          "[races]") {
    RaceDetector d = detector();
    for (int i = 0; i < 100; ++i) d.write(A, X + 4096 * i, 64, "DMA", nullptr, 10);
    for (int i = 0; i < 100; ++i) d.read(B, X + 4096 * i, 64, "DMA", nullptr, 20);
    CHECK(d.count() == 100);
    CHECK(d.pairs().size() == RaceDetector::kPairs);
    CHECK(d.pairs()[0].bytes == 64);
}

TEST_CASE("races: automatic checking stops past agents x words and says so", "[races]") {
    RaceDetector d = detector(RaceMode::Auto);
    d.write(A, 0, 4 * (RaceDetector::kAutoLimit / 2 + 1), "DMA", nullptr, 10);
    CHECK(d.active());
    d.read(B, 0, 4, "ld", nullptr, 20); // a second agent: past the limit
    CHECK_FALSE(d.active());
    CHECK(d.stopped().find("2 agents x") == 0);
    d.read(B, 0x10, 4, "ld", nullptr, 30); // ignored from now on
    CHECK(d.count() == 1);
}

TEST_CASE("races: a flag's release reaches its target when the wait takes it, not when it is set",
          "[races]") {
    RaceDetector d = detector();
    d.write(A, X, 4, "st_dev", nullptr, 100);
    d.write(A, Y, 4, "st_dev", nullptr, 110);
    d.flag_set({d.release(A)}, B, 0, 14);    // the hub sets B's flag ...
    d.read(B, X, 4, "ld_dev", nullptr, 150); // ... but B reads before it waits
    CHECK(d.count() == 1);
    d.acquire_from(B, RaceDetector::flag_key(B, 0, 14)); // the wait takes the flag
    d.read(B, Y, 4, "ld_dev", nullptr, 160);
    CHECK(d.count() == 1);
}

TEST_CASE("races: each message carries its own release, whatever its sender did after", "[races]") {
    RaceDetector d = detector();
    const Release first = d.release(A); // message 1 leaves ...
    d.write(A, X, 4, "st_dev", nullptr, 100);
    const Release second = d.release(A); // ... message 2 after the write
    flag(d, {first}, B);                 // the hub processes message 1 after A sent message 2
    d.read(B, X, 4, "ld_dev", nullptr, 200);
    CHECK(d.count() == 1); // message 1 does not cover the write
    flag(d, {second}, B);
    d.read(B, X, 4, "ld_dev", nullptr, 210);
    CHECK(d.count() == 1);
}

TEST_CASE("races: a copy's GM read counts as made when issued, so its pipe's message covers it",
          "[races]") {
    RaceDetector d = detector();
    const Release issued = d.release(A); // copy_gm_to_ubuf issued ...
    const Release freed = d.release(A);  // ... then the MTE2 message "buffer free"
    d.read_as(issued, X, 32, "copy_gm_to_ubuf", nullptr, 300); // the copy reads later
    flag(d, {freed}, B);
    d.write(B, X, 32, "copy_ubuf_to_gm", nullptr, 400); // the producer refills the buffer
    CHECK(d.count() == 0);
}

TEST_CASE("races: an accumulating copy counts as made when issued", "[races]") {
    RaceDetector d = detector();
    const Release issued = d.release(A);
    const Release message = d.release(A);
    const RaceTag tag{nullptr, &issued, false};
    GmWriteObserver& l2_side = d; // as the L2 tells it, when the write takes effect
    l2_side.gm_written(A, X, 32, "copy_ubuf_to_gm (atomic add)", &tag, true, 300); // lands later
    flag(d, {message}, B);
    d.read(B, X, 4, "ld_dev", nullptr, 400);
    CHECK(d.count() == 0);
}

namespace {

// A core's posted scalar write (a write-back) as the write buffer lands it:
// made (released) at `posted`, applied at the L2 at `time_ps`.
void lands(RaceDetector& d, const Release& posted, std::uint64_t addr, std::uint64_t time_ps) {
    const RaceTag tag{nullptr, &posted, false, true};
    d.gm_written(posted.agent, addr, 64, "dcci write-back of a scalar-cache line", &tag, false,
                 time_ps);
}

} // namespace

TEST_CASE("races: a posted write is ordered before its core's later release only by a dsb, "
          "whatever order the writes land in",
          "[races]") {
    for (const bool dsb : {false, true}) {
        RaceDetector d = detector();
        const Release payload = d.release(A); // the payload's write-back is posted ...
        lands(d, payload, X, 100);            // ... and lands
        if (dsb) d.fence(A);                  // the dsb returns once it landed
        const Release flag = d.release(A);    // the flag's write-back
        lands(d, flag, Y, 120);
        d.polled(B, Y, 4, "poll", nullptr, 200); // the consumer's poll sees the flag
        d.read(B, X, 4, "ld", nullptr, 210, nullptr, true);
        d.release(B); // its next step: a read's held pairs are settled
        INFO("dsb " << dsb);
        CHECK(d.count() == (dsb ? 0u : 1u));
        if (!dsb) {
            CHECK(d.pairs()[0].why == RaceWhy::AfterRelease);
            CHECK(d.pairs()[0].first.posted);
        }
    }
}

TEST_CASE("races: a flag that lands before the payload posted ahead of it (no dsb) leaves the "
          "consumer's read of the payload racing",
          "[races]") {
    RaceDetector d = detector();
    const Release payload = d.release(A);
    const Release flag = d.release(A);
    lands(d, flag, Y, 100); // out of order: the flag first
    d.polled(B, Y, 4, "poll", nullptr, 150);
    d.read(B, X, 4, "ld", nullptr, 160, nullptr, true); // the old payload
    d.release(B);
    lands(d, payload, X, 200);
    CHECK(d.count() == 1);
    CHECK_FALSE(d.pairs()[0].first.write); // the read, then the write over it
}

TEST_CASE("races: a hand-written loop's reads of its flag synchronise from its second read",
          "[races]") {
    for (const char* how : {"ld", "ld_dev"}) {
        RaceDetector d = detector();
        const auto spin = [&](std::uint64_t t) {
            if (std::string(how) == "ld")
                d.read(B, Y, 4, "ld", nullptr, t, nullptr, true); // dcci + ld: a fresh read
            else
                d.atomic_read(B, Y, 4, "ld_dev", nullptr, t);
        };
        spin(50); // not set yet
        const Release payload = d.release(A);
        lands(d, payload, X, 100);
        d.fence(A);
        const Release flag = d.release(A);
        lands(d, flag, Y, 120); // lands between the loop's reads
        spin(150);              // the second read sees it: a poll's, it acquires
        d.read(B, X, 4, "ld", nullptr, 160, nullptr, true);
        d.release(B);
        INFO(how);
        CHECK(d.count() == 0);
    }
}

TEST_CASE("races: a one-off read of a core's write races, ld_dev too, reported at the reader's "
          "next step",
          "[races]") {
    for (const char* how : {"ld", "ld_dev"}) {
        RaceDetector d = detector();
        const Release w = d.release(A);
        lands(d, w, X, 100);
        if (std::string(how) == "ld")
            d.read(B, X, 4, "ld", nullptr, 150, nullptr, true);
        else
            d.atomic_read(B, X, 4, "ld_dev", nullptr, 150);
        d.read(B, Y, 4, "ld", nullptr, 160, nullptr, true); // a read of another word
        INFO(how);
        CHECK(d.count() == 1);
        CHECK(d.pairs()[0].why == RaceWhy::Unsynchronised); // as B stood at the read
    }
}

TEST_CASE("races: a barrier's released cores share one joined clock", "[races]") {
    RaceDetector d(std::vector<std::string>(6, "core"), RaceMode::On);
    std::vector<Release> arrivals;
    for (int c = 0; c < 4; ++c) arrivals.push_back(d.release(c));
    d.flags_set(arrivals, {0, 1, 2, 3}, 0, 14);
    for (int c = 0; c < 4; ++c) d.acquire_from(c, RaceDetector::flag_key(c, 0, 14));
    CHECK(d.knowledge(0) == d.knowledge(3)); // one clock, not four copies
    CHECK(d.knowledge(0)->get(2) == arrivals[2].own);
    // The next round: each arrives knowing that clock; the join is not copied per target.
    arrivals.clear();
    for (int c = 0; c < 4; ++c) arrivals.push_back(d.release(c));
    d.flags_set(arrivals, {0, 1, 2, 3}, 0, 14);
    for (int c = 0; c < 4; ++c) d.acquire_from(c, RaceDetector::flag_key(c, 0, 14));
    CHECK(d.knowledge(1) == d.knowledge(2));
    CHECK(d.knowledge(1)->get(0) == arrivals[0].own);
}

TEST_CASE("vector clock: a clock grown in place keeps covering what it was copied from",
          "[races]") {
    auto base = std::make_shared<VectorClock>();
    base->raise(0, 3);
    SharedClock shared = base;
    SharedClock held = shared;             // someone holds it
    VectorClock& grown = own_copy(shared); // so growing copies it
    CHECK(shared.get() != held.get());
    for (int i = 1; i < 50; ++i) grown.raise(i, 1); // one version for a burst
    CHECK(grown.covers(*held));
    CHECK_FALSE(held->covers(grown));
    VectorClock& again = own_copy(shared); // nobody else holds it: in place
    CHECK(&again == &grown);
}

TEST_CASE("races: an atomic's returned value acquires the atomics before it, not those after, "
          "though the counter's clock grows in place",
          "[races]") {
    constexpr int C = Host; // a third core here
    RaceDetector d = detector();
    d.write(C, Y, 4, "st_dev", nullptr, 5); // C's data, before its arrival
    d.atomic(A, X, 4, "atomicAdd", nullptr, 10);
    d.atomic(B, X, 4, "atomicAdd", nullptr, 20);
    d.returned(B, X, 4);                         // B learns A's arrival ...
    d.atomic(C, X, 4, "atomicAdd", nullptr, 30); // ... not C's, which comes after
    d.read(B, Y, 4, "ld", nullptr, 40);
    CHECK(d.count() == 1);                       // B's read of C's data is unordered
    d.write(C, Y + 8, 4, "st_dev", nullptr, 35); // after its arrival
    d.observed(B, X, 4);                         // B's poll sees the counter complete
    d.read(B, Y, 4, "ld", nullptr, 50);
    CHECK(d.count() == 1); // C's data before its arrival is ordered now
    d.read(B, Y + 8, 4, "ld", nullptr, 55);
    CHECK(d.count() == 2); // what C wrote after its arrival is not
}

TEST_CASE("vector clock: a snapshot gives the content it had, however it grew since", "[races]") {
    auto c = std::make_shared<VectorClock>();
    c->raise(0, 1);
    c->hold();
    const std::size_t then = c->version();
    c->raise(1, 5);
    c->raise(0, 2);
    const VectorClock old = c->as_of(then);
    CHECK(old.get(0) == 1);
    CHECK(old.get(1) == 0);
    CHECK(c->get(0) == 2);
    c->unhold();
    CHECK(c->version() == 0); // nothing kept once no one holds it
}
