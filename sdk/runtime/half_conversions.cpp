// The conversions clang-14 calls for `half` (__fp16, syncsim/vendor_types.hpp)
// in a kernel: x86 has no binary16 instructions it may assume, so it calls
// these by name, passing and returning the 16 bits in an integer register.
// compiler-rt defines them; Debian's libgcc does not (it has no
// __gnu_h2f_ieee, and its __truncdfhf2 returns a _Float16 in an SSE
// register), so every kernel plugin carries its own, rounding to nearest
// even once from the exact value.
#include "syncsim/float16_bits.hpp"

#include <cstdint>

#define SYNCSIM_HALF_CALL extern "C" __attribute__((visibility("hidden")))

SYNCSIM_HALF_CALL float __gnu_h2f_ieee(std::uint16_t bits) {
    return syncsim::vendor::Binary16::to_float(bits);
}
SYNCSIM_HALF_CALL std::uint16_t __gnu_f2h_ieee(float value) {
    return syncsim::vendor::Binary16::from_float(value);
}
SYNCSIM_HALF_CALL std::uint16_t __truncdfhf2(double value) {
    return syncsim::vendor::Binary16::from_float(syncsim::vendor::to_float_odd(value));
}
SYNCSIM_HALF_CALL std::uint16_t __truncxfhf2(long double value) {
    return syncsim::vendor::Binary16::from_float(syncsim::vendor::to_float_odd(value));
}
