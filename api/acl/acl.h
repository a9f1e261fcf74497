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

// The flags aclrtCreateStreamWithConfig takes, the stream attributes, the
// cache operations and the tensor types, with CANN's values (acl_rt.h,
// acl_base.h). What syncsim does not model (any stream flag, a stream
// attribute, a cache operation, an aclnn tensor) fails with
// ACL_ERROR_RT_FEATURE_NOT_SUPPORT.
#define ACL_STREAM_FAST_LAUNCH 0x00000001U
#define ACL_STREAM_FAST_SYNC 0x00000002U
#define ACL_STREAM_DEVICE_USE_ONLY 0x00000020U
constexpr aclError ACL_ERROR_RT_FEATURE_NOT_SUPPORT = syncsim::acl::kFeatureNotSupported;
enum aclrtStreamAttr {
    ACL_STREAM_ATTR_FAILURE_MODE = 1,
    ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK = 2,
    ACL_STREAM_ATTR_USER_CUSTOM_TAG = 3,
    ACL_STREAM_ATTR_CACHE_OP_INFO = 4,
};
union aclrtStreamAttrValue {
    std::uint64_t failureMode;
    std::uint32_t overflowSwitch;
    std::uint32_t userCustomTag;
    std::uint32_t cacheOpInfoSwitch;
    std::uint32_t reserve[4];
};
enum aclrtCmoType {
    ACL_RT_CMO_TYPE_PREFETCH = 0,
    ACL_RT_CMO_TYPE_WRITEBACK = 1,
    ACL_RT_CMO_TYPE_INVALID = 2,
    ACL_RT_CMO_TYPE_FLUSH = 3,
};
enum aclDataType {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_BF16 = 27,
};
enum aclFormat {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_FRACTAL_NZ = 29,
};

aclError aclInit(const char* config_path);
aclError aclFinalize();
aclError aclrtSetDevice(std::int32_t device_id);
aclError aclrtResetDevice(std::int32_t device_id);
aclError aclrtGetDeviceCount(std::uint32_t* count);
aclError aclrtGetDevice(std::int32_t* device_id);
aclError aclrtGetCurrentContext(aclrtContext* context); // the one device's one context
aclError aclrtMalloc(void** dev_ptr, std::size_t size, aclrtMemMallocPolicy policy);
aclError aclrtFree(void* dev_ptr);
aclError aclrtMallocHost(void** host_ptr, std::size_t size);
aclError aclrtFreeHost(void* host_ptr);
aclError aclrtMemcpy(void* dst, std::size_t dest_max, const void* src, std::size_t count,
                     aclrtMemcpyKind kind);
aclError aclrtMemset(void* dev_ptr, std::size_t max_count, std::int32_t value, std::size_t count);
aclError aclrtCreateStream(aclrtStream* stream);
aclError aclrtCreateStreamWithConfig(aclrtStream* stream, std::uint32_t priority,
                                     std::uint32_t flags);
aclError aclrtStreamGetId(aclrtStream stream, std::int32_t* stream_id);
aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr attr,
                                 aclrtStreamAttrValue* value);
aclError aclrtCmoAsync(void* dev_ptr, std::size_t size, aclrtCmoType type, aclrtStream stream);
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
// aclnn's tensors (libnnopbase), as pto-isa's SDMA workspace declares them.
struct aclTensor;
extern "C" aclTensor* aclCreateTensor(const std::int64_t* view_dims, std::uint64_t view_dims_num,
                                      aclDataType data_type, const std::int64_t* stride,
                                      std::int64_t offset, aclFormat format,
                                      const std::int64_t* storage_dims,
                                      std::uint64_t storage_dims_num, void* tensor_data);
extern "C" std::int32_t aclDestroyTensor(const aclTensor* tensor);
// The FFTS base address a kernel passes to set_ffts_base_addr (A2/A3).
int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len);

namespace syncsim::sdk {

// Enqueues a registered kernel of this plugin with the build (target,
// defines, meta) it was compiled with.
aclError launch_registered(const char* kernel, std::uint32_t block_dim, aclrtStream stream,
                           std::vector<std::uint64_t> args);

// A float or double travels as its bits, in the word's low end.
template <typename Arg>
std::uint64_t launch_word(Arg arg) {
    static_assert(std::is_pointer_v<Arg> || std::is_integral_v<Arg> || std::is_enum_v<Arg> ||
                      std::is_same_v<Arg, float> || std::is_same_v<Arg, double>,
                  "syncsim: a kernel argument is a device pointer, an integer, a float or a "
                  "double");
    if constexpr (std::is_pointer_v<Arg>)
        return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(arg));
    else if constexpr (std::is_same_v<Arg, float>)
        return __builtin_bit_cast(std::uint32_t, arg);
    else if constexpr (std::is_same_v<Arg, double>)
        return __builtin_bit_cast(std::uint64_t, arg);
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
