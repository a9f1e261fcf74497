// runtime/rt.h on the simulated runtime: the device's core count, and the
// vendor's register-binary launch path (see the header), which launches a
// kernel of this plugin by its tiling key.
#include "runtime/rt.h"

#include "kernel_registry.hpp"
#include "plugin_host.hpp"

#include <cstring>
#include <string>
#include <vector>

using syncsim::sdk::running_host;

namespace {

// What a handle points at: the plugin's kernels (there is one binary).
const char kPluginKernels[] = "syncsim plugin kernels";

bool is_elf(const void* data, std::uint64_t length) {
    return data && length >= 4 &&
           std::memcmp(data,
                       "\x7f"
                       "ELF",
                       4) == 0;
}

rtError_t plugin_handle(const void* data, std::uint64_t length, void** handle) {
    if (!handle || !is_elf(data, length)) return RT_ERROR_INVALID_VALUE;
    *handle = const_cast<char*>(kPluginKernels);
    return RT_ERROR_NONE;
}

} // namespace

rtError_t rtGetAiCoreCount(std::uint32_t* count) {
    return syncsim::sdk::host_call([&]() -> rtError_t {
        if (!count) return RT_ERROR_INVALID_VALUE;
        *count = static_cast<std::uint32_t>(running_host().device().aic_cores);
        return RT_ERROR_NONE;
    });
}

rtError_t rtRegisterAllKernel(const rtDevBinary_t* binary, void** handle) {
    if (!binary || binary->magic != RT_DEV_BINARY_MAGIC_ELF) return RT_ERROR_INVALID_VALUE;
    return plugin_handle(binary->data, binary->length, handle);
}

rtError_t rtBinaryLoadWithoutTilingKey(const void* data, std::uint64_t length, void** handle) {
    return plugin_handle(data, length, handle);
}

rtError_t rtKernelLaunchWithHandleV2(void* handle, std::uint64_t tiling_key,
                                     std::uint32_t block_dim, rtArgsEx_t* args, rtSmDesc_t*,
                                     rtStream_t stream, const rtTaskCfgInfo_t*) {
    if (handle != kPluginKernels || !args || (args->argsSize && !args->args) ||
        args->argsSize % sizeof(std::uint64_t) != 0)
        return RT_ERROR_INVALID_VALUE;
    // The kernel the tiling key names: <name>_<key> (a pair of one-side
    // builds registers under that name too, kernel_registry.cpp).
    const std::string key = "_" + std::to_string(tiling_key);
    const syncsim::sdk::RegisteredKernel* found = nullptr;
    for (const auto& kernel : syncsim::sdk::registered_kernels())
        if (syncsim::sdk::ends_with(kernel.name, key)) {
            if (found) return RT_ERROR_INVALID_VALUE; // two kernels claim the key
            found = &kernel;
        }
    if (!found) return RT_ERROR_INVALID_VALUE;
    std::vector<std::uint64_t> words(args->argsSize / sizeof(std::uint64_t));
    if (!words.empty()) std::memcpy(words.data(), args->args, args->argsSize);
    return syncsim::sdk::host_call([&] {
        return syncsim::sdk::launch_registered(found->name.c_str(), block_dim, stream,
                                               std::move(words));
    });
}
