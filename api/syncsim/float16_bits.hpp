// The bits of the 16-bit floating formats the vendor's devices compute in:
// IEEE 754 binary16 (`half`, aclFloat16) and bfloat16, converted from and
// to float with rounding to nearest even. Kernel code gets them as types
// (syncsim/vendor_types.hpp), host code as acl/acl.h's aclFloat16 calls.
#pragma once

#include <cstdint>
#include <type_traits>

namespace syncsim::vendor {

constexpr std::uint32_t float_bits(float f) {
    return __builtin_bit_cast(std::uint32_t, f);
}
constexpr float bits_float(std::uint32_t bits) {
    return __builtin_bit_cast(float, bits);
}

// A double (or a wide integer) to float, rounding to odd: a 16-bit rounding
// that follows then rounds once, as from the exact value (a float has more
// than two bits beyond either 16-bit format's).
template <typename T>
constexpr float to_float_odd(T value) {
    if constexpr (sizeof(T) <= 2 || std::is_same_v<T, float>) {
        return static_cast<float>(value);
    } else {
        const auto exact = static_cast<long double>(value);
        float f = static_cast<float>(exact);
        if (static_cast<long double>(f) == exact || f != f) return f;
        if ((f > 0) == (static_cast<long double>(f) > exact)) { // rounded away from zero
            const std::uint32_t bits = float_bits(f);           // one step toward zero
            f = bits_float((bits & 0x7fffffffu) == 0 ? bits : bits - 1);
        }
        return bits_float(float_bits(f) | 1u);
    }
}

// IEEE 754 binary16, round to nearest even.
struct Binary16 {
    static constexpr std::uint16_t from_float(float f) {
        const std::uint32_t x = float_bits(f);
        const std::uint32_t sign = (x >> 16) & 0x8000u;
        const std::uint32_t abs = x & 0x7fffffffu;
        if (abs >= 0x7f800000u) // inf or NaN (a NaN keeps a payload bit)
            return static_cast<std::uint16_t>(sign | 0x7c00u | (abs > 0x7f800000u ? 0x200u : 0u));
        if (abs >= 0x477ff000u) // rounds past the largest finite: inf
            return static_cast<std::uint16_t>(sign | 0x7c00u);
        if (abs < 0x38800000u) {                                // a subnormal half (or zero)
            const float scaled = bits_float(abs) * 16777216.0f; // 2^24: units of 2^-24
            const auto units = static_cast<std::uint32_t>(scaled);
            const float rest = scaled - static_cast<float>(units);
            const bool up = rest > 0.5f || (rest == 0.5f && (units & 1u));
            return static_cast<std::uint16_t>(sign | (units + (up ? 1u : 0u)));
        }
        const std::uint32_t rounded = abs + 0xfffu + ((abs >> 13) & 1u);
        return static_cast<std::uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
    }
    static constexpr float to_float(std::uint16_t h) {
        const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
        const std::uint32_t exponent = (h >> 10) & 0x1fu;
        const std::uint32_t mantissa = h & 0x3ffu;
        if (exponent == 0) { // zero or subnormal: mantissa x 2^-24
            const float value = static_cast<float>(mantissa) / 16777216.0f;
            return sign ? -value : value;
        }
        if (exponent == 0x1f) return bits_float(sign | 0x7f800000u | (mantissa << 13));
        return bits_float(sign | ((exponent + 112u) << 23) | (mantissa << 13));
    }
};

// bfloat16: the top half of a float, round to nearest even.
struct BFloat16 {
    static constexpr std::uint16_t from_float(float f) {
        const std::uint32_t x = float_bits(f);
        if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);
        return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
    }
    static constexpr float to_float(std::uint16_t b) {
        return bits_float(static_cast<std::uint32_t>(b) << 16);
    }
};

// A 16-bit floating value of one format as a class: its bits, converted
// from any arithmetic value (rounded once) and to float.
template <typename Format>
class Float16Bits {
  public:
    Float16Bits() = default; // uninitialised, as a float is (and a union member may be one)
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    constexpr Float16Bits(T value) : m_bits(Format::from_float(to_float_odd(value))) {}
    constexpr operator float() const { return Format::to_float(m_bits); }
    constexpr std::uint16_t bits() const { return m_bits; }
    static constexpr Float16Bits from_bits(std::uint16_t bits) {
        Float16Bits v(0.0f);
        v.m_bits = bits;
        return v;
    }

  private:
    std::uint16_t m_bits;
};

} // namespace syncsim::vendor
