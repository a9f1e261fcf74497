// Runs vendor_isa and checks C = A x ((Q - 3) x 0.25), every value exact in
// float.
#include "acl/acl.h"
#include "runtime/rt.h"

#include <cstdio>
#include <vector>

extern "C" __global__ __aicore__ void vendor_isa(__gm__ float* a, __gm__ int8_t* q,
                                                 __gm__ float* work, __gm__ float* c,
                                                 uint64_t ffts_addr);

int main() {
    const int rows = 16, cols = 32;
    std::vector<float> a(rows * rows), want(rows * cols, 0.0f);
    std::vector<int8_t> q(rows * cols);
    for (int i = 0; i < rows * rows; ++i) a[i] = float(i % 9 - 4);
    for (int i = 0; i < rows * cols; ++i) q[i] = int8_t(i % 23 - 11);
    for (int m = 0; m < rows; ++m)
        for (int n = 0; n < cols; ++n)
            for (int k = 0; k < rows; ++k)
                want[m * cols + n] += a[m * rows + k] * ((q[k * cols + n] - 3) * 0.25f);
    void *a_gm = nullptr, *q_gm = nullptr, *work = nullptr, *c_gm = nullptr;
    aclrtMalloc(&a_gm, a.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&q_gm, q.size(), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&work, want.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&c_gm, want.size() * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(a_gm, a.size() * 4, a.data(), a.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(q_gm, q.size(), q.data(), q.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    uint64_t ffts = 0;
    uint32_t ffts_len = 0;
    rtGetC2cCtrlAddr(&ffts, &ffts_len);
    vendor_isa<<<1, nullptr, nullptr>>>((float*)a_gm, (int8_t*)q_gm, (float*)work, (float*)c_gm,
                                        ffts);
    const aclError rc = aclrtSynchronizeStream(nullptr);
    if (rc != ACL_SUCCESS) {
        std::fprintf(stderr, "vendor isa: aclrtSynchronizeStream returned %d\n", rc);
        return 1;
    }
    std::vector<float> got(want.size());
    aclrtMemcpy(got.data(), got.size() * 4, c_gm, got.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int i = 0; i < rows * cols; ++i)
        if (got[i] != want[i]) {
            std::fprintf(stderr, "vendor isa: C[%d][%d] is %g, want %g\n", i / cols, i % cols,
                         got[i], want[i]);
            return 2;
        }
    std::printf("vendor isa: C = A x dequant(Q), all %d values exact\n", rows * cols);
    return 0;
}
