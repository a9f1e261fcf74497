#include "models/memory/atomic.hpp"

#include <algorithm>
#include <cstring>

namespace syncsim {

namespace {

template <typename T>
T combine(AtomicOp op, T old, T operand) {
    switch (op) {
    case AtomicOp::Sum:
        return static_cast<T>(old + operand);
    case AtomicOp::Max:
        return std::max(old, operand);
    case AtomicOp::Min:
        return std::min(old, operand);
    case AtomicOp::And:
        return old & operand;
    case AtomicOp::Or:
        return old | operand;
    case AtomicOp::Xor:
        return old ^ operand;
    case AtomicOp::Exchange:
        return operand;
    }
    return old;
}

template <typename T>
std::int64_t apply_typed(AtomicOp op, std::uint8_t* word, std::int64_t operand) {
    T old;
    std::memcpy(&old, word, sizeof(T));
    // Unsigned wrap-around is the hardware's behaviour for sums that overflow.
    using U = std::make_unsigned_t<T>;
    T result;
    if (op == AtomicOp::Sum)
        result = static_cast<T>(static_cast<U>(old) + static_cast<U>(static_cast<T>(operand)));
    else
        result = combine<T>(op, old, static_cast<T>(operand));
    std::memcpy(word, &result, sizeof(T));
    return static_cast<std::int64_t>(old);
}

} // namespace

std::int64_t apply_atomic(AtomicType type, AtomicOp op, std::uint8_t* word, std::int64_t operand) {
    switch (type) {
    case AtomicType::S32:
        return apply_typed<std::int32_t>(op, word, operand);
    case AtomicType::U32:
        return apply_typed<std::uint32_t>(op, word, operand);
    case AtomicType::S64:
        return apply_typed<std::int64_t>(op, word, operand);
    case AtomicType::U64:
        return apply_typed<std::uint64_t>(op, word, operand);
    }
    return 0;
}

} // namespace syncsim
