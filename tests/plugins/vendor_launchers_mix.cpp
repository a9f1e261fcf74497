// A Mix kernel source in the vendor's form (compiled once per side) whose
// host launcher sits at its end: the launcher is host code, one function
// of the plugin although both sides compile it. Each cube writes 200 + its
// block, each vector 300 + its logical index.
#include "acl/acl.h"
#include <pto/common/type.hpp>

#include <stdint.h>

extern "C" __global__ AICORE void vendor_mix(__gm__ int32_t* out, int32_t aic_blocks) {
#if defined(__DAV_CUBE__)
    (void)aic_blocks;
    __gm__ int32_t* line = out + get_block_idx() * 16;
    line[0] = 200 + static_cast<int32_t>(get_block_idx());
#else
    const int32_t idx = get_block_idx() * get_subblockdim() + get_subblockid();
    __gm__ int32_t* line = out + (aic_blocks + idx) * 16;
    line[0] = 300 + idx;
#endif
    dcci(line, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

void LaunchVendorMix(int32_t* out, int32_t aic_blocks, void* stream) {
    vendor_mix<<<aic_blocks, nullptr, stream>>>(out, aic_blocks);
}
