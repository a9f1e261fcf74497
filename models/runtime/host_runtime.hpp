// Runs one host program in its own thread against the device: allocates GM,
// owns the streams, turns launches into stream tasks for the task scheduler,
// and reports what it is waiting for when a run does not finish.
#pragma once

#include "models/aicpu/aicpu_cluster.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/notify/notify_table.hpp"
#include "models/report/first_entries.hpp"
#include "models/runtime/stream.hpp"
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

struct HostCheck {
    std::string name;
    bool ok;
    std::string detail;
};

struct GmBuffer {
    std::string name;
    GmAddr addr;
    std::uint64_t bytes;
};

class WordTraceSink {
  public:
    virtual ~WordTraceSink() = default;
    virtual bool add_word(const std::string& name, GmAddr addr) = 0; // false once tracing started
};

class HostRuntime : public sc_core::sc_module, public HostApi {
  public:
    HostRuntime(sc_core::sc_module_name name, HostProgram program, KernelLookup kernels,
                std::shared_ptr<const ParamMap> params, DeviceInfo device, SparseStore& gm,
                GmAddr gm_base, std::uint64_t gm_bytes, TaskScheduler& scheduler,
                NotifyTable& notifies, const Clock& clock, const SchedulerParams& scheduling);

    void set_word_tracer(WordTraceSink* tracer) { m_word_tracer = tracer; }
    void set_stream_tracer(StreamTraceSink* tracer) { m_stream_tracer = tracer; }
    // Where rtGetC2cCtrlAddr points; 0 = the platform does not provide it.
    void set_c2c_ctrl_addr(std::uint64_t addr) { m_c2c_ctrl_addr = addr; }
    // The arch's launch rules (platform data); a launch no rule covers fails.
    void set_launch_rules(LaunchRules rules) { m_launch_rules = std::move(rules); }
    // The AICPU that runs AICPU kernels; none: launch_aicpu is refused.
    void set_aicpu(AicpuCluster* aicpu) { m_aicpu = aicpu; }

    bool finished() const { return m_finished; }
    const std::optional<std::string>& error() const { return m_error; }
    const std::vector<HostCheck>& checks() const { return m_checks; }
    const std::vector<GmBuffer>& buffers() const { return m_buffers; }
    const std::vector<std::unique_ptr<Stream>>& streams() const { return m_streams; }
    std::vector<std::string> faults() const { return m_faults; }
    const FirstEntries<std::string>& runtime_log() const { return m_log; }
    struct CntNotifyReport {
        std::uint32_t id;
        bool destroyed;
        std::uint32_t count;
    };
    std::vector<CntNotifyReport> cnt_notifies() const;
    std::string waiting_on() const { return m_waiting_on; }
    sc_core::sc_time finished_at() const { return m_finished_at; }
    void read_gm(GmAddr addr, void* out, std::uint64_t bytes) const {
        m_gm.read(addr, static_cast<std::uint8_t*>(out), bytes);
    }

