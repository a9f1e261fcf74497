// The 16-bit floating formats syncsim gives kernels and host code
// (syncsim/float16_bits.hpp): binary16 and bfloat16 bits rounded to
// nearest even, once from the exact value, and foldable in constant
// expressions (a kernel's `constexpr half k = -1.0`). `half` itself is
// clang's __fp16, whose conversions call these (sdk/runtime/
// half_conversions.cpp); tests/plugins/vendor_scalars.cpp runs it.
#include "syncsim/float16_bits.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

using Half = syncsim::vendor::Float16Bits<syncsim::vendor::Binary16>;
using BFloat = syncsim::vendor::Float16Bits<syncsim::vendor::BFloat16>;

TEST_CASE("float16 formats: binary16 bits, rounded to nearest even", "[sdk]") {
    CHECK(Half(1.5f).bits() == 0x3e00);
    CHECK(Half(-2.0f).bits() == 0xc000);
    CHECK(Half(0.0f).bits() == 0x0000);
    CHECK(Half(65504.0f).bits() == 0x7bff);              // the largest finite
    CHECK(Half(65519.0f).bits() == 0x7bff);              // below the halfway point
    CHECK(Half(65520.0f).bits() == 0x7c00);              // halfway: rounds to inf
    CHECK(Half(1.0f + 1.0f / 2048).bits() == 0x3c00);    // a tie: to even (down)
    CHECK(Half(1.0f + 3.0f / 2048).bits() == 0x3c02);    // a tie: to even (up)
    CHECK(Half(std::ldexp(1.0f, -24)).bits() == 0x0001); // the smallest subnormal
    CHECK(Half(std::ldexp(1.0f, -25)).bits() == 0x0000); // a tie with zero: to even
    CHECK(Half(std::ldexp(3.0f, -25)).bits() == 0x0002); // 1.5 units: to even (2)
    CHECK(Half(std::ldexp(1.0f, -14)).bits() == 0x0400); // the smallest normal
    CHECK((Half(std::numeric_limits<float>::quiet_NaN()).bits() & 0x7e00) == 0x7e00);
    CHECK(static_cast<float>(Half(0.333333f)) == Approx(0.33325195f));
    CHECK(static_cast<float>(Half::from_bits(0x0001)) == std::ldexp(1.0f, -24));
    CHECK(std::isinf(static_cast<float>(Half::from_bits(0xfc00))));
    // From a double just past a tie, rounded once (not to float, then to half).
    CHECK(Half(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)).bits() == 0x3c01);
    CHECK(Half(1.0 + std::ldexp(1.0, -11)).bits() == 0x3c00);
    CHECK(Half(-(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40))).bits() == 0xbc01);
    CHECK(BFloat(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)).bits() == 0x3f81);
    CHECK(Half(std::int64_t{2049}).bits() == 0x6800);   // 2049 -> 2048, a tie to even
    CHECK(Half(std::ldexp(1.0, -30)).bits() == 0x0000); // far below the smallest subnormal
}

TEST_CASE("float16 formats: bfloat16 is a float's top half, rounded to nearest even", "[sdk]") {
    CHECK(BFloat(1.0f).bits() == 0x3f80);
    CHECK(BFloat(1.0f + 1.0f / 256).bits() == 0x3f80); // a tie: to even (down)
    CHECK(BFloat(1.0f + 3.0f / 256).bits() == 0x3f82); // a tie: to even (up)
    CHECK(static_cast<float>(BFloat(3.140625f)) == 3.140625f);
    CHECK((BFloat(std::numeric_limits<float>::quiet_NaN()).bits() & 0x7fc0) == 0x7fc0);
}

TEST_CASE("float16 formats: a value folds in a constant expression", "[sdk]") {
    // pto-isa's PadValueCustom((half)-1.0) and its bfloat16_t twin are
    // constexpr; before, the conversion was not.
    STATIC_REQUIRE(Half(-1.0).bits() == 0xbc00);
    STATIC_REQUIRE(BFloat(-1.0).bits() == 0xbf80);
    STATIC_REQUIRE(static_cast<float>(Half::from_bits(0x3e00)) == 1.5f);
    STATIC_REQUIRE(std::is_trivially_copyable_v<BFloat> && sizeof(BFloat) == 2);
}
