// A Mix 1:2 kernel written in the vendor's dialect, as the vendor's
// compiler takes it: `__gm__` pointers, the builtins without an include,
// `__DAV_CUBE__` / `__DAV_VEC__` for the two sides of one source. Nothing
// in it is syncsim's.
//
// Every core (the cube and the two vector cores of each block) publishes a
// value in its own 64-byte slot. The vector cores meet at a hard barrier
// (an FFTS mode-0 sync among all vector cores on flag 14), then every core
// meets at a soft barrier (an atomic counter in GM each core adds 1 to and
// polls until all have), and then each reads its right neighbour's slot.
//
// Two compile-time switches make the example go wrong on purpose:
// EXAMPLE_SKIP_DCCI leaves out the dcci before the neighbour's slot is read
// again, so a core reads the copy its scalar cache took before the
// barrier; EXAMPLE_SKIP_BARRIER_BLOCK=b makes block b's vector cores skip
// the hard barrier, so the others wait for ever.
#include <stdint.h>

#define SLOT_INTS 16 // one 64-byte cache line per core
#define BARRIER_FLAG 14

#if defined(__DAV_VEC__)
// The FFTS message: base count [3:0], mode [5:4], flag id [11:8].
static __aicore__ inline uint64_t ffts_message(uint64_t mode, uint64_t flag) {
    return 1 + (mode << 4) + (flag << 8);
}
#endif

static __aicore__ inline int64_t my_core() {
#if defined(__DAV_CUBE__)
    return get_block_idx();
#else
    return get_block_num() + get_block_idx() * get_subblockdim() + get_subblockid();
#endif
}

static __aicore__ inline void soft_barrier(__gm__ int32_t* counter, int32_t cores) {
    set_st_atomic_cfg(ATOMIC_S32, ATOMIC_SUM);
    st_atomic<int32_t>(1, counter);
    dcci(counter, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
    while (ld_dev(counter, 0) < cores) {
    }
}

extern "C" __global__ __aicore__ void mix_exchange(__gm__ int32_t* slots, __gm__ int32_t* seen,
                                                   __gm__ int32_t* counter, uint64_t ffts_addr) {
    if (ffts_addr) set_ffts_base_addr(ffts_addr);
    const int64_t me = my_core();
    const int32_t cores = (int32_t)(get_block_num() * 3);
    const int64_t right = (me + 1) % cores;

    const int32_t early = slots[right * SLOT_INTS]; // the neighbour's line is now cached
    (void)early;
    slots[me * SLOT_INTS] = (int32_t)(100 + me);
    dcci(slots + me * SLOT_INTS, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);

#if defined(__DAV_VEC__)
#if defined(EXAMPLE_SKIP_BARRIER_BLOCK)
    if (get_block_idx() != EXAMPLE_SKIP_BARRIER_BLOCK)
#endif
    {
        pipe_barrier(PIPE_ALL);
        ffts_cross_core_sync(PIPE_MTE3, ffts_message(0, BARRIER_FLAG));
        wait_flag_dev(BARRIER_FLAG);
    }
#endif
    soft_barrier(counter, cores);

#if !defined(EXAMPLE_SKIP_DCCI)
    dcci(slots + right * SLOT_INTS, SINGLE_CACHE_LINE);
#endif
    seen[me * SLOT_INTS] = slots[right * SLOT_INTS];
    dcci(seen + me * SLOT_INTS, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}
