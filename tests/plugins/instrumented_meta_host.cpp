// Launches vector_barrier_mix_aiv on 4 blocks, as a vendor host would.
#include "acl/acl.h"

extern "C" __global__ __aicore__ void vector_barrier_mix_aiv(uint64_t ffts_addr);

int main() {
    uint64_t ffts = 0;
    uint32_t length = 0;
    if (rtGetC2cCtrlAddr(&ffts, &length) != 0) ffts = 0;
    vector_barrier_mix_aiv<<<4, nullptr, nullptr>>>(ffts);
    return aclrtSynchronizeStream(nullptr) == ACL_SUCCESS ? 0 : 2;
}