    // HostApi
    const DeviceInfo& device() const override { return m_device; }
    const ParamValue& param(const std::string& name) const override;
    GmAddr malloc(std::uint64_t bytes, const std::string& name) override;
    void memset(GmAddr addr, std::uint8_t value, std::uint64_t bytes) override;
    void write(GmAddr addr, const void* data, std::uint64_t bytes) override;
    void read(void* data, GmAddr addr, std::uint64_t bytes) override;
    int rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len) override;
    StreamId create_stream() override;
    StreamId default_stream() const override { return 0; }
    int launch(StreamId stream, const KernelLaunch& launch) override;
    int synchronize_stream(StreamId stream) override;
    int launch_aicpu(StreamId stream, const AicpuLaunch& launch) override;
    void check(const std::string& name, bool ok, const std::string& detail) override;
    std::string last_writer(GmAddr addr) const override;
    // Where GM writes are recorded, and how a requester number reads.
    void set_provenance(WriteProvenance* provenance, std::function<std::string(int)> namer) {
        m_provenance = provenance;
        m_requester_name = std::move(namer);
    }
    void trace_word(const std::string& name, GmAddr addr) override;

    aclrtStream stream_handle(StreamId id) override;
    aclError aclrtSynchronizeStream(aclrtStream stream) override;
    aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream,
                                               std::int32_t timeout_ms) override;
    aclError aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us,
                                        std::uint64_t* actual_us) override;
    aclError aclrtGetOpTimeOutInterval(std::uint64_t* interval_us) override;
    aclError aclrtCntNotifyCreate(aclrtCntNotify* cnt_notify, std::uint64_t flag) override;
    aclError aclrtCntNotifyDestroy(aclrtCntNotify cnt_notify) override;
    aclError aclrtCntNotifyRecord(aclrtCntNotify cnt_notify, aclrtStream stream,
                                  aclrtCntNotifyRecordInfo* info) override;
    aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cnt_notify, aclrtStream stream,
                                           aclrtCntNotifyWaitInfo* info) override;
    aclError aclrtCntNotifyReset(aclrtCntNotify cnt_notify, aclrtStream stream) override;
    aclError aclrtCntNotifyGetId(aclrtCntNotify cnt_notify, std::uint32_t* notify_id) override;
    aclError aclrtCreateNotify(aclrtNotify* notify, std::uint64_t flag) override;
    aclError aclrtDestroyNotify(aclrtNotify notify) override;
    aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream) override;
    aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream,
                                     std::uint32_t timeout) override;
    aclError aclrtCreateEvent(aclrtEvent* event) override;
    aclError aclrtDestroyEvent(aclrtEvent event) override;
    aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) override;
    aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) override;

  private:
    // Runtime objects behind the opaque handles. A destroyed object keeps its
    // storage with the magic cleared, so a stale handle is recognised (107017).
    static constexpr std::uint32_t kCntNotifyMagic = 0x434E5446; // "CNTF"
    struct HandleObject {
        std::uint32_t magic = 0;
        std::uint32_t id = 0;
    };
    struct EventObject {
        bool alive = true;
        std::uint64_t recorded = 0, completed = 0; // records enqueued / done
        sc_core::sc_event done;
    };

    void run();
    Stream& stream(StreamId id);
    Stream* stream_of(aclrtStream handle);
    aclError validate_cnt_notify(aclrtCntNotify handle, HandleObject** object);
    aclError stream_event_id(Stream& s);
    void log(const std::string& line) { m_log.push_back(line); }
    void check_range(GmAddr addr, std::uint64_t bytes, const char* what) const;
    int collect_stream_error(Stream& s);
    // Every task reaches a stream through here: a full stream makes the host
    // wait, as the runtime's submission does.
    void submit(Stream& s, Stream::Task task);
    std::unique_ptr<Stream> new_stream();

    HostProgram m_program;
    LaunchRules m_launch_rules;
    KernelLookup m_kernels;
    std::shared_ptr<const ParamMap> m_params;
    DeviceInfo m_device;
    SparseStore& m_gm;
    GmAddr m_gm_base, m_next_free;
    std::uint64_t m_gm_bytes;
    TaskScheduler& m_scheduler;
    Clock m_clock;
    double m_launch_overhead_cycles;
    std::size_t m_stream_task_limit;
    WordTraceSink* m_word_tracer = nullptr;
    StreamTraceSink* m_stream_tracer = nullptr;
    NotifyTable& m_notifies;
    std::deque<HandleObject> m_cnt_objects, m_notify_objects;
    std::deque<EventObject> m_events;
    FirstEntries<std::string> m_log;
    std::uint64_t m_c2c_ctrl_addr = 0;
    AicpuCluster* m_aicpu = nullptr;
    WriteProvenance* m_provenance = nullptr;
    std::function<std::string(int)> m_requester_name;

    std::vector<std::unique_ptr<Stream>> m_streams;
    std::vector<GmBuffer> m_buffers;
    std::vector<HostCheck> m_checks;
    std::vector<std::string> m_faults;
    bool m_finished = false;
    std::optional<std::string> m_error;
    std::string m_waiting_on;
    sc_core::sc_time m_finished_at;
};

} // namespace syncsim
