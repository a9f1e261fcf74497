#include "models/notify/cnt_notify_rules.hpp"

namespace syncsim {

bool valid_record_mode(std::uint32_t mode) {
    return mode <= 2 || mode == 4;
} // 3 is add+write: illegal
bool valid_wait_mode(std::uint32_t mode) {
    return mode <= 4;
}

std::uint32_t apply_record(std::uint32_t count, CntRecordMode mode, std::uint32_t value,
                           Mode4Semantics mode4) {
    switch (mode) {
    case CntRecordMode::Set:
        return value;
    case CntRecordMode::Add:
        return count + value; // 32-bit register: wraps
    case CntRecordMode::BitOr:
        return count | value;
    case CntRecordMode::BitAnd:
        return mode4 == Mode4Semantics::And ? count & value : count & ~value;
    }
    return count;
}

bool wait_released(std::uint32_t count, CntWaitMode mode, std::uint32_t value) {
    switch (mode) {
    case CntWaitMode::Less:
        return count < value;
    case CntWaitMode::Equal:
        return count == value;
    case CntWaitMode::Bigger:
        return count > value;
    case CntWaitMode::BiggerOrEqual:
        return count >= value;
    case CntWaitMode::EqualWithBitmask:
        return (count & value) == value;
    }
    return false;
}

const char* to_string(CntRecordMode m) {
    switch (m) {
    case CntRecordMode::Set:
        return "SET_VALUE";
    case CntRecordMode::Add:
        return "ADD";
    case CntRecordMode::BitOr:
        return "BIT_OR";
    case CntRecordMode::BitAnd:
        return "BIT_AND";
    }
    return "?";
}

const char* to_string(CntWaitMode m) {
    static const char* const names[] = {"LESS", "EQUAL", "BIGGER", "BIGGER_OR_EQUAL",
                                        "EQUAL_WITH_BITMASK"};
    return names[static_cast<int>(m)];
}

std::optional<std::uint32_t> IdBank::allocate() {
    std::uint32_t id = 0;
    for (std::uint32_t used : m_used) {
        if (used != id) break;
        ++id;
    }
    if (id >= m_size) return std::nullopt;
    m_used.insert(id);
    return id;
}

} // namespace syncsim
