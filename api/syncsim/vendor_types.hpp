// The vendor compiler's 16-bit floating types, `half` and `bfloat16_t`, for
// kernels built by syncsim_add_kernel. clang-14 on x86 has no _Float16 or
// __bf16 arithmetic, and __fp16 cannot be a parameter or a return type, so
// each is a class holding the 16 bits, converted from and to float (all
// arithmetic happens in float, as an expression of these types decays to
// float). They must be two types: the vendor specialises templates on both
// (PadValueMap<half, ...> and PadValueMap<bfloat16_t, ...>).
#pragma once

#include "syncsim/float16_bits.hpp"

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace syncsim::vendor {

template <typename Format>
class Float16Bits {
  public:
    Float16Bits() = default; // uninitialised, as a float is (and a union member may be one)
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    Float16Bits(T value) : m_bits(Format::from_float(to_float_odd(value))) {}
    operator float() const { return Format::to_float(m_bits); }
    std::uint16_t bits() const { return m_bits; }
    static Float16Bits from_bits(std::uint16_t bits) {
        Float16Bits v;
        v.m_bits = bits;
        return v;
    }

  private:
    // A double (or a wide integer) to float rounding to odd: the 16-bit
    // rounding that follows then rounds once, as from the exact value.
    template <typename T>
    static float to_float_odd(T value) {
        if constexpr (sizeof(T) <= 2 || std::is_same_v<T, float>) {
            return static_cast<float>(value);
        } else {
            const auto exact = static_cast<long double>(value);
            float f = static_cast<float>(exact);
            if (static_cast<long double>(f) == exact || f != f) return f;
            if ((f > 0) == (static_cast<long double>(f) > exact)) // rounded away from zero
                f = std::nextafter(f, 0.0f);
            std::uint32_t bits = float_bits(f) | 1u;
            return bits_float(bits);
        }
    }

    std::uint16_t m_bits;
};

} // namespace syncsim::vendor

class half : public syncsim::vendor::Float16Bits<syncsim::vendor::Binary16> {
    using Float16Bits::Float16Bits;
};
class bfloat16_t : public syncsim::vendor::Float16Bits<syncsim::vendor::BFloat16> {
    using Float16Bits::Float16Bits;
};
using float16_t = half;
static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "16-bit types hold 16 bits");
