// An AIV-only build with an all-vector FFTS barrier. On A2/A3 it runs only
// as a MIX task, which its kernel meta asks for: the section below has the
// layout the vendor's PTO_SYNCALL_AIV_KERNEL_META writes (kernel type 5,
// MIX_AIV_MAIN; mix ratio 0:1), named after the kernel's symbol as the
// vendor's test names RunSyncAll_mix_aiv. Built with and without it
// (WITH_META).
#include <stdint.h>

#if defined(WITH_META)
struct MetaTlv {
    uint16_t type, length;
};
struct KernelMeta {
    MetaTlv kind_head;
    uint32_t kind;
    MetaTlv ratio_head;
    uint16_t aic, aiv;
};
static const KernelMeta vector_barrier_meta __attribute__((
    used, section(".ascend.meta.vector_barrier_mix_aiv"))) = {{1, 4}, 5, {3, 4}, 0, 1};
#endif

extern "C" __global__ __aicore__ void vector_barrier_mix_aiv(uint64_t ffts_addr) {
    if (ffts_addr) set_ffts_base_addr(ffts_addr);
    pipe_barrier(PIPE_ALL);
    ffts_cross_core_sync(PIPE_MTE3, 1 + (0 << 4) + (14 << 8));
    wait_flag_dev(14);
}
