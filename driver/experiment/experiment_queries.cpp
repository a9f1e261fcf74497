// What a loaded experiment answers about its platform and its workload,
// whatever the platform's kind: the one place that looks inside the setup's
// variant for the driver's questions.
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

const std::string& ExperimentConfig::platform_name() const {
    return std::visit([](const auto& s) -> const std::string& { return s.platform.name; }, setup);
}

const std::vector<std::string>& ExperimentConfig::platform_files() const {
    return std::visit(
        [](const auto& s) -> const std::vector<std::string>& { return s.platform.files; }, setup);
}

std::vector<ParamRow> ExperimentConfig::platform_rows() const {
    return std::visit([](const auto& s) { return param_rows(s.platform); }, setup);
}

std::string ExperimentConfig::workload_fit_problem() const {
    const auto* a = std::get_if<AscendSetup>(&setup);
    if (!a || a->host.empty()) return ""; // a kernel's launch always runs (in waves, or hangs)
    const HostEntry* host = workloads().host(a->host);
    return host && host->feasible ? host->feasible(device_info(a->platform), params) : "";
}

const std::vector<WorkloadParam>* ExperimentConfig::workload_params() const {
    const auto& registry = workloads();
    return std::visit(
        ByKind{[&](const AscendSetup& a) -> const std::vector<WorkloadParam>* {
                   if (const HostEntry* host = a.host.empty() ? nullptr : registry.host(a.host))
                       return &host->params;
                   const KernelEntry* kernel =
                       a.kernel.empty() ? nullptr : registry.kernel(a.kernel);
                   return kernel ? &kernel->params : nullptr;
               },
               [&](const VortexSetup& v) -> const std::vector<WorkloadParam>* {
                   const auto found = registry.vortex_kernels().find(v.kernel);
                   return found == registry.vortex_kernels().end() ? nullptr
                                                                   : &found->second.params;
               }},
        setup);
}

} // namespace syncsim
