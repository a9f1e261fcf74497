// Atomic read-modify-write as executed at the L2 slice. The arithmetic is a
// plain function (unit-tested); the TLM extension carries it on a transaction.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <string>
#include <tlm>

namespace syncsim {

// Applies op to the little-endian word at `word`, returns the old value
// sign- or zero-extended per the type.
std::int64_t apply_atomic(AtomicType type, AtomicOp op, std::uint8_t* word, std::int64_t operand);

struct AtomicExtension : tlm::tlm_extension<AtomicExtension> {
    AtomicType type = AtomicType::S32;
    AtomicOp op = AtomicOp::Sum;
    std::int64_t operand = 0;
    std::int64_t old_value = 0;
    // An accumulating copy: the operands are the payload's elements (of
    // `type`), each combined with GM's; `operand` and `old_value` unused.
    bool elementwise = false;

    tlm::tlm_extension_base* clone() const override { return new AtomicExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const AtomicExtension&>(other);
    }
};

} // namespace syncsim
