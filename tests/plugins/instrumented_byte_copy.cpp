// A5's byte-granular UB -> GM copy (copy_ubuf_to_gm_align_v2): one byte,
// then two 2-byte bursts with byte strides, into GM the host filled with
// 0xAA; the bytes around them must stay 0xAA.
#include <stdint.h>

extern "C" __global__ __aicore__ void byte_copy(__gm__ uint8_t* out) {
    __ubuf__ int32_t* ub = (__ubuf__ int32_t*)0;
    ub[0] = 0x0403026c;
    ub[1] = 0x08070605;
    copy_ubuf_to_gm_align_v2((__gm__ int32_t*)(out + 3), ub, 0, 1, 1, 0, 0, 0);
    copy_ubuf_to_gm_align_v2((__gm__ int32_t*)(out + 65), ub, 0, 2, 2, 0, 8, 4);
    pipe_barrier(PIPE_ALL);
}
