// Kernels in the vendor's dialect that go wrong through their pointers,
// compiled with clang and the pass: each must end in a core fault with a
// message, never a crash of the simulator.
#include <stdint.h>

// `out` is a host address (the host passed a pointer to its own memory).
extern "C" __global__ __aicore__ void store_through_host_pointer(__gm__ int32_t* out) {
    out[get_block_idx()] = 1;
}

// A GM pointer made into a host pointer, then written through.
extern "C" __global__ __aicore__ void gm_pointer_escapes(__gm__ int32_t* out) {
    int32_t* host = (int32_t*)out;
    host[0] = 1;
}

// Plain C++ through __gm__ pointers: a struct member, an array, memcpy.
// Each block writes only its own 64-byte lines: a scalar cache writes a
// whole line back, so blocks sharing a line would overwrite each other.
struct Pair {
    int32_t a;
    int64_t b;
};
extern "C" __global__ __aicore__ void plain_cpp(__gm__ uint8_t* buffer) {
    const int64_t me = get_block_idx();
    __gm__ Pair* mine = (__gm__ Pair*)(buffer + me * 64);
    mine->a = (int32_t)(10 + me);
    mine->b = 1000 + me;
    int32_t local[4] = {1, 2, 3, 4};
    __builtin_memcpy((__gm__ void*)(buffer + 1024 + me * 64), local, sizeof local);
    dcci(buffer, ENTIRE_DATA_CACHE);
    dsb(DSB_DDR);
}
