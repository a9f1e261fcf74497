// A kernel that waits on a cross-core flag nobody sets, and its launcher.
// With its host program (host_catches_all_host.cpp) it is a deadlock the
// run must diagnose, though the host program catches everything.
#include "acl/acl.h"

#include <stdint.h>

extern "C" __global__ __aicore__ void wait_forever(__gm__ int32_t* out) {
    wait_flag_dev(14);
    out[0] = 1;
}

void LaunchWaitForever(int32_t* out, void* stream) {
    wait_forever<<<2, nullptr, stream>>>(out);
}
