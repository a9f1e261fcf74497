// CntNotify record modes, wait predicates and the id bank as tables.
#include "models/notify/cnt_notify_rules.hpp"
#include "syncsim/acl_types.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("record modes SET, ADD, BIT_OR and mode 4 (both readings)", "[cntnotify]") {
    struct Row {
        CntRecordMode mode;
        std::uint32_t before, value, after_and, after_clear;
    };
    const Row rows[] = {
        {CntRecordMode::Set, 7, 3, 3, 3},
        {CntRecordMode::Add, 7, 3, 10, 10},
        {CntRecordMode::Add, 0xFFFFFFFFu, 2, 1, 1}, // a 32-bit register wraps
        {CntRecordMode::BitOr, 0b0101, 0b0011, 0b0111, 0b0111},
        {CntRecordMode::BitAnd, 0b0101, 0b0110, 0b0100, 0b0001}, // cnt & v  vs  cnt & ~v
    };
    for (const Row& r : rows) {
        CHECK(apply_record(r.before, r.mode, r.value, Mode4Semantics::And) == r.after_and);
        CHECK(apply_record(r.before, r.mode, r.value, Mode4Semantics::ClearBits) == r.after_clear);
    }
}

TEST_CASE("wait modes release on their predicate", "[cntnotify]") {
    struct Row {
        CntWaitMode mode;
        std::uint32_t count, value;
        bool released;
    };
    const Row rows[] = {
        {CntWaitMode::Less, 2, 3, true},
        {CntWaitMode::Less, 3, 3, false},
        {CntWaitMode::Equal, 3, 3, true},
        {CntWaitMode::Equal, 4, 3, false},
        {CntWaitMode::Bigger, 4, 3, true},
        {CntWaitMode::Bigger, 3, 3, false},
        {CntWaitMode::BiggerOrEqual, 3, 3, true},
        {CntWaitMode::BiggerOrEqual, 2, 3, false},
        {CntWaitMode::EqualWithBitmask, 0b1111, 0b0101, true},
        {CntWaitMode::EqualWithBitmask, 0b1011, 0b0101, false},
    };
    for (const Row& r : rows) CHECK(wait_released(r.count, r.mode, r.value) == r.released);
}

TEST_CASE("mode values: record 3 and 5 are invalid, wait 5 is invalid", "[cntnotify]") {
    for (std::uint32_t m : {0u, 1u, 2u, 4u}) CHECK(valid_record_mode(m));
    for (std::uint32_t m : {3u, 5u, 100u}) CHECK_FALSE(valid_record_mode(m));
    for (std::uint32_t m : {0u, 1u, 2u, 3u, 4u}) CHECK(valid_wait_mode(m));
    CHECK_FALSE(valid_wait_mode(5));
    CHECK(SET_VALUE_MODE == 0);
    CHECK(BIT_AND_MODE == 4);
    CHECK(EQUAL_WITH_BITMASK_MODE == 4);
}

TEST_CASE("the id bank hands out the lowest free id and runs out at its size", "[cntnotify]") {
    IdBank bank(3);
    CHECK(bank.allocate() == std::optional<std::uint32_t>(0));
    CHECK(bank.allocate() == std::optional<std::uint32_t>(1));
    CHECK(bank.allocate() == std::optional<std::uint32_t>(2));
    CHECK_FALSE(bank.allocate());
    bank.release(1);
    CHECK(bank.allocate() == std::optional<std::uint32_t>(1));
    CHECK(bank.in_use() == 3);
}
