// The host program of the vendor-scalars plugin: launches through the
// kernel source's own launcher and checks what each block wrote.
#include "acl/acl.h"

#include <stdint.h>
#include <stdio.h>

void LaunchVendorScalars(int32_t* out, uint16_t* halves, uint64_t* wide, void* stream);

int main() {
    const int32_t blocks = 2;
    int32_t* out = nullptr;
    uint16_t* halves = nullptr;
    uint64_t* wide = nullptr;
    aclrtMalloc(reinterpret_cast<void**>(&out), blocks * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(reinterpret_cast<void**>(&halves), blocks * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(reinterpret_cast<void**>(&wide), blocks * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(wide, blocks * 64, 0xff, blocks * 64);
    LaunchVendorScalars(out, halves, wide, nullptr);
    if (const aclError rc = aclrtSynchronizeStream(nullptr)) {
        printf("vendor scalars: synchronize returned %d\n", rc);
        return 3;
    }
    int32_t lines[2 * 16];
    uint16_t half_bits[2 * 32]; // a 64-byte line per block
    uint64_t words[2 * 8];
    aclrtMemcpy(lines, sizeof lines, out, sizeof lines, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(half_bits, sizeof half_bits, halves, sizeof half_bits, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(words, sizeof words, wide, sizeof words, ACL_MEMCPY_DEVICE_TO_HOST);
    int bad = 0;
    for (int32_t i = 0; i < blocks; ++i) {
        const int32_t* line = lines + i * 16;
        const int32_t want[8] = {375 + 100 * i, 15, 7, -2, 8, 0xfe, 125, 1};
        for (int k = 0; k < 8; ++k)
            if (line[k] != want[k]) {
                printf("block %d: value %d is %d, want %d\n", i, k, line[k], want[k]);
                bad = 1;
            }
        if (aclFloat16ToFloat(half_bits[i * 32]) != 3.75f + i || words[i * 8] != 0xBEEF) {
            printf("block %d: half %g, word %#llx\n", i, aclFloat16ToFloat(half_bits[i * 32]),
                   static_cast<unsigned long long>(words[i * 8]));
            bad = 1;
        }
    }
    printf("vendor scalars: %s\n",
           bad ? "FAILED" : "every value as the vendor's compiler gives it");
    return bad;
}
