// One Mix kernel built as the vendor builds a 1:1 pair: the source is
// compiled for the cube alone (VENDOR_PAIR_AIC, ARCH dav-c220-cube) and for
// the vector alone (dav-c220-vec), as <kernel>_mix_aic and <kernel>_mix_aiv
// with a 1:1 meta. The host launches the pair by its tiling key (7) through
// runtime/rt.h, registering the plugin's own file as the binary, as the
// vendor's register-ELF path does. Each cube writes 400 + its block, each
// vector 500 + its block.
#include <stdint.h>

// The meta layout the vendor's PTO_SYNCALL_MIX_AIC_KERNEL_META(k, 1, 1)
// writes: kernel type 4 (Mix, AIC main), ratio 1:1.
struct PairMetaTlv {
    uint16_t type, length;
};
struct PairMeta {
    PairMetaTlv kind_head;
    uint32_t kind;
    PairMetaTlv ratio_head;
    uint16_t aic, aiv;
};
#define VENDOR_PAIR_META(kernel)                                                                   \
    static const PairMeta kernel##_meta                                                            \
        __attribute__((used, section(".ascend.meta." #kernel))) = {{1, 4}, 4, {3, 4}, 1, 1}

// A template each side's build defines otherwise (not inlined): each
// build's kernel must run its own.
template <int N>
__attribute__((noinline)) int SideBase() {
#if defined(VENDOR_PAIR_AIC)
    return 400 + N;
#else
    return 500 + N;
#endif
}

#if defined(VENDOR_PAIR_AIC)
VENDOR_PAIR_META(vendor_pair_7_mix_aic);
extern "C" __global__ __aicore__ void vendor_pair_7_mix_aic(__gm__ int32_t* out) {
    __gm__ int32_t* line = out + get_block_idx() * 16;
    line[0] = SideBase<0>() + static_cast<int32_t>(get_block_idx());
    dcci(line, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}
#else
VENDOR_PAIR_META(vendor_pair_7_mix_aiv);
extern "C" __global__ __aicore__ void vendor_pair_7_mix_aiv(__gm__ int32_t* out) {
    __gm__ int32_t* line = out + (get_block_num() + get_block_idx()) * 16;
    line[0] = SideBase<0>() +
              static_cast<int32_t>(get_block_idx() * get_subblockdim() + get_subblockid());
    dcci(line, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}
#endif
