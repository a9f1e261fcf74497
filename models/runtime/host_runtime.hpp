// Runs one host program in its own thread against the device: allocates GM,
// owns the streams, turns launches into stream tasks for the task scheduler,
// and reports what it is waiting for when a run does not finish.
#pragma once

#include "models/aicpu/aicpu_cluster.hpp"
#include "models/runtime/acl_notify_objects.hpp"
#include "models/runtime/host_check.hpp"
#include "models/runtime/host_memory.hpp"
#include "models/runtime/host_ports.hpp"
#include "models/runtime/host_streams.hpp"
#include "models/runtime/task_scheduler.hpp"
#include "syncsim/host_api.hpp"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <systemc>

namespace syncsim {

using KernelLookup = std::function<KernelFn(const std::string&)>;

class HostRuntime : public sc_core::sc_module, public HostApi {
  public:
    // Runs `program` against the device `ports` reaches.
    HostRuntime(sc_core::sc_module_name name, HostProgram program, KernelLookup kernels,
                std::shared_ptr<const ParamMap> params, const HostPorts& ports);

    void set_word_tracer(WordTraceSink* tracer) { m_memory.set_word_tracer(tracer); }
    void set_stream_tracer(StreamTraceSink* tracer) { m_streams.set_tracer(tracer); }

    bool finished() const { return m_finished; }
    const std::optional<std::string>& error() const { return m_error; }
    const std::vector<HostCheck>& checks() const { return m_checks; }
    const std::vector<GmBuffer>& buffers() const { return m_memory.buffers(); }
    const std::vector<std::unique_ptr<Stream>>& streams() const { return m_streams.all(); }
    std::vector<std::string> faults() const { return m_faults; }
    const RuntimeLog& runtime_log() const { return m_log; }
    std::vector<AclNotifyObjects::CntNotifyReport> cnt_notifies() const {
        return m_acl_notify.cnt_notifies();
    }
    std::string waiting_on() const { return m_streams.waiting_on(); }
    int waiting_stream() const { return m_streams.waiting_stream(); }
    sc_core::sc_time finished_at() const { return m_finished_at; }
    void read_gm(GmAddr addr, void* out, std::uint64_t bytes) const {
        m_memory.read(out, addr, bytes);
    }

    // HostApi
    const DeviceInfo& device() const override { return m_device; }
    const ParamValue& param(const std::string& name) const override;
    GmAddr malloc(std::uint64_t bytes, const std::string& name) override {
        return m_memory.malloc(bytes, name);
    }
    void memset(GmAddr addr, std::uint8_t value, std::uint64_t bytes) override {
        m_memory.memset(addr, value, bytes);
    }
    void write(GmAddr addr, const void* data, std::uint64_t bytes) override {
        m_memory.write(addr, data, bytes);
    }
    void read(void* data, GmAddr addr, std::uint64_t bytes) override {
        m_memory.host_read(data, addr, bytes);
    }
    int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len) override;
    StreamId create_stream() override { return m_streams.create(); }
    StreamId default_stream() const override { return 0; }
    int launch(StreamId stream, const KernelLaunch& launch) override;
    int synchronize_stream(StreamId stream) override { return m_streams.synchronize(stream); }
    int launch_aicpu(StreamId stream, const AicpuLaunch& launch) override;
    // AICPU kernels run so far (0 without an AICPU).
    std::uint64_t aicpu_launches_run() const { return m_aicpu ? m_aicpu->launches_run() : 0; }
    void check(const std::string& name, bool ok, const std::string& detail) override {
        m_checks.push_back({name, ok, detail, m_memory.explain_check(ok)});
    }
    std::string last_writer(GmAddr addr) const override { return m_memory.last_writer(addr); }
    void measure(const std::string& name, double value, const std::string& unit,
                 const std::string& what) override;
    const std::vector<HostMeasurement>& measurements() const { return m_measurements; }
    const StaleReads* stale_reads() const { return m_memory.stale_reads(); }
    // How a check's explanation names requesters and addresses.
    ExplanationNames explanation_names() const { return m_memory.names(); }
    // "seen+0x40": an address in the buffer that holds it.
    std::string where(GmAddr addr) const { return m_memory.where(addr); }
    void trace_word(const std::string& name, GmAddr addr) override {
        m_memory.trace_word(name, addr);
    }

