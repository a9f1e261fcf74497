// A kernel whose parameter is a host pointer: with the pass, a compile
// error (the launch's GM address would be used as a host address).
#include <stdint.h>

extern "C" __global__ __aicore__ void forgot_gm(int32_t* out) {
    out[get_block_idx()] = 1;
}
