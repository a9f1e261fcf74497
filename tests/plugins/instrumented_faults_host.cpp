// Launches the kernels of instrumented_faults.cpp: plain C++ through
// __gm__ pointers must write what it says; a host pointer as an argument,
// and a GM pointer used as a host pointer, must each fault its launch.
#include "acl/acl.h"

#include <cstdio>

extern "C" __global__ __aicore__ void plain_cpp(__gm__ uint8_t* buffer);
extern "C" __global__ __aicore__ void store_through_host_pointer(__gm__ int32_t* out);
extern "C" __global__ __aicore__ void gm_pointer_escapes(__gm__ int32_t* out);

int main() {
    aclrtStream stream = nullptr;
    if (aclrtCreateStream(&stream) != ACL_SUCCESS) return 10;
    void* buffer = nullptr;
    if (aclrtMalloc(&buffer, 4096, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 11;
    aclrtMemset(buffer, 4096, 0, 4096);
    SYNCSIM_LAUNCH(plain_cpp, 4, nullptr, stream)((uint8_t*)buffer);
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) return 12;
    uint8_t got[4096];
    aclrtMemcpy(got, sizeof got, buffer, sizeof got, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int b = 0; b < 4; ++b) {
        int32_t a;
        int64_t v;
        int32_t copied[4];
        __builtin_memcpy(&a, got + b * 64, 4);
        __builtin_memcpy(&v, got + b * 64 + 8, 8);
        __builtin_memcpy(copied, got + 1024 + b * 64, 16);
        if (a != 10 + b || v != 1000 + b || copied[0] != 1 || copied[3] != 4) {
            std::fprintf(stderr, "block %d: a=%d b=%lld copied=%d..%d\n", b, a, (long long)v,
                         copied[0], copied[3]);
            return 13;
        }
    }
    static int32_t host_array[16];
    aclrtStream second = nullptr, third = nullptr;
    aclrtCreateStream(&second);
    aclrtCreateStream(&third);
    SYNCSIM_LAUNCH(store_through_host_pointer, 1, nullptr, second)(host_array);
    SYNCSIM_LAUNCH(gm_pointer_escapes, 1, nullptr, third)((int32_t*)buffer);
    const aclError host_pointer = aclrtSynchronizeStream(second);
    const aclError escape = aclrtSynchronizeStream(third);
    std::printf("host pointer launch: %d, escape launch: %d, host array untouched: %d\n",
                host_pointer, escape, host_array[0] == 0);
    return host_pointer != ACL_SUCCESS && escape != ACL_SUCCESS && host_array[0] == 0 ? 0 : 14;
}