    aclrtStream stream_handle(StreamId id) override { return &m_streams.get(id); }
    aclError aclrtSynchronizeStream(aclrtStream stream) override {
        return m_streams.synchronize(stream, -1);
    }
    aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream,
                                               std::int32_t timeout_ms) override {
        return m_streams.synchronize(stream, timeout_ms);
    }
    aclError aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us,
                                        std::uint64_t* actual_us) override;
    aclError aclrtGetOpTimeOutInterval(std::uint64_t* interval_us) override;

    // CntNotify, notify and events: the ACL objects.
    aclError aclrtCntNotifyCreate(aclrtCntNotify* cnt_notify, std::uint64_t flag) override {
        return m_acl_notify.cnt_create(cnt_notify, flag);
    }
    aclError aclrtCntNotifyDestroy(aclrtCntNotify cnt_notify) override {
        return m_acl_notify.cnt_destroy(cnt_notify);
    }
    aclError aclrtCntNotifyRecord(aclrtCntNotify cnt_notify, aclrtStream stream,
                                  aclrtCntNotifyRecordInfo* info) override {
        return m_acl_notify.cnt_record(cnt_notify, stream, info);
    }
    aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cnt_notify, aclrtStream stream,
                                           aclrtCntNotifyWaitInfo* info) override {
        return m_acl_notify.cnt_wait(cnt_notify, stream, info);
    }
    aclError aclrtCntNotifyReset(aclrtCntNotify cnt_notify, aclrtStream stream) override {
        return m_acl_notify.cnt_reset(cnt_notify, stream);
    }
    aclError aclrtCntNotifyGetId(aclrtCntNotify cnt_notify, std::uint32_t* notify_id) override {
        return m_acl_notify.cnt_get_id(cnt_notify, notify_id);
    }
    aclError aclrtCreateNotify(aclrtNotify* notify, std::uint64_t flag) override {
        return m_acl_notify.notify_create(notify, flag);
    }
    aclError aclrtDestroyNotify(aclrtNotify notify) override {
        return m_acl_notify.notify_destroy(notify);
    }
    aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) override {
        return m_acl_notify.notify_record(notify, stream);
    }
    aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream,
                                     std::uint32_t timeout) override {
        return m_acl_notify.notify_wait_and_reset(notify, stream, timeout);
    }
    aclError aclrtCreateEvent(aclrtEvent* event) override {
        return m_acl_notify.event_create(event);
    }
    aclError aclrtDestroyEvent(aclrtEvent event) override {
        return m_acl_notify.event_destroy(event);
    }
    aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) override {
        return m_acl_notify.event_record(event, stream);
    }
    aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) override {
        return m_acl_notify.event_wait(stream, event);
    }

  private:
    void run();
    void log(const std::string& line) { m_log.push_back(line); }

    HostProgram m_program;
    KernelLookup m_kernels;
    std::shared_ptr<const ParamMap> m_params;
    DeviceInfo m_device;
    TaskScheduler& m_scheduler;
    Clock m_clock;
    double m_launch_overhead_cycles;
    RuntimeLog m_log;
    HostMemory m_memory;
    HostStreams m_streams;
    AclNotifyObjects m_acl_notify;
    LaunchRules m_launch_rules;
    std::uint64_t m_c2c_ctrl_addr = 0;
    AicpuCluster* m_aicpu = nullptr;

    std::vector<HostCheck> m_checks;
    std::vector<HostMeasurement> m_measurements;
    std::vector<std::string> m_faults;
    bool m_finished = false;
    std::optional<std::string> m_error;
    sc_core::sc_time m_finished_at;
};

} // namespace syncsim
