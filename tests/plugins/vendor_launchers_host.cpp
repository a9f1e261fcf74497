// The host program of the vendor-form plugin: it calls the launchers the
// kernel sources define, as the vendor's test programs do, launches the
// per-side Mix pair by its tiling key through runtime/rt.h (the plugin's own
// file as the binary, found with dladdr), and checks what each block wrote.
#include "acl/acl.h"
#include "runtime/rt.h"

#include <dlfcn.h>

#include <stdint.h>
#include <stdio.h>

void LaunchVendorVec(int32_t* out, int32_t blocks, void* stream);
void LaunchVendorMix(int32_t* out, int32_t aic_blocks, void* stream);
int Plus100(int x);       // device code of the Mix source, called by the host too
extern int launches_made; // host data of the Mix source

// The vendor's register-binary path (its mix 1:1 test): the shared object
// this code is in, registered, and the kernel with tiling key 7 launched.
static int LaunchPairByTilingKey(int32_t* out, uint32_t blocks) {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&LaunchPairByTilingKey), &info) == 0) return 10;
    FILE* file = fopen(info.dli_fname, "rb");
    if (!file) return 11;
    static char binary[1 << 16];
    const size_t size = fread(binary, 1, sizeof binary, file);
    fclose(file);
    rtDevBinary_t bin{RT_DEV_BINARY_MAGIC_ELF, 0, binary, size};
    void* handle = nullptr;
    if (rtRegisterAllKernel(&bin, &handle) != RT_ERROR_NONE || !handle) return 12;
    void* args[] = {out};
    rtArgsEx_t args_info{};
    args_info.args = args;
    args_info.argsSize = sizeof(args);
    rtTaskCfgInfo_t cfg{};
    if (rtKernelLaunchWithHandleV2(handle, 8, blocks, &args_info, nullptr, nullptr, &cfg) ==
        RT_ERROR_NONE)
        return 13; // no kernel has tiling key 8
    return rtKernelLaunchWithHandleV2(handle, 7, blocks, &args_info, nullptr, nullptr, &cfg) ==
                   RT_ERROR_NONE
               ? 0
               : 14;
}

int main() {
    const int32_t blocks = 4, aic = 2;
    int32_t* vec_out = nullptr;
    int32_t* mix_out = nullptr;
    aclrtMalloc(reinterpret_cast<void**>(&vec_out), blocks * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(reinterpret_cast<void**>(&mix_out), aic * 3 * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    LaunchVendorVec(vec_out, blocks, nullptr);
    LaunchVendorMix(mix_out, aic, nullptr);
    int32_t* pair_out = nullptr;
    aclrtMalloc(reinterpret_cast<void**>(&pair_out), aic * 2 * 64, ACL_MEM_MALLOC_HUGE_FIRST);
    if (const int bad_launch = LaunchPairByTilingKey(pair_out, aic)) {
        printf("vendor launchers: the tiling-key launch failed (%d)\n", bad_launch);
        return bad_launch;
    }
    uint32_t aic_cores = 0;
    if (rtGetAiCoreCount(&aic_cores) != RT_ERROR_NONE || aic_cores != 24 ||
        aclFloat16ToFloat(aclFloatToFloat16(1.5f)) != 1.5f) {
        printf("vendor launchers: rtGetAiCoreCount says %u\n", aic_cores);
        return 4;
    }
    const aclError rc = aclrtSynchronizeStream(nullptr);
    if (rc != ACL_SUCCESS) {
        printf("vendor launchers: synchronize returned %d\n", rc);
        return 3;
    }
    int32_t vec[4 * 16], mix[6 * 16], pair[4 * 16];
    aclrtMemcpy(vec, sizeof vec, vec_out, sizeof vec, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(mix, sizeof mix, mix_out, sizeof mix, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(pair, sizeof pair, pair_out, sizeof pair, ACL_MEMCPY_DEVICE_TO_HOST);
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
    for (int32_t i = 0; i < aic * 2; ++i) {
        const int32_t want = i < aic ? 400 + i : 500 + (i - aic);
        if (pair[i * 16] != want) {
            printf("pair line %d holds %d, want %d\n", i, pair[i * 16], want);
            bad = 1;
        }
    }
    if (launches_made != 1 || Plus100(1) != 101) {
        printf("the Mix source's host data and function: %d, %d\n", launches_made, Plus100(1));
        bad = 1;
    }
    printf("vendor launchers: %s\n", bad ? "FAILED" : "every block wrote its line");
    return bad;
}
