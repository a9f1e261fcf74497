// A Mix kernel source in the vendor's form (compiled once per side) whose
// host launcher sits at its end: the launcher is host code, one function
// of the plugin although both sides compile it. Each cube writes 200 + its
// block, each vector 300 + its logical index, the bases from a function
// each side defines otherwise.
#include "acl/acl.h"
#include <pto/common/type.hpp>

#include <stdint.h>

// Not inline, and called through a table: device code each side defines
// otherwise, which must stay the side's own.
int SideBase() {
#if defined(__DAV_CUBE__)
    return 200;
#else
    return 300;
#endif
}
using SideBaseFn = int (*)();
static SideBaseFn const side_bases[] = {SideBase};

// Used by the kernel and by main(): the host gets a copy of its own.
int Plus100(int x) {
    return x + 100;
}
// Host data defined in the kernel source, read by main().
int launches_made = 0;

extern "C" __global__ AICORE void vendor_mix(__gm__ int32_t* out, int32_t aic_blocks,
                                             int32_t which) {
#if defined(__DAV_CUBE__)
    (void)aic_blocks;
    __gm__ int32_t* line = out + get_block_idx() * 16;
    line[0] = side_bases[which]() + static_cast<int32_t>(get_block_idx());
#else
    const int32_t idx = get_block_idx() * get_subblockdim() + get_subblockid();
    __gm__ int32_t* line = out + (aic_blocks + idx) * 16;
    line[0] = Plus100(side_bases[which]() - 100) + idx;
#endif
    dcci(line, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

void LaunchVendorMix(int32_t* out, int32_t aic_blocks, void* stream) {
    ++launches_made;
    // A launch over two lines, as written (the rewrite must keep line numbers).
    // clang-format off
    vendor_mix<<<aic_blocks, nullptr,
                 stream>>>(out, aic_blocks, 0);
    // clang-format on
}
