#include "models/memory/atomic.hpp"
#include "models/memory/busy_until.hpp"
#include "models/memory/lru_index.hpp"

#include <catch2/catch.hpp>
#include <cstring>

using namespace syncsim;

TEST_CASE("atomic operations return the old value and store the new one", "[atomic]") {
    struct Row {
        AtomicType type;
        AtomicOp op;
        std::int64_t before, operand, old_expected, after;
    };
    const Row rows[] = {
        {AtomicType::S32, AtomicOp::Sum, 5, 1, 5, 6},
        {AtomicType::S32, AtomicOp::Sum, 2147483647, 1, 2147483647, -2147483648ll},
        {AtomicType::S32, AtomicOp::Max, -3, -7, -3, -3},
        {AtomicType::S32, AtomicOp::Min, -3, -7, -3, -7},
        {AtomicType::U32, AtomicOp::Or, 0x0f, 0xf0, 0x0f, 0xff},
        {AtomicType::U32, AtomicOp::And, 0xff, 0x0f, 0xff, 0x0f},
        {AtomicType::S64, AtomicOp::Exchange, 9, 4, 9, 4},
        {AtomicType::U64, AtomicOp::Xor, 6, 3, 6, 5},
    };
    for (const Row& r : rows) {
        std::uint8_t word[8] = {};
        std::memcpy(word, &r.before, atomic_width_bytes(r.type));
        CHECK(apply_atomic(r.type, r.op, word, r.operand) == r.old_expected);
        std::int64_t after = 0;
        std::memcpy(&after, word, atomic_width_bytes(r.type));
        if (r.type == AtomicType::S32) after = static_cast<std::int32_t>(after);
        CHECK(after == r.after);
    }
}

TEST_CASE("a busy-until resource serialises requests that arrive together", "[atomic]") {
    using sc_core::SC_NS;
    using sc_core::sc_time;
    BusyUntil slice;
    const sc_time service(20, SC_NS);
    for (int n = 0; n < 8; ++n)
        CHECK(slice.reserve(sc_time(100, SC_NS), service) == sc_time(100 + 20 * n, SC_NS));
    // A request after the queue has drained starts on arrival.
    CHECK(slice.reserve(sc_time(1000, SC_NS), service) == sc_time(1000, SC_NS));
}

TEST_CASE("LRU index evicts the least recently touched key", "[lru]") {
    LruIndex lru(3);
    CHECK_FALSE(lru.insert(1));
    CHECK_FALSE(lru.insert(2));
    CHECK_FALSE(lru.insert(3));
    lru.touch(1);
    CHECK(lru.insert(4) == std::optional<std::uint64_t>(2));
    CHECK(lru.contains(1));
    CHECK_FALSE(lru.contains(2));
    lru.erase(3);
    CHECK(lru.size() == 2);
}
