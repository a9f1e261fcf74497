// The vendor compiler's 16-bit floating types, `half` and `bfloat16_t`, for
// kernels built by syncsim_add_kernel (clang-14; x86 has no _Float16 or
// __bf16 there).
//
// `half` is clang's __fp16, a builtin binary16 whose arithmetic happens in
// float: like the vendor's builtin half it is a scalar, so it is stored
// through a `__ubuf__ half*`, folds in constant expressions and is the
// __fp16 some vendor kernels name. syncsim_add_kernel lets it be a
// parameter and a result (-fallow-half-arguments-and-returns); its
// conversions are the compiler's calls sdk/runtime/half_conversions.cpp
// defines, rounding to nearest even.
//
// `bfloat16_t` is a class holding the 16 bits, converted from and to float
// (an expression of it decays to float). It must be a type distinct from
// half: the vendor specialises templates on both (PadValueMap<half, ...>
// and PadValueMap<bfloat16_t, ...>).
#pragma once

#include "syncsim/float16_bits.hpp"

#include <cstdint>
#include <type_traits>

#if !defined(__clang__)
#error "syncsim/vendor_types.hpp: kernels in the vendor's dialect compile with clang"
#endif

typedef __fp16 half;

class bfloat16_t : public syncsim::vendor::Float16Bits<syncsim::vendor::BFloat16> {
  public:
    using Float16Bits::Float16Bits;
    bfloat16_t() = default;
    constexpr bfloat16_t(const half& value) : Float16Bits(static_cast<float>(value)) {}
};
using float16_t = half;
static_assert(sizeof(half) == 2 && sizeof(bfloat16_t) == 2, "16-bit types hold 16 bits");
