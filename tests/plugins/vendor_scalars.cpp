// The scalar types and builtins the vendor's compiler gives a kernel,
// written as pto-isa's tests write them: half stored through __gm__ and
// __ubuf__ pointers and folded in constant expressions, float, half and
// double kernel parameters, st_dev of a narrower value into a 64-bit word,
// the scalar unit's max, min and bit set/clear, get_sys_cnt, a function
// marked `[aicore]` and a __biasbuf__ pointer type. Each block writes what
// it computed into its line; the launcher at the end passes doubles for the
// float and half parameters, as a call converts them.
#include "acl/acl.h"

#include <stdint.h>

constexpr half kMinusOne = -1.0;
static_assert(__builtin_bit_cast(uint16_t, kMinusOne) == 0xBC00, "half folds as binary16");
constexpr bfloat16_t kMinusOneBf16 = -1.0;
static_assert(kMinusOneBf16.bits() == 0xBF80, "bfloat16_t folds as bfloat16");

[aicore] inline int32_t Scaled(half value, int32_t by) {
    return static_cast<int32_t>(value * by);
}

using BiasPointer = __biasbuf__ float*; // a type only: the bias table has no scalar access

extern "C" __global__ void vendor_scalars(__gm__ int32_t* out, __gm__ half* halves,
                                          __gm__ uint64_t* wide, float scale, half h, double d) {
    const int32_t idx = static_cast<int32_t>(get_block_idx());
    __gm__ int32_t* line = out + idx * 16;
    const uint64_t before = get_sys_cnt();
    // Each block's values in a cache line of its own (a shared line's
    // write-back would carry a stale copy of the other block's value).
    __gm__ half* my_half = halves + idx * 32;
    __gm__ uint64_t* my_word = wide + idx * 8;
    *my_half = h * scale + idx;
    __ubuf__ half* ub = reinterpret_cast<__ubuf__ half*>(64 * idx);
    ub[0] = h;
    line[0] = Scaled(*my_half, 100);
    line[1] = Scaled(ub[0], 10);
    line[2] = static_cast<int32_t>(max(3, 7u));
    line[3] = min(-2, 5);
    line[4] = static_cast<int32_t>(sbitset1(0, 3));
    line[5] = static_cast<int32_t>(sbitset0(0xff, 0));
    line[6] = static_cast<int32_t>(d * 1000);
    st_dev(static_cast<uint16_t>(0xBEEF), my_word, 0);
    line[7] = get_sys_cnt() >= before;
    dcci(line, SINGLE_CACHE_LINE);
    dcci(my_half, SINGLE_CACHE_LINE);
    dcci(my_word, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

void LaunchVendorScalars(int32_t* out, uint16_t* halves, uint64_t* wide, void* stream) {
    vendor_scalars<<<2, nullptr, stream>>>(out, halves, wide, 2.5, 1.5, 0.125);
}
