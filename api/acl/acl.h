// The ACL runtime calls a vendor host program makes (CANN acl/acl.h), for
// host code linked into a plugin by syncsim_add_kernel: `main()` there runs
// as the plugin's host program, and these calls go to the simulated
// runtime (syncsim/host_api.hpp) of the run. Device pointers are GM
// addresses: the host reaches what they point at only with aclrtMemcpy, as
// on a device. The codes are the runtime's (syncsim/acl_types.hpp);
// anything the model does not know is ACL_ERROR_INVALID_PARAM, never a
// silent success.
//
// A launch is written as the vendor writes it,
// `kernel<<<blockDim, l2ctrl, stream>>>(args...)`: syncsim_add_kernel
// compiles host sources in clang's CUDA host mode (syncsim/vendor_host.hpp)
// and the pass gives each extern "C" kernel the stub the chevrons call. A
// launch refused with a code is reported by the stream's (or the device's)
// next synchronize; one the runtime refuses outright ends the host program.
// `SYNCSIM_LAUNCH(kernel, blockDim, l2ctrl, stream)(args...)` does the same
// for a kernel with a C++ name, or from a g++ host, and returns the
// aclError of the enqueue.
#pragma once

#include "syncsim/acl_types.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

using aclError = syncsim::aclError;
using aclrtStream = syncsim::aclrtStream;
using aclrtEvent = syncsim::aclrtEvent;
using aclrtContext = void*;

constexpr aclError ACL_SUCCESS = syncsim::acl::kSuccess;
constexpr aclError ACL_ERROR_INVALID_PARAM = syncsim::acl::kInvalidParam;
constexpr aclError ACL_ERROR_RT_PARAM_INVALID = syncsim::acl::kRtParamInvalid;
constexpr aclError ACL_ERROR_RT_STREAM_SYNC_TIMEOUT = syncsim::acl::kRtStreamSyncTimeout;
constexpr aclError ACL_ERROR_RT_AICORE_TIMEOUT = syncsim::acl::kRtAicoreTimeout;

enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2,
};
enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
};

aclError aclInit(const char* config_path);
aclError aclFinalize();
aclError aclrtSetDevice(std::int32_t device_id);
aclError aclrtResetDevice(std::int32_t device_id);
aclError aclrtGetDeviceCount(std::uint32_t* count);
aclError aclrtMalloc(void** dev_ptr, std::size_t size, aclrtMemMallocPolicy policy);
aclError aclrtFree(void* dev_ptr);
aclError aclrtMallocHost(void** host_ptr, std::size_t size);
aclError aclrtFreeHost(void* host_ptr);
aclError aclrtMemcpy(void* dst, std::size_t dest_max, const void* src, std::size_t count,
                     aclrtMemcpyKind kind);
aclError aclrtMemset(void* dev_ptr, std::size_t max_count, std::int32_t value, std::size_t count);
aclError aclrtCreateStream(aclrtStream* stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, std::int32_t timeout_ms);
aclError aclrtSynchronizeDevice();
aclError aclrtCreateEvent(aclrtEvent* event);
aclError aclrtDestroyEvent(aclrtEvent event);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
aclError aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us, std::uint64_t* actual_us);
aclError aclrtGetOpTimeOutInterval(std::uint64_t* interval_us);
// IEEE binary16 bits on the host, and their conversions (round to nearest
// even), as CANN's acl_base.h gives them.
using aclFloat16 = std::uint16_t;
float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);
// The FFTS base address a kernel passes to set_ffts_base_addr (A2/A3).
int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len);

namespace syncsim::sdk {

// Enqueues a registered kernel of this plugin with the build (target,
// defines, meta) it was compiled with.
aclError launch_registered(const char* kernel, std::uint32_t block_dim, aclrtStream stream,
                           std::vector<std::uint64_t> args);

template <typename Arg>
std::uint64_t launch_word(Arg arg) {
    static_assert(std::is_pointer_v<Arg> || std::is_integral_v<Arg> || std::is_enum_v<Arg>,
                  "syncsim: a kernel argument is a device pointer or an integer");
    if constexpr (std::is_pointer_v<Arg>)
        return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(arg));
    else
        return static_cast<std::uint64_t>(arg);
}

template <typename Kernel>
class Launcher;

// The kernel's declaration gives the parameter types, so arguments convert
// as they would in a call.
template <typename... Params>
class Launcher<void (*)(Params...)> {
  public:
    Launcher(const char* name, std::uint32_t block_dim, void* /*l2ctrl*/, aclrtStream stream)
        : m_name(name), m_block_dim(block_dim), m_stream(stream) {}
    aclError operator()(Params... args) const {
        return launch_registered(m_name, m_block_dim, m_stream, {launch_word(args)...});
    }

  private:
    const char* m_name;
    std::uint32_t m_block_dim;
    aclrtStream m_stream;
};

} // namespace syncsim::sdk

#define SYNCSIM_LAUNCH(kernel, block_dim, l2ctrl, stream)                                          \
    ::syncsim::sdk::Launcher<decltype(&kernel)>(#kernel, block_dim, l2ctrl, stream)
