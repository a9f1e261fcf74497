// Corner cases of the pass and its runtime, in a Mix build (dav-c220): both
// sides define an object with an out-of-line constructor (the complete
// constructor is an alias, which must stay in its side's module), and the
// first vector core copies and fills GM in pieces the scalar unit makes
// naturally aligned: 6 and 3 bytes at odd addresses, an overlapping
// memmove, and a memcpy through an (int32_t*) cast.
#include <stdint.h>

struct Marker {
    Marker(__gm__ int32_t* at, int32_t value);
    __gm__ int32_t* at;
};
Marker::Marker(__gm__ int32_t* where, int32_t value) : at(where) {
    *at = value;
}

extern "C" __global__ __aicore__ void edges(__gm__ uint8_t* buf) {
#if defined(__DAV_CUBE__)
    Marker cube((__gm__ int32_t*)(buf + 1024 + block_idx * 64), 11); // the builtin variable
#else
    Marker vec((__gm__ int32_t*)(buf + 2048 + (get_block_idx() * 2 + get_subblockid()) * 64), 22);
    if (get_block_idx() == 0 && get_subblockid() == 0) {
        uint8_t six[6];
        __builtin_memcpy(six, (__gm__ void*)buf, 6);
        __builtin_memcpy((__gm__ void*)(buf + 65), six, 6);
        __builtin_memset((__gm__ void*)(buf + 129), 7, 3);
        __builtin_memmove((__gm__ void*)(buf + 200), (__gm__ void*)(buf + 192), 100);
        int32_t two[2];
        __builtin_memcpy(two, (int32_t*)(__gm__ int32_t*)buf, 8);
        __builtin_memcpy((__gm__ void*)(buf + 320), two, 8);
    }
#endif
    dcci(buf, ENTIRE_DATA_CACHE);
    dsb(DSB_DDR);
}

// Does nothing: launched inside another launch's arguments.
extern "C" __global__ __aicore__ void noop() {}

// A GM pointer cast to a host pointer inside one constant expression.
extern "C" __global__ __aicore__ void constant_escape() {
    *(volatile int32_t*)(int32_t*)((__gm__ int32_t*)0x100000000ull) = 5;
}
