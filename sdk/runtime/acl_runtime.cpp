// acl/acl.h on the simulated runtime: each call goes to the HostApi of the
// host program that is running (the plugin's main(), plugin_entry.cpp).
#include "acl/acl.h"

#include "kernel_registry.hpp"
#include "plugin_host.hpp"
#include "syncsim/float16_bits.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

using syncsim::GmAddr;
using syncsim::HostApi;
using syncsim::sdk::running_host;

namespace {

GmAddr device_address(const void* p) {
    return static_cast<GmAddr>(reinterpret_cast<std::uintptr_t>(p));
}

} // namespace

aclError aclInit(const char*) {
    return syncsim::sdk::host_call([&]() -> aclError {
        running_host();
        return ACL_SUCCESS;
    });
}
aclError aclFinalize() {
    return ACL_SUCCESS;
}
aclError aclrtSetDevice(std::int32_t device_id) {
    return syncsim::sdk::host_call([&]() -> aclError {
        running_host();
        return device_id == 0 ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM; // one simulated device
    });
}
aclError aclrtResetDevice(std::int32_t device_id) {
    return device_id == 0 ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}
aclError aclrtGetDeviceCount(std::uint32_t* count) {
    if (!count) return ACL_ERROR_INVALID_PARAM;
    *count = 1;
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(std::int32_t* device_id) {
    if (!device_id) return ACL_ERROR_INVALID_PARAM;
    *device_id = 0;
    return ACL_SUCCESS;
}
aclError aclrtGetCurrentContext(aclrtContext* context) {
    static int the_context; // one simulated device, one context
    if (!context) return ACL_ERROR_INVALID_PARAM;
    *context = &the_context;
    return ACL_SUCCESS;
}

aclError aclrtMalloc(void** dev_ptr, std::size_t size, aclrtMemMallocPolicy) {
    return syncsim::sdk::host_call([&]() -> aclError {
        if (!dev_ptr || size == 0) return ACL_ERROR_INVALID_PARAM;
        HostApi& host = running_host();
        const std::string name =
            "aclrtMalloc#" + std::to_string(++syncsim::sdk::host_state().mallocs);
        const GmAddr addr = host.malloc(size, name);
        syncsim::sdk::host_state().allocations[addr] = size;
        *dev_ptr = reinterpret_cast<void*>(static_cast<std::uintptr_t>(addr));
        return ACL_SUCCESS;
    });
}
aclError aclrtFree(void* dev_ptr) {
    return syncsim::sdk::host_call([&]() -> aclError {
        // The model keeps GM until the end of the run; the pointer must be one
        // aclrtMalloc gave and not freed yet.
        return syncsim::sdk::host_state().allocations.erase(device_address(dev_ptr)) == 1
                   ? ACL_SUCCESS
                   : ACL_ERROR_INVALID_PARAM;
    });
}
aclError aclrtMallocHost(void** host_ptr, std::size_t size) {
    if (!host_ptr || size == 0) return ACL_ERROR_INVALID_PARAM;
    *host_ptr = std::calloc(1, size);
    return *host_ptr ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}
aclError aclrtFreeHost(void* host_ptr) {
    std::free(host_ptr);
    return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, std::size_t dest_max, const void* src, std::size_t count,
                     aclrtMemcpyKind kind) {
    return syncsim::sdk::host_call([&]() -> aclError {
        if (!dst || !src || count > dest_max) return ACL_ERROR_INVALID_PARAM;
        HostApi& host = running_host();
        // Each side must be what `kind` says: a device address used as a host
        // one would read or write the simulator's own memory.
        const auto& state = syncsim::sdk::host_state();
        const bool dst_device =
            kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
        const bool src_device =
            kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
        if (state.is_device(dst, 1) != dst_device || state.is_device(src, 1) != src_device ||
            (dst_device && !state.is_device(dst, count)) ||
            (src_device && !state.is_device(src, count)))
            return ACL_ERROR_INVALID_PARAM;
        switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST:
            std::memcpy(dst, src, count);
            return ACL_SUCCESS;
        case ACL_MEMCPY_HOST_TO_DEVICE:
            host.write(device_address(dst), src, count);
            return ACL_SUCCESS;
        case ACL_MEMCPY_DEVICE_TO_HOST:
            host.read(dst, device_address(src), count);
            return ACL_SUCCESS;
        case ACL_MEMCPY_DEVICE_TO_DEVICE: {
            std::string bounce(count, '\0');
            host.read(bounce.data(), device_address(src), count);
            host.write(device_address(dst), bounce.data(), count);
            return ACL_SUCCESS;
        }
        }
        return ACL_ERROR_INVALID_PARAM;
    });
}
aclError aclrtMemset(void* dev_ptr, std::size_t max_count, std::int32_t value, std::size_t count) {
    return syncsim::sdk::host_call([&]() -> aclError {
        if (!dev_ptr || count > max_count || !syncsim::sdk::host_state().is_device(dev_ptr, count))
            return ACL_ERROR_INVALID_PARAM;
        running_host().memset(device_address(dev_ptr), static_cast<std::uint8_t>(value), count);
        return ACL_SUCCESS;
    });
}

