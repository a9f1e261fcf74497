// A kernel with a C++ name (no extern "C"), launched by the host with the
// vendor's chevrons: there is no stub for it, and syncsim must say why when
// it loads the plugin.
#include <stdint.h>

__global__ __aicore__ void cxx_named(__gm__ int32_t* out) {
    out[get_block_idx()] = 1;
}
