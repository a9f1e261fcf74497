// The vendor compiler's 16-bit floating types, `half` and `bfloat16_t`, for
// kernels built by syncsim_add_kernel. clang-14 on x86 has no _Float16 or
// __bf16 arithmetic, and __fp16 cannot be a parameter or a return type, so
// each is a class holding the 16 bits, converted from and to float (all
// arithmetic happens in float, as an expression of these types decays to
// float). They must be two types: the vendor specialises templates on both
// (PadValueMap<half, ...> and PadValueMap<bfloat16_t, ...>).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace syncsim::vendor {

inline std::uint32_t float_bits(float f) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    return bits;
}
inline float bits_float(std::uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// IEEE 754 binary16, round to nearest even.
struct Binary16 {
    static std::uint16_t from_float(float f) {
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
    static float to_float(std::uint16_t h) {
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
    static std::uint16_t from_float(float f) {
        const std::uint32_t x = float_bits(f);
        if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((x >> 16) | 0x40u);
        return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
    }
    static float to_float(std::uint16_t b) {
        return bits_float(static_cast<std::uint32_t>(b) << 16);
    }
};

template <typename Format>
class Float16Bits {
  public:
    Float16Bits() = default; // uninitialised, as a float is (and a union member may be one)
    template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
    Float16Bits(T value) : m_bits(Format::from_float(static_cast<float>(value))) {}
    operator float() const { return Format::to_float(m_bits); }
    std::uint16_t bits() const { return m_bits; }
    static Float16Bits from_bits(std::uint16_t bits) {
        Float16Bits v;
        v.m_bits = bits;
        return v;
    }

  private:
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
