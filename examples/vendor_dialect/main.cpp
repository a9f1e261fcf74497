// The host program in the vendor's style: ACL calls and one launch, with
// the vendor's chevrons.
#include "acl/acl.h"

#include <cstdio>
#include <vector>

extern "C" __global__ __aicore__ void mix_exchange(__gm__ int32_t* slots, __gm__ int32_t* seen,
                                                   __gm__ int32_t* counter, uint64_t ffts_addr);

#define CHECK_ACL(call)                                                                            \
    do {                                                                                           \
        aclError rc_ = (call);                                                                     \
        if (rc_ != ACL_SUCCESS) {                                                                  \
            std::fprintf(stderr, "%s failed: %d\n", #call, rc_);                                   \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main() {
    const uint32_t blocks = 8;
    const int32_t cores = blocks * 3; // one cube and two vector cores per block
    const size_t slot_bytes = cores * 16 * sizeof(int32_t);

    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ACL(aclrtCreateStream(&stream));

    void *slots = nullptr, *seen = nullptr, *counter = nullptr;
    CHECK_ACL(aclrtMalloc(&slots, slot_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMalloc(&seen, slot_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMalloc(&counter, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemset(slots, slot_bytes, 0, slot_bytes));
    CHECK_ACL(aclrtMemset(seen, slot_bytes, 0, slot_bytes));
    CHECK_ACL(aclrtMemset(counter, 64, 0, 64));

    uint64_t ffts = 0;
    uint32_t ffts_len = 0;
    if (rtGetC2cCtrlAddr(&ffts, &ffts_len) != 0) ffts = 0; // A5 has no FFTS base address

    mix_exchange<<<blocks, nullptr, stream>>>((int32_t*)slots, (int32_t*)seen, (int32_t*)counter,
                                              ffts);
    CHECK_ACL(aclrtSynchronizeStream(stream));

    std::vector<int32_t> got(cores * 16);
    CHECK_ACL(aclrtMemcpy(got.data(), slot_bytes, seen, slot_bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    int wrong = 0;
    for (int32_t core = 0; core < cores; ++core) {
        const int32_t want = 100 + (core + 1) % cores;
        if (got[core * 16] != want) {
            std::fprintf(stderr, "core %d read %d (want %d)\n", core, got[core * 16], want);
            ++wrong;
        }
    }
    CHECK_ACL(aclrtFree(slots));
    CHECK_ACL(aclrtFree(seen));
    CHECK_ACL(aclrtFree(counter));
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    return wrong == 0 ? 0 : 2;
}
