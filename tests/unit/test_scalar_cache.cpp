// The scalar data cache as a policy: residency, LRU eviction, dirty state,
// and whole-line write-back, driven by operation sequences written as data.
#include "models/memory/scalar_cache.hpp"
#include "models/memory/sparse_store.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <optional>
#include <vector>

using namespace syncsim;

namespace {

// Two cores' caches over one memory, with the core model's miss and
// write-back rules but no timing: enough to show what whole lines do.
struct TwoCaches {
    SparseStore memory;
    std::vector<ScalarCache> caches{ScalarCache(64, 4), ScalarCache(64, 4)};

    CacheLine& line(int c, std::uint64_t addr) {
        ScalarCache& cache = caches[c];
        const std::uint64_t base = cache.line_of(addr);
        if (CacheLine* l = cache.lookup(base)) return *l;
        std::uint8_t fill[64];
        memory.read(base, fill, 64);
        if (auto victim = cache.install(base, fill))
            memory.write(victim->base, victim->bytes.data(), 64);
        return *cache.lookup(base);
    }
    std::int32_t load(int c, std::uint64_t addr) {
        std::int32_t v;
        CacheLine& l = line(c, addr);
        std::memcpy(&v, l.bytes.data() + (addr - l.base), 4);
        return v;
    }
    void store(int c, std::uint64_t addr, std::int32_t v) {
        CacheLine& l = line(c, addr);
        std::memcpy(l.bytes.data() + (addr - l.base), &v, 4);
        l.dirty = true;
    }
    void dcci(int c, std::uint64_t addr) {
        if (auto wb = caches[c].maintain(caches[c].line_of(addr), DcciMode::CleanInvalidate))
            memory.write(wb->base, wb->bytes.data(), 64);
    }
    std::int32_t memory_word(std::uint64_t addr) {
        std::int32_t v;
        memory.read(addr, reinterpret_cast<std::uint8_t*>(&v), 4);
        return v;
    }
};

enum class Kind { Load, Store, Dcci, ExpectMemory };
struct Op {
    int core;
    Kind kind;
    std::uint64_t addr;
    std::int32_t value; // stored, or expected
};

void run(TwoCaches& t, const std::vector<Op>& ops) {
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Op& op = ops[i];
        INFO("operation " << i);
        switch (op.kind) {
        case Kind::Load:
            CHECK(t.load(op.core, op.addr) == op.value);
            break;
        case Kind::Store:
            t.store(op.core, op.addr, op.value);
            break;
        case Kind::Dcci:
            t.dcci(op.core, op.addr);
            break;
        case Kind::ExpectMemory:
            CHECK(t.memory_word(op.addr) == op.value);
            break;
        }
    }
}

} // namespace

TEST_CASE("a cached load keeps returning the line it holds after another core writes back",
          "[cache]") {
    TwoCaches t;
    run(t, {
               {1, Kind::Load, 0x1000, 0},          // consumer caches the line
               {0, Kind::Store, 0x1000, 42},        // producer stores...
               {0, Kind::Dcci, 0x1000, 0},          // ...and writes the line back
               {0, Kind::ExpectMemory, 0x1000, 42}, // memory has it
               {1, Kind::Load, 0x1000, 0},          // the consumer still reads its stale copy
               {1, Kind::Dcci, 0x1000, 0},          // until it invalidates
               {1, Kind::Load, 0x1000, 42},
           });
}

TEST_CASE("writing back a stale dirty line clobbers a neighbour's newer word in the same line",
          "[cache]") {
    TwoCaches t;
    run(t, {
               {0, Kind::Store, 0x2000, 1}, // core 0 owns word 0 of the line
               {1, Kind::Store, 0x2004, 2}, // core 1 owns word 1 of the same line
               {1, Kind::Dcci, 0x2004, 0},  // core 1 publishes word 1
               {0, Kind::ExpectMemory, 0x2004, 2},
               {0, Kind::Dcci, 0x2000, 0}, // core 0 writes back its whole line...
               {0, Kind::ExpectMemory, 0x2000, 1},
               {0, Kind::ExpectMemory, 0x2004, 0}, // ...including its stale word 1
           });
}

TEST_CASE("words on different 64-byte lines do not clobber each other", "[cache]") {
    TwoCaches t;
    run(t, {
               {0, Kind::Store, 0x3000, 1},
               {1, Kind::Store, 0x3040, 2},
               {1, Kind::Dcci, 0x3040, 0},
               {0, Kind::Dcci, 0x3000, 0},
               {0, Kind::ExpectMemory, 0x3000, 1},
               {0, Kind::ExpectMemory, 0x3040, 2},
           });
}

TEST_CASE("the least recently used line is evicted and written back only if dirty", "[cache]") {
    ScalarCache cache(64, 2);
    std::uint8_t zeros[64] = {};
    CHECK_FALSE(cache.install(0x000, zeros));
    CHECK_FALSE(cache.install(0x040, zeros));
    cache.lookup(0x000)->dirty = true;
    cache.lookup(0x040); // 0x000 is now least recently used
    auto evicted = cache.install(0x080, zeros);
    REQUIRE(evicted);
    CHECK(evicted->base == 0x000);
    CHECK(cache.lookup(0x000) == nullptr);
    CHECK_FALSE(cache.install(0x0c0, zeros)); // 0x040 was clean: nothing to write back
    CHECK(cache.resident_lines() == 2);
}

TEST_CASE("dcci modes: clean keeps the line, invalidate drops dirty data", "[cache]") {
    ScalarCache cache(64, 4);
    std::uint8_t zeros[64] = {};
    cache.install(0x100, zeros);
    cache.lookup(0x100)->dirty = true;
    auto cleaned = cache.maintain(0x100, DcciMode::CleanOnly);
    REQUIRE(cleaned);
    REQUIRE(cache.lookup(0x100) != nullptr);
    CHECK_FALSE(cache.lookup(0x100)->dirty);
    cache.lookup(0x100)->dirty = true;
    CHECK_FALSE(cache.maintain(0x100, DcciMode::InvalidateOnly));
    CHECK(cache.lookup(0x100) == nullptr);
    CHECK(cache.dirty_lines() == 0);
}

TEST_CASE("maintaining the whole cache writes back dirty lines in address order", "[cache]") {
    ScalarCache cache(64, 8);
    std::uint8_t zeros[64] = {};
    for (std::uint64_t base : {0x300, 0x100, 0x200}) {
        cache.install(base, zeros);
        cache.lookup(base)->dirty = base != 0x200;
    }
    const auto written = cache.maintain_all(DcciMode::CleanInvalidate);
    REQUIRE(written.size() == 2);
    CHECK(written[0].base == 0x100);
    CHECK(written[1].base == 0x300);
    CHECK(cache.resident_lines() == 0);
}
