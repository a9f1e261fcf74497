// Why a host check failed, kernel-free (issue 28 item 3): the host's reads
// grouped by their last write, the stale reads since the previous check,
// and a word a core wrote traced back to the stale read that gave its value.
#include "models/memory/stale_reads.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/runtime/check_explanation.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

using namespace syncsim;

namespace {

constexpr int kCore0 = 0 * 16 + 7, kCore1 = 1 * 16 + 7; // their write buffers

std::vector<std::uint8_t> ints(std::initializer_list<std::int32_t> values) {
    std::vector<std::uint8_t> out(values.size() * 4);
    std::size_t i = 0;
    for (std::int32_t v : values) std::memcpy(out.data() + 4 * i++, &v, 4);
    return out;
}

StaleRead stale(int core, std::uint64_t addr, std::int64_t value, std::uint64_t t) {
    StaleRead r;
    r.core = core;
    r.addr = addr;
    r.bytes = 4;
    r.value = value;
    r.memory_value = 101;
    r.time_ps = t;
    r.line = addr / 64 * 64;
    r.filled_ps = 10;
    r.missed = {kCore1, "dcci write-back of a scalar-cache line", t - 5, r.line, 64};
    return r;
}

ExplanationNames names() {
    ExplanationNames n;
    n.requester = [](int r) {
        return r < 0 ? std::string("the host") : "core" + std::to_string(r / 16);
    };
    n.where = [](std::uint64_t a) { return "buf+" + std::to_string(a - 0x1000); };
    return n;
}

} // namespace

TEST_CASE("write provenance: the newest write over a range and the parts of a range", "[explain]") {
    WriteProvenance p;
    p.record({-1, "memset", 0, 0x1000, 256});
    p.record({kCore0, "wb", 50, 0x1040, 64});
    CHECK(p.writes() == 2);
    CHECK(p.newest(0x1000, 4)->write.requester == -1);
    CHECK(p.newest(0x1030, 32)->seq == 2); // reaches into the write-back
    std::vector<std::tuple<std::uint64_t, std::uint64_t, bool>> parts;
    p.for_each(0xff0, 0x1090, [&](std::uint64_t a, std::uint64_t b, const WriteRecord* w) {
        parts.emplace_back(a, b, w != nullptr);
    });
    REQUIRE(parts.size() == 4);
    CHECK(parts[0] == std::make_tuple(0xff0, 0x1000, false)); // never written
    CHECK(parts[1] == std::make_tuple(0x1000, 0x1040, true));
    CHECK(parts[2] == std::make_tuple(0x1040, 0x1080, true));
    CHECK(parts[3] == std::make_tuple(0x1080, 0x1090, true));
}

TEST_CASE("stale reads: the first are kept in full, each core's latest, all counted", "[explain]") {
    StaleReads s;
    for (int i = 0; i < 100; ++i) s.record(stale(i % 2, 0x1000, i, 100 + i));
    CHECK(s.count() == 100);
    CHECK(s.first().size() == StaleReads::kFirst);
    CHECK(s.first()[3].index == 3);
    // Past the first 64, each core keeps its last 8.
    CHECK(s.kept_since(64).size() == 2 * StaleReads::kPerCore);
    const StaleRead* r = s.latest_of(1, 1000, [](const StaleRead& x) { return x.value < 70; });
    REQUIRE(r);
    CHECK(r->value == 63); // a kept first one: 64..83 of core 1 were dropped
}

TEST_CASE("check explanation: a failed check names the last writers of what the host read, and "
          "the stale read a writer's value came from",
          "[explain]") {
    WriteProvenance p;
    StaleReads stale_reads;
    CheckExplainer e;
    e.set_sources(&p, &stale_reads);
    p.record({-1, "memset", 0, 0x1000, 128});
    // Core 0 read its neighbour's slot (0x1040) from a stale line, got 0,
    // and wrote it to its own word 0x1000; then wrote its line back.
    stale_reads.record(stale(0, 0x1040, 0, 200));
    p.record({kCore0, "dcci write-back of a scalar-cache line", 300, 0x1000, 64});
    p.record({kCore1, "dcci write-back of a scalar-cache line", 150, 0x1040, 64});
    CHECK(e.checked(true) == nullptr); // a check that passes says nothing

    stale_reads.record(stale(0, 0x1040, 0, 200)); // since the previous check
    const auto data = ints({0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 101});
    e.host_read(0x1000, data.data(), 64); // core 0's line
    e.host_read(0x1040, data.data() + 64, 4);
    const auto why = e.checked(false);
    REQUIRE(why);
    REQUIRE(why->parts.size() == 2);
    const ReadPart& first = why->parts[0];
    CHECK(first.from == 0x1000);
    CHECK(first.to == 0x1040);
    REQUIRE(first.write);
    CHECK(first.write->requester == kCore0);
    REQUIRE(first.from_stale);
    CHECK(first.from_stale->addr == 0x1040);
    CHECK(first.stale_word == 0x1000); // the 0 it wrote there
    CHECK_FALSE(why->parts[1].from_stale);
    CHECK(why->stale_count == 1);
    REQUIRE(why->stale_reads.size() == 1);
    const auto lines = explanation_lines(*why, names(), 4, 2);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] ==
          "read buf+0 (64 B): last written by core0: dcci write-back of a scalar-cache line at "
          "0.300 ns; the 0 it wrote at buf+0 is what its stale read returned:");
    CHECK(lines[1] == "  core0 read 0 at buf+64 at 0.200 ns from its cached line 0x1040, filled at "
                      "0.010 ns; the line missed core1: dcci write-back of a scalar-cache line at "
                      "0.195 ns (GM held 101), and no dcci came between that write and the read");
    CHECK(lines[2].rfind("read buf+64 (4 B): last written by core1", 0) == 0);
    // The next check starts afresh.
    CHECK(e.checked(false) == nullptr);
}

TEST_CASE("check explanation: reads of one write merge, and the parts are bounded", "[explain]") {
    WriteProvenance p;
    CheckExplainer e;
    e.set_sources(&p, nullptr);
    p.record({-1, "memset", 0, 0x1000, 4096});
    const std::vector<std::uint8_t> zeros(4096);
    for (int i = 0; i < 16; ++i) e.host_read(0x1000 + 4 * i, zeros.data(), 4); // word by word
    for (std::uint64_t i = 0; i < 40; ++i)
        p.record({kCore0, "st_dev", 10 + i, 0x2000 + 8 * i, 4}); // one write per word, gaps between
    const std::vector<std::uint8_t> big(320);
    e.host_read(0x2000, big.data(), 320);
    const auto why = e.checked(false);
    REQUIRE(why);
    CHECK(why->parts.front().to - why->parts.front().from == 64); // the 16 words, one part
    CHECK(why->parts.size() == CheckExplainer::kParts);
    CHECK(why->parts_left_out == 1 + 80 - CheckExplainer::kParts); // 80 parts of 0x2000..
}
