// A host program that catches everything, as GoogleTest does around each
// case: the run ends (a deadlock) while it waits in aclrtSynchronizeStream.
// SystemC's kill of its thread must not be swallowed (that aborts the
// simulator): the program sees a C++ exception, every later call fails at
// once, and the run reports the deadlock.
#include "acl/acl.h"

#include <stdint.h>
#include <stdio.h>

void LaunchWaitForever(int32_t* out, void* stream);

int main() {
    int32_t* out = nullptr;
    aclrtMalloc(reinterpret_cast<void**>(&out), 64, ACL_MEM_MALLOC_HUGE_FIRST);
    LaunchWaitForever(out, nullptr);
    for (int attempt = 1; attempt <= 2; ++attempt) {
        try {
            aclrtSynchronizeStream(nullptr);
            printf("host: attempt %d returned\n", attempt);
        } catch (...) {
            printf("host: attempt %d caught an exception\n", attempt);
        }
    }
    return 0;
}
