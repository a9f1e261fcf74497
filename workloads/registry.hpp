// The software that runs on the model, registered by name: kernels (run on
// cores) and host programs (run on the host runtime). Each declares its
// parameters with defaults and meanings, so configs are checked against them
// and `syncsim list workloads` can show them.
#pragma once

#include "syncsim/workload.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

// The checks the default host program (a `kernel` workload) reports.
const std::vector<std::string>& default_host_checks();

// The name a built-in workload has now, if `old_name` is one it had before
// a rename (a config that still says it is told); empty otherwise.
std::string renamed_workload(const std::string& old_name);

class WorkloadRegistry : public WorkloadSink {
  public:
    static const WorkloadRegistry& builtin();

    // A name already taken (by a built-in or another plugin) is an error.
    void add(KernelEntry kernel) override;
    void add(HostEntry host) override;
    void add(VortexKernelEntry kernel) override;
    const KernelEntry* kernel(const std::string& name) const;
    const HostEntry* host(const std::string& name) const;
    const std::map<std::string, KernelEntry>& kernels() const { return m_kernels; }
    const std::map<std::string, HostEntry>& hosts() const { return m_hosts; }
    const std::map<std::string, VortexKernelEntry>& vortex_kernels() const {
        return m_vortex_kernels;
    }

  private:
    std::map<std::string, KernelEntry> m_kernels;
    std::map<std::string, HostEntry> m_hosts;
    std::map<std::string, VortexKernelEntry> m_vortex_kernels;
};

// Each workload file adds its entries here (called once from builtin()).
void register_gm_roundtrip(WorkloadRegistry& r);
void register_stale_flag(WorkloadRegistry& r);
void register_gm_barrier_rounds(WorkloadRegistry& r);
void register_subcore_sync(WorkloadRegistry& r);
void register_pipe_handoff(WorkloadRegistry& r);
void register_occupy(WorkloadRegistry& r);
// The occupying kernel's busy_cycles, declared by the hosts that launch it.
WorkloadParam occupy_cycles_param();
// Its co-running GM traffic (rate and burst), for hosts that launch it.
std::vector<WorkloadParam> occupy_traffic_params();
KernelFn occupy_kernel();
void register_stream_handshake(WorkloadRegistry& r);
void register_syncall_system_test(WorkloadRegistry& r);
void register_simpler(WorkloadRegistry& r);
void register_ascendc_sync_all(WorkloadRegistry& r);
void register_cnt_notify(WorkloadRegistry& r);
void register_cnt_notify_wait(WorkloadRegistry& r);
void register_vortex_kernels(WorkloadRegistry& r);
// The device probes (workloads/probes/): public measurements, repeated.
void register_mmio_probe(WorkloadRegistry& r);
void register_notification_probe(WorkloadRegistry& r);
void register_worker_probe(WorkloadRegistry& r);
void register_gm_barrier_probe(WorkloadRegistry& r);

std::string describe(const ParamValue& v);

// The FFTS base address a kernel passes to set_ffts_base_addr where the
// device needs one (A2/A3), else 0.
std::uint64_t ffts_base_if_needed(HostApi& host);

} // namespace syncsim
