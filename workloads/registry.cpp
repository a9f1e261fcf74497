#include "workloads/registry.hpp"

#include <sstream>
#include <stdexcept>

namespace syncsim {

const WorkloadRegistry& WorkloadRegistry::builtin() {
    static const WorkloadRegistry registry = [] {
        WorkloadRegistry r;
        register_gm_roundtrip(r);
        register_stale_flag(r);
        register_gm_barrier_rounds(r);
        register_subcore_sync(r);
        register_pipe_handoff(r);
        register_occupy(r);
        register_stream_handshake(r);
        register_syncall_system_test(r);
        register_simpler(r);
        register_ascendc_sync_all(r);
        register_cnt_notify(r);
        register_cnt_notify_wait(r);
        register_vortex_kernels(r);
        register_mmio_probe(r);
        register_notification_probe(r);
        register_worker_probe(r);
        register_gm_barrier_probe(r);
        return r;
    }();
    return registry;
}

void WorkloadRegistry::add(KernelEntry kernel) {
    const std::string name = kernel.name;
    if (name.empty() || !kernel.fn)
        throw std::invalid_argument("a kernel needs a name and a function");
    if (!m_kernels.emplace(name, std::move(kernel)).second)
        throw std::invalid_argument("a kernel named '" + name + "' is registered already");
}

void WorkloadRegistry::add(HostEntry host) {
    const std::string name = host.name;
    if (name.empty() || !host.fn)
        throw std::invalid_argument("a host program needs a name and a function");
    if (!m_hosts.emplace(name, std::move(host)).second)
        throw std::invalid_argument("a host program named '" + name + "' is registered already");
}

void WorkloadRegistry::add(VortexKernelEntry kernel) {
    const std::string name = kernel.name;
    if (name.empty() || !kernel.program)
        throw std::invalid_argument("a vortex warp program needs a name and a function");
    if (!m_vortex_kernels.emplace(name, std::move(kernel)).second)
        throw std::invalid_argument("a vortex warp program named '" + name +
                                    "' is registered already");
}

std::string renamed_workload(const std::string& old_name) {
    static const std::map<std::string, std::string> renamed = {
        {"syncall_st", "syncall_system_test"}, // it read like the st intrinsic
    };
    auto it = renamed.find(old_name);
    return it == renamed.end() ? "" : it->second;
}

const KernelEntry* WorkloadRegistry::kernel(const std::string& name) const {
    auto it = m_kernels.find(name);
    return it == m_kernels.end() ? nullptr : &it->second;
}

const HostEntry* WorkloadRegistry::host(const std::string& name) const {
    auto it = m_hosts.find(name);
    return it == m_hosts.end() ? nullptr : &it->second;
}

std::uint64_t ffts_base_if_needed(HostApi& host) {
    std::uint64_t base = 0;
    if (host.device().has(Feature::FftsBaseAddr)) {
        std::uint32_t len = 0;
        host.rtGetC2cCtrlAddr(&base, &len);
    }
    return base;
}

std::string describe(const ParamValue& v) {
    std::ostringstream os;
    std::visit(
        [&os](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, bool>)
                os << (x ? "true" : "false");
            else
                os << x;
        },
        v);
    return os.str();
}

} // namespace syncsim
