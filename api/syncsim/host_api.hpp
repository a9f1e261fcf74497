// What a host program calls: memory, streams, launches and synchronisation,
// shaped like the ACL runtime. Host programs live in workloads/ and see only
// this interface.
#pragma once

#include "syncsim/acl_types.hpp"
#include "syncsim/aicpu_api.hpp"
#include "syncsim/core_types.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace syncsim {

class HostError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

using StreamId = int;

// The largest block dim a launch may ask for: Ascend C's BlockDim is a
// logical core count in [1, 65535] (CANN Ascend C developer guide, "核函数",
// atlas_ascendc_10_0014). More blocks than cores run in waves.
constexpr std::int64_t kMaxBlockDim = 65535;

// A kernel launch as the host asks for it: the one description of a launch,
// from a config's `launch:` through the host API to the runtime's launch
// rules (which decide the cores; see models/runtime/launch_rules.hpp).
struct KernelLaunch {
    std::string kernel;
    std::string target;
    BuildFlavour flavour = BuildFlavour::Npu;
    std::map<std::string, std::int64_t> defines;
    // The vendor library versions the kernel was compiled against, e.g.
    // {"pto-isa", "83d01313"} (syncsim/libraries.hpp); unnamed: the default.
    std::map<std::string, std::string> libraries;
    KernelMeta meta = KernelMeta::None;
    int meta_aic = 0, meta_aiv = 0;
    std::int64_t block_dim = 1;
    std::vector<std::uint64_t> args;
    // The operator tiling's SetScheduleMode: 0 (normal) dispatches blocks as
    // cores free, so a launch that does not fit runs in waves; 1 (batch)
    // starts all blocks together, waiting until enough cores are free.
    int schedule_mode = 0;
    // The launch's own op-execute timeout in us (the launch attribute
    // ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US), over the global one; 0 = never.
    std::optional<std::uint64_t> timeout_us;
};

struct DeviceInfo {
    std::string platform, arch;
    std::int64_t aic_cores, aiv_cores;
    FeatureSet features;
    double sys_counter_mhz = 50; // what get_sys_cnt and the AICPU's cntvct count
    // A count of that counter, in ns.
    double ticks_to_ns(double ticks) const { return ticks * 1000.0 / sys_counter_mhz; }

    bool has(Feature f) const { return features.has(f); }
};

class HostApi {
  public:
    virtual ~HostApi() = default;

    virtual const DeviceInfo& device() const = 0;
    virtual const ParamValue& param(const std::string& name) const = 0;
    std::int64_t param_int(const std::string& name) const {
        return std::get<std::int64_t>(param(name));
    }
    bool param_bool(const std::string& name) const { return std::get<bool>(param(name)); }

    // Device memory: named so results and traces can refer to buffers.
    virtual GmAddr malloc(std::uint64_t bytes, const std::string& name) = 0;
    virtual void memset(GmAddr addr, std::uint8_t value, std::uint64_t bytes) = 0;
    virtual void write(GmAddr addr, const void* data, std::uint64_t bytes) = 0;
    virtual void read(void* data, GmAddr addr, std::uint64_t bytes) = 0;
    template <typename T>
    std::vector<T> read_array(GmAddr addr, std::size_t count) {
        std::vector<T> out(count);
        read(out.data(), addr, count * sizeof(T));
        return out;
    }

    // The FFTS base address a kernel passes to set_ffts_base_addr (A2/A3);
    // 207000 where the platform does not provide it (A5).
    virtual int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len) = 0;

    virtual StreamId create_stream() = 0;
    virtual StreamId default_stream() const = 0;
    // Enqueues the launch; returns an aclError code for arguments the
    // runtime rejects at once (unknown kernel, build for another arch).
    virtual int launch(StreamId stream, const KernelLaunch& launch) = 0;
    virtual int synchronize_stream(StreamId stream) = 0;
    // Enqueues an AICPU kernel (a runtime's scheduler threads); its stream
    // reports 507018 when the kernel fails.
    virtual int launch_aicpu(StreamId stream, const AicpuLaunch& launch) = 0;

    // --- the ACL runtime calls for streams, CntNotify, notify and events.
    // Streams as handles: nullptr is the default stream.
    virtual aclrtStream stream_handle(StreamId id) = 0;
    virtual aclError aclrtSynchronizeStream(aclrtStream stream) = 0;
    // Waits at most `timeout_ms` (-1: for ever); 507046 when that budget runs
    // out before the stream drains (its tasks go on).
    virtual aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream,
                                                       std::int32_t timeout_ms) = 0;
    // The op-execute watchdog's timeout for later launches, in us (0: the
    // maximum); `actual_us` gets the effective value: whole credits of the
    // interval aclrtGetOpTimeOutInterval gives, rounded up.
    virtual aclError aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us,
                                                std::uint64_t* actual_us) = 0;
    virtual aclError aclrtGetOpTimeOutInterval(std::uint64_t* interval_us) = 0;
    virtual aclError aclrtCntNotifyCreate(aclrtCntNotify* cnt_notify, std::uint64_t flag) = 0;
    virtual aclError aclrtCntNotifyDestroy(aclrtCntNotify cnt_notify) = 0;
    virtual aclError aclrtCntNotifyRecord(aclrtCntNotify cnt_notify, aclrtStream stream,
                                          aclrtCntNotifyRecordInfo* info) = 0;
    virtual aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cnt_notify, aclrtStream stream,
                                                   aclrtCntNotifyWaitInfo* info) = 0;
    virtual aclError aclrtCntNotifyReset(aclrtCntNotify cnt_notify, aclrtStream stream) = 0;
    virtual aclError aclrtCntNotifyGetId(aclrtCntNotify cnt_notify, std::uint32_t* notify_id) = 0;
    virtual aclError aclrtCreateNotify(aclrtNotify* notify, std::uint64_t flag) = 0;
    virtual aclError aclrtDestroyNotify(aclrtNotify notify) = 0;
    virtual aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) = 0;
    virtual aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream,
                                             std::uint32_t timeout) = 0;
    virtual aclError aclrtCreateEvent(aclrtEvent* event) = 0;
    virtual aclError aclrtDestroyEvent(aclrtEvent event) = 0;
    virtual aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) = 0;
    virtual aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) = 0;

    // The model's answer to "where did this value come from", which a device
    // cannot give: the last write that covered `addr` (who, which operation,
    // when), e.g. "aiv3 (write buffer): dcci write-back of a scalar-cache
    // line [0x100000040, +64) at 2.130 us". For a failed check's detail.
    virtual std::string last_writer(GmAddr addr) const = 0;

    // The host program's own checks of device data, reported in the result.
    virtual void check(const std::string& name, bool ok, const std::string& detail) = 0;
    // A GM word to show in the VCD; call before the first launch.
    virtual void trace_word(const std::string& name, GmAddr addr) = 0;
    // A figure the host program measured on the device the way a
    // measurement there would (a kernel's get_sys_cnt, the AICPU's cntvct):
    // reported in the result as measurements.NAME and, to a sweep or a
    // calibration, as the metric measure_NAME. NAME: [a-z0-9_]+.
    virtual void measure(const std::string& name, double value, const std::string& unit,
                         const std::string& what) = 0;
};

// A host program: what the host does from start to end, through the API.
using HostProgram = std::function<void(HostApi&)>;

} // namespace syncsim