aclError aclrtCreateStream(aclrtStream* stream) {
    return syncsim::sdk::host_call([&]() -> aclError {
        if (!stream) return ACL_ERROR_INVALID_PARAM;
        HostApi& host = running_host();
        const syncsim::StreamId id = host.create_stream();
        *stream = host.stream_handle(id);
        syncsim::sdk::host_state().streams[*stream] = id;
        return ACL_SUCCESS;
    });
}
aclError aclrtCreateStreamWithConfig(aclrtStream* stream, std::uint32_t, std::uint32_t flags) {
    // A priority only orders streams that compete, which the model's
    // scheduler does not; the flags change how the host issues and waits.
    return flags == 0 ? aclrtCreateStream(stream) : ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError aclrtStreamGetId(aclrtStream stream, std::int32_t* stream_id) {
    return syncsim::sdk::host_call([&]() -> aclError {
        const auto& streams = syncsim::sdk::host_state().streams;
        const auto it = streams.find(stream);
        if (!stream_id || (stream && it == streams.end())) return ACL_ERROR_INVALID_PARAM;
        *stream_id = stream ? it->second : running_host().default_stream();
        return ACL_SUCCESS;
    });
}
aclError aclrtSetStreamAttribute(aclrtStream, aclrtStreamAttr, aclrtStreamAttrValue*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError aclrtCmoAsync(void*, std::size_t, aclrtCmoType, aclrtStream) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclTensor* aclCreateTensor(const std::int64_t*, std::uint64_t, aclDataType, const std::int64_t*,
                           std::int64_t, aclFormat, const std::int64_t*, std::uint64_t, void*) {
    return nullptr; // aclnn is not modelled: the caller sees the creation fail
}
std::int32_t aclDestroyTensor(const aclTensor*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError aclrtDestroyStream(aclrtStream stream) {
    return syncsim::sdk::host_call([&]() -> aclError {
        return syncsim::sdk::host_state().streams.erase(stream) == 1 ? ACL_SUCCESS
                                                                     : ACL_ERROR_INVALID_PARAM;
    });
}
aclError aclrtSynchronizeStream(aclrtStream stream) {
    return syncsim::sdk::host_call([&]() -> aclError {
        const aclError refused = syncsim::sdk::host_state().take_launch_error(stream);
        const aclError rc = running_host().aclrtSynchronizeStream(stream);
        return refused != ACL_SUCCESS ? refused : rc;
    });
}
aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, std::int32_t timeout_ms) {
    return syncsim::sdk::host_call([&]() -> aclError {
        const aclError refused = syncsim::sdk::host_state().take_launch_error(stream);
        const aclError rc = running_host().aclrtSynchronizeStreamWithTimeout(stream, timeout_ms);
        return refused != ACL_SUCCESS ? refused : rc;
    });
}
aclError aclrtSynchronizeDevice() {
    return syncsim::sdk::host_call([&]() -> aclError {
        HostApi& host = running_host();
        aclError worst = ACL_SUCCESS;
        for (const auto& [stream, id] : syncsim::sdk::host_state().streams)
            if (aclError rc = host.aclrtSynchronizeStream(stream)) worst = rc;
        if (aclError rc = host.aclrtSynchronizeStream(nullptr)) worst = rc;
        // Launches refused with a code on any stream, the destroyed ones too.
        auto& refused = syncsim::sdk::host_state().launch_errors;
        if (!refused.empty() && worst == ACL_SUCCESS) worst = refused.begin()->second;
        refused.clear();
        return worst;
    });
}
aclError aclrtCreateEvent(aclrtEvent* event) {
    return syncsim::sdk::host_call(
        [&]() -> aclError { return running_host().aclrtCreateEvent(event); });
}
aclError aclrtDestroyEvent(aclrtEvent event) {
    return syncsim::sdk::host_call(
        [&]() -> aclError { return running_host().aclrtDestroyEvent(event); });
}
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    return syncsim::sdk::host_call(
        [&]() -> aclError { return running_host().aclrtRecordEvent(event, stream); });
}
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    return syncsim::sdk::host_call(
        [&]() -> aclError { return running_host().aclrtStreamWaitEvent(stream, event); });
}
aclError aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us, std::uint64_t* actual_us) {
    return syncsim::sdk::host_call([&]() -> aclError {
        return running_host().aclrtSetOpExecuteTimeOutV2(timeout_us, actual_us);
    });
}
aclError aclrtGetOpTimeOutInterval(std::uint64_t* interval_us) {
    return syncsim::sdk::host_call(
        [&]() -> aclError { return running_host().aclrtGetOpTimeOutInterval(interval_us); });
}
int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len) {
    return syncsim::sdk::host_call(
        [&]() -> int { return running_host().rtGetC2cCtrlAddr(addr, len); });
}
float aclFloat16ToFloat(aclFloat16 value) {
    return syncsim::vendor::Binary16::to_float(value);
}
aclFloat16 aclFloatToFloat16(float value) {
    return syncsim::vendor::Binary16::from_float(value);
}
