// The vendor compiler's 16-bit floating types as syncsim gives them to
// kernels (syncsim/vendor_types.hpp): binary16 and bfloat16 bits, rounded to
// nearest even, and two distinct types.
#include "syncsim/vendor_types.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

TEST_CASE("vendor types: half holds IEEE binary16 bits, rounded to nearest even", "[sdk]") {
    CHECK(half(1.5f).bits() == 0x3e00);
    CHECK(half(-2.0f).bits() == 0xc000);
    CHECK(half(0.0f).bits() == 0x0000);
    CHECK(half(65504.0f).bits() == 0x7bff);              // the largest finite
    CHECK(half(65519.0f).bits() == 0x7bff);              // below the halfway point
    CHECK(half(65520.0f).bits() == 0x7c00);              // halfway: rounds to inf
    CHECK(half(1.0f + 1.0f / 2048).bits() == 0x3c00);    // a tie: to even (down)
    CHECK(half(1.0f + 3.0f / 2048).bits() == 0x3c02);    // a tie: to even (up)
    CHECK(half(std::ldexp(1.0f, -24)).bits() == 0x0001); // the smallest subnormal
    CHECK(half(std::ldexp(1.0f, -25)).bits() == 0x0000); // a tie with zero: to even
    CHECK(half(std::ldexp(3.0f, -25)).bits() == 0x0002); // 1.5 units: to even (2)
    CHECK(half(std::ldexp(1.0f, -14)).bits() == 0x0400); // the smallest normal
    CHECK((half(std::numeric_limits<float>::quiet_NaN()).bits() & 0x7e00) == 0x7e00);
    CHECK(static_cast<float>(half(0.333333f)) == Approx(0.33325195f));
    CHECK(static_cast<float>(half::from_bits(0x0001)) == std::ldexp(1.0f, -24));
    CHECK(std::isinf(static_cast<float>(half::from_bits(0xfc00))));
    // From a double just past a tie, rounded once (not to float, then to half).
    CHECK(half(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)).bits() == 0x3c01);
    CHECK(half(1.0 + std::ldexp(1.0, -11)).bits() == 0x3c00);
    CHECK(bfloat16_t(1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)).bits() == 0x3f81);
    CHECK(half(std::int64_t{2049}).bits() == 0x6800); // 2049 -> 2048, a tie to even
}

TEST_CASE("vendor types: bfloat16_t is a float's top half, rounded to nearest even", "[sdk]") {
    CHECK(bfloat16_t(1.0f).bits() == 0x3f80);
    CHECK(bfloat16_t(1.0f + 1.0f / 256).bits() == 0x3f80); // a tie: to even (down)
    CHECK(bfloat16_t(1.0f + 3.0f / 256).bits() == 0x3f82); // a tie: to even (up)
    CHECK(static_cast<float>(bfloat16_t(3.140625f)) == 3.140625f);
    CHECK((bfloat16_t(std::numeric_limits<float>::quiet_NaN()).bits() & 0x7fc0) == 0x7fc0);
}

TEST_CASE("vendor types: half and bfloat16_t are two 16-bit types whose arithmetic is float",
          "[sdk]") {
    STATIC_REQUIRE(!std::is_same_v<half, bfloat16_t>);
    STATIC_REQUIRE(sizeof(half) == 2);
    STATIC_REQUIRE(std::is_trivially_copyable_v<half>);
    const half h = 1.5f;
    const bfloat16_t b = h + 1.0f;
    CHECK(static_cast<float>(b) == 2.5f);
    CHECK(std::is_same_v<decltype(h + h), float>);
}
