// Device memory as the host sees it, kernel-free: buffers start on an L2
// line and never overlap, a copy outside device memory is a host error, and
// the host's own writes are their last writer.
#include "models/runtime/host_memory.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("host memory: buffers start on a 512-byte line, in order, and must fit",
          "[host_memory]") {
    SparseStore gm;
    HostMemory memory(gm, 0x1000, 4096);
    const GmAddr a = memory.malloc(100, "a");
    const GmAddr b = memory.malloc(4, "b");
    CHECK(a == 0x1000);
    CHECK(b == 0x1200); // the next line after a's 100 bytes
    REQUIRE(memory.buffers().size() == 2);
    CHECK(memory.buffers()[1].name == "b");
    CHECK_THROWS_WITH(memory.malloc(4096, "c"),
                      "malloc of 4096 bytes for 'c' does not fit device memory");
    CHECK_THROWS_AS(memory.malloc(0, "empty"), HostError);
}

TEST_CASE("host memory: copies round-trip and are range-checked", "[host_memory]") {
    SparseStore gm;
    HostMemory memory(gm, 0x1000, 4096);
    const GmAddr a = memory.malloc(8, "a");
    const std::int32_t seven = 7;
    memory.write(a + 4, &seven, 4);
    std::int32_t back = 0;
    memory.read(&back, a + 4, 4);
    CHECK(back == 7);
    memory.memset(a, 0xff, 4);
    memory.read(&back, a, 4);
    CHECK(back == -1);
    CHECK_THROWS_WITH(memory.write(0x1000 + 4094, &seven, 4),
                      "memcpy to device: [0x1ffe, 0x2002) is outside device memory");
    CHECK_THROWS_AS(memory.read(&back, 0xfff, 4), HostError);
    CHECK_THROWS_AS(memory.memset(~GmAddr{0} - 1, 0, 4), HostError); // wraps around
}

TEST_CASE("host memory: the last writer of a word the host wrote is the host", "[host_memory]") {
    SparseStore gm;
    WriteProvenance provenance;
    HostMemory memory(gm, 0x1000, 4096);
    memory.set_provenance(&provenance, [](int r) { return r < 0 ? "host" : "core"; });
    const GmAddr a = memory.malloc(64, "a");
    CHECK(memory.last_writer(a) == "never written");
    const std::int32_t one = 1;
    memory.write(a, &one, 4);
    CHECK(memory.last_writer(a) == "host: memcpy to device [0x1000, +4) at 0.000 us");
    CHECK(memory.last_writer(a + 4) == "never written");
}

TEST_CASE("host memory: trace_word hands the word to its WordTraceSink, and refuses it once "
          "tracing started",
          "[host_memory]") {
    struct Words : WordTraceSink {
        std::vector<std::pair<std::string, GmAddr>> added;
        bool started = false;
        bool add_word(const std::string& name, GmAddr addr) override {
            if (started) return false;
            added.emplace_back(name, addr);
            return true;
        }
    } words;
    SparseStore gm;
    HostMemory memory(gm, 0x1000, 4096);
    memory.set_word_tracer(&words);
    const GmAddr flag = memory.malloc(64, "flag");
    memory.trace_word("flag0", flag);
    REQUIRE(words.added.size() == 1);
    CHECK(words.added[0] == std::make_pair(std::string("flag0"), flag));
    CHECK_THROWS_AS(memory.trace_word("outside", 0x10), HostError);
    words.started = true;
    CHECK_THROWS_WITH(memory.trace_word("late", flag),
                      "trace_word('late') after tracing started: call it before the first launch");
}
