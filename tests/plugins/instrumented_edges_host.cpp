// Runs instrumented_edges.cpp's kernels and checks GM byte by byte. Its
// main() ends without a return statement, as C++ allows (it returns 0).
#include "acl/acl.h"

#include <algorithm> // clang's CUDA wrapper of it needs __host__/__device__
#include <cstdio>
#include <vector>

extern "C" __global__ __aicore__ void edges(__gm__ uint8_t* buf);
extern "C" __global__ __aicore__ void noop();
extern "C" __global__ __aicore__ void constant_escape();

// A chevron launch inside another launch's arguments: each stub takes its
// own configuration.
static uint8_t* after_a_launch(uint8_t* p) {
    noop<<<1, nullptr, nullptr>>>();
    return p;
}

static int fail(const char* what, int at, int got, int want) {
    std::fprintf(stderr, "%s: byte %d is %d, want %d\n", what, at, got, want);
    return 1;
}

int main() {
    void* buf = nullptr;
    aclrtMalloc(&buf, 4096, ACL_MEM_MALLOC_HUGE_FIRST);
    uint8_t host[4096] = {};
    for (int i = 0; i < 6; ++i) host[i] = static_cast<uint8_t>(i + 1);
    for (int i = 192; i < 300; ++i) host[i] = static_cast<uint8_t>(i);
    // The wrong direction is refused, not carried out on a host address.
    if (aclrtMemcpy(host, sizeof host, buf, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE) !=
        ACL_ERROR_INVALID_PARAM)
        return 2;
    aclrtMemcpy(buf, 4096, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
    edges<<<2, nullptr, nullptr>>>(after_a_launch((uint8_t*)buf));
    if (aclrtSynchronizeStream(nullptr) != ACL_SUCCESS) return 3;
    uint8_t got[4096];
    aclrtMemcpy(got, sizeof got, buf, sizeof got, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int i = 0; i < 6; ++i)
        if (got[65 + i] != i + 1) return fail("6-byte copy", 65 + i, got[65 + i], i + 1);
    for (int i = 129; i < 132; ++i)
        if (got[i] != 7) return fail("3-byte fill", i, got[i], 7);
    for (int i = 200; i < 300; ++i)
        if (got[i] != static_cast<uint8_t>(i - 8))
            return fail("memmove", i, got[i], static_cast<uint8_t>(i - 8));
    for (int i = 0; i < 6; ++i)
        if (got[320 + i] != i + 1)
            return fail("memcpy via (int32_t*)", 320 + i, got[320 + i], i + 1);
    for (int core = 0; core < 2; ++core)
        if (got[1024 + core * 64] != 11)
            return fail("cube marker", 1024 + core * 64, got[1024], 11);
    for (int core = 0; core < 4; ++core)
        if (got[2048 + core * 64] != 22)
            return fail("vector marker", 2048 + core * 64, got[2048], 22);
    // A launch on a stream already destroyed: refused with a code, which the
    // device's synchronize reports.
    aclrtStream gone = nullptr;
    aclrtCreateStream(&gone);
    aclrtDestroyStream(gone);
    noop<<<1, nullptr, gone>>>();
    if (aclrtSynchronizeDevice() != ACL_ERROR_INVALID_PARAM) return 6;
    std::vector<int> order = {3, 1, 2};
    std::sort(order.begin(), order.end(), [](int a, int b) { return a > b; });
    if (order.front() != 3) return 7;
    constant_escape<<<1, nullptr, nullptr>>>();
    if (aclrtSynchronizeStream(nullptr) == ACL_SUCCESS) return 4;
    std::printf("edges: all as written\n");
}
