// Launches the C++-named kernel with chevrons (see the kernel's source).
#include "acl/acl.h"

__global__ __aicore__ void cxx_named(__gm__ int32_t* out);

int main() {
    void* out = nullptr;
    aclrtMalloc(&out, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    cxx_named<<<1, nullptr, nullptr>>>((int32_t*)out);
    return aclrtSynchronizeStream(nullptr);
}
