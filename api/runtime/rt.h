// The CANN runtime calls (runtime/rt.h) that vendor host programs make
// beyond acl/acl.h, on the simulated runtime, for host code linked into a
// plugin by syncsim_add_kernel. Only what syncsim models is declared; a
// call it does not know does not compile, rather than succeed silently.
//
// - rtGetC2cCtrlAddr: the FFTS base address a kernel passes to
//   set_ffts_base_addr (A2/A3), declared in acl/acl.h.
// - rtGetAiCoreCount: the device's AI (cube) core count.
// - rtRegisterAllKernel / rtBinaryLoadWithoutTilingKey and
//   rtKernelLaunchWithHandleV2: the vendor's register-binary launch path. A
//   binary is the plugin itself (the vendor's code reads the shared object
//   it sits in); the handle stands for the plugin's kernels, and a launch
//   with tiling key K runs the kernel named <name>_K, whose cube and vector
//   sides are <name>_K_mix_aic and <name>_K_mix_aiv when they were built
//   apart (ARCH dav-c220-cube and dav-c220-vec), as the vendor's compiler
//   names them.
#pragma once

#include "acl/acl.h"

#include <cstddef>
#include <cstdint>

using rtError_t = std::int32_t;
using rtStream_t = void*;
constexpr rtError_t RT_ERROR_NONE = 0;
// What the simulated runtime answers for a call it refuses (a bad argument,
// a binary that is not this plugin, no kernel with the tiling key).
constexpr rtError_t RT_ERROR_INVALID_VALUE = ACL_ERROR_RT_PARAM_INVALID;

constexpr std::uint32_t RT_DEV_BINARY_MAGIC_ELF = 0x43554245U;
struct rtDevBinary_t {
    std::uint32_t magic;
    std::uint32_t version;
    const void* data;
    std::uint64_t length;
};
struct rtHostInputInfo_t {
    std::uint32_t addrOffset;
    std::uint32_t dataOffset;
};
struct rtArgsEx_t {
    void* args;
    rtHostInputInfo_t* hostInputInfoPtr;
    std::uint32_t argsSize; // bytes: one 8-byte word per kernel argument
    std::uint32_t tilingAddrOffset;
    std::uint32_t tilingDataOffset;
    std::uint16_t hostInputInfoNum;
    std::uint8_t hasTiling;
    std::uint8_t isNoNeedH2DCopy;
    std::uint8_t reserved[4];
};
struct rtSmDesc_t;
struct rtTaskCfgInfo_t {
    std::uint8_t qos;
    std::uint8_t partId;
    std::uint8_t schemMode;
    std::uint8_t res[1];
    std::uint32_t blockDimOffset;
};

rtError_t rtGetAiCoreCount(std::uint32_t* count);
rtError_t rtRegisterAllKernel(const rtDevBinary_t* binary, void** handle);
rtError_t rtBinaryLoadWithoutTilingKey(const void* data, std::uint64_t length, void** handle);
rtError_t rtKernelLaunchWithHandleV2(void* handle, std::uint64_t tiling_key,
                                     std::uint32_t block_dim, rtArgsEx_t* args, rtSmDesc_t* sm_desc,
                                     rtStream_t stream, const rtTaskCfgInfo_t* cfg);
