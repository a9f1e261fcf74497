// Must not compile (issue 23): a vendor-style kernel whose global-memory
// parameter is a raw pointer. With g++ `__gm__` expands to nothing, so the
// store below would write host memory; vendor_kernel<> refuses it.
#include <syncsim/cce.hpp>

extern "C" __global__ __aicore__ void raw_store(__gm__ int32_t* out) {
    out[get_block_idx()] = 1;
}

void (*const kRegistered)(syncsim::KernelContext&) = &syncsim::vendor_kernel<raw_store>;
