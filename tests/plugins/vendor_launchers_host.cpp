// The host program of the vendor-form plugin: it calls the launchers the
// kernel sources define, as the vendor's test programs do, and checks what
// each block wrote.
#include "acl/acl.h"

#include <stdint.h>
#include <stdio.h>

void LaunchVendorVec(int32_t* out, int32_t blocks, void* stream);
void LaunchVendorMix(int32_t* out, int32_t aic_blocks, void* stream);

int main() {
    const int32_t blocks = 4, aic = 2;
    int32_t* vec_out = nullptr;
    int32_t* mix_out = nullptr;
    aclrtMalloc(reinterpret_cast<void**>(&vec_out), blocks * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(reinterpret_cast<void**>(&mix_out), aic * 3 * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    LaunchVendorVec(vec_out, blocks, nullptr);
    LaunchVendorMix(mix_out, aic, nullptr);
    const aclError rc = aclrtSynchronizeStream(nullptr);
    if (rc != ACL_SUCCESS) {
        printf("vendor launchers: synchronize returned %d\n", rc);
        return 3;
    }
    int32_t vec[4 * 16], mix[6 * 16];
    aclrtMemcpy(vec, sizeof vec, vec_out, sizeof vec, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(mix, sizeof mix, mix_out, sizeof mix, ACL_MEMCPY_DEVICE_TO_HOST);
    int bad = 0;
    for (int32_t i = 0; i < blocks; ++i) {
        const int32_t* line = vec + i * 16;
        if (line[0] != 100 + i || line[1] != 1 || line[2] != 2 || line[3] != 25 || line[4] != 'N') {
            printf("vector block %d wrote %d %d %d %d %d\n", i, line[0], line[1], line[2], line[3],
                   line[4]);
            bad = 1;
        }
    }
    for (int32_t i = 0; i < aic * 3; ++i) {
        const int32_t want = i < aic ? 200 + i : 300 + (i - aic);
        if (mix[i * 16] != want) {
            printf("mix line %d holds %d, want %d\n", i, mix[i * 16], want);
            bad = 1;
        }
    }
    printf("vendor launchers: %s\n", bad ? "FAILED" : "every block wrote its line");
    return bad;
}
