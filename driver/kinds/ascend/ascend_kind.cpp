// The Ascend kind: its platform files, a config's Ascend workload, and what
// the driver asks of it.
#include "driver/kinds/ascend/ascend_kind.hpp"

#include "driver/experiment/config_readers.hpp"
#include "driver/experiment/expect_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/ascend/ascend_tracer.hpp"
#include "driver/run/run_target.hpp"
#include "models/core/ai_core.hpp"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace syncsim {

namespace {

class AscendPlatformFile : public PlatformOf<Platform> {
  public:
    using PlatformOf::PlatformOf;
    // The launch rules: build side, kernel meta -> task type, cores per block.
    void describe_more(std::ostream& out) const override {
        const Platform& p = value;
        out << "\nlaunch rules (" << p.launch_rules_from << "): build side, kernel meta -> "
            << "task type, cores per block, FFTS context\n";
        for (const LaunchRule& r : p.launch_rules)
            out << "  " << std::left << std::setw(5) << to_string(r.side) << std::setw(13)
                << to_string(r.meta)
                << (r.meta == KernelMeta::MixAicMain ? "1:" + std::to_string(r.meta_aiv) : "   ")
                << " -> " << std::setw(12) << r.kernel_type << r.aic_per_block << " AIC + "
                << r.aiv_per_block << " AIV, "
                << (r.ffts_context ? "FFTS context" : "no FFTS context") << "; " << r.why << "\n";
    }
};

std::unique_ptr<LoadedPlatform> load_ascend(const std::string& dir, const std::string& name) {
    return std::make_unique<AscendPlatformFile>(load_platform(dir, name));
}

} // namespace

// An Ascend experiment: platform overrides, a host program or a kernel with
// its launch, and their parameters.
// An Ascend experiment: platform overrides, a host program or a kernel with
// its launch, and their parameters.
void AscendSetup::read(const MapView& doc, ExperimentConfig& cfg) {
    AscendSetup& setup = *this;
    override_platform(setup.platform, doc.map("overrides"));

    const MapView workload = doc.map("workload");
    if (!doc.has("workload")) throw ConfigError(doc.where() + ": missing key 'workload'");
    workload.allow_only({"plugin", "host", "kernel", "params", "launch"});
    std::vector<std::string> declared_checks = default_host_checks();
    read_plugin(workload, cfg);
    const auto& registry = workloads();
    if (workload.has("host") == workload.has("kernel"))
        throw ConfigError(workload.where() +
                          ": 'workload' needs exactly one of 'host' (a host program) or "
                          "'kernel' (launched by the default host program from 'launch')");
    if (workload.has("host")) {
        setup.host = workload.text("host");
        const HostEntry* host = &registered(registry.hosts(), workload, "host", "host program");
        if (workload.has("launch"))
            workload.fail("launch",
                          "a host program makes its own launches; 'launch' goes with 'kernel'");
        read_params(workload.map("params"), host->params, cfg);
        declared_checks = host->checks;
    } else {
        setup.kernel = workload.text("kernel");
        const KernelEntry* kernel = &registered(registry.kernels(), workload, "kernel", "kernel");
        if (!kernel->launched_by.empty())
            workload.fail("kernel", "kernel " + quote_short(setup.kernel) +
                                        " takes arguments that only its host program passes: "
                                        "run that program instead (workload.host: " +
                                        kernel->launched_by +
                                        ", without workload.launch; syncsim list workloads)");
        if (!workload.has("launch"))
            throw ConfigError(workload.where() + ": a 'kernel' workload needs 'launch' "
                                                 "(block_dim, target)");
        setup.launch = read_launch(workload.map("launch"), setup.platform.arch);
        read_params(workload.map("params"), kernel->params, cfg);
    }

    read_common(doc, cfg, declared_checks);
    const Platform& p = setup.platform;
    check_stuck_names(
        doc, cfg,
        [&p](const std::string& name) {
            const std::int64_t aic = numbered(name, "aic"), aiv = numbered(name, "aiv");
            return (aic >= 0 && aic < p.aic_cores) || (aiv >= 0 && aiv < p.aiv_cores);
        },
        "core (aicN or aivN)");
}

void AscendSetup::describe_workload(nlohmann::json& config) const {
    config["workload"] =
        host.empty() ? nlohmann::json{{"kernel", kernel}} : nlohmann::json{{"host", host}};
    if (!launch) return;
    nlohmann::json defines = nlohmann::json::object();
    for (const auto& [k, v] : launch->defines) defines[k] = v;
    nlohmann::json libraries = nlohmann::json::object();
    for (const auto& [k, v] : launch->libraries) libraries[k] = v;
    config["launch"] = {{"block_dim", launch->block_dim},
                        {"target", launch->target},
                        {"build", to_string(launch->flavour)},
                        {"meta", to_string(launch->meta)},
                        {"defines", defines},
                        {"libraries", libraries}};
}

const std::vector<WorkloadParam>* AscendSetup::workload_params() const {
    const auto& registry = workloads();
    if (const HostEntry* entry = host.empty() ? nullptr : registry.host(host))
        return &entry->params;
    const KernelEntry* entry = kernel.empty() ? nullptr : registry.kernel(kernel);
    return entry ? &entry->params : nullptr;
}

std::string AscendSetup::workload_fit_problem(const ParamMap& params) const {
    if (host.empty()) return ""; // a kernel's launch always runs (in waves, or hangs)
    const HostEntry* entry = workloads().host(host);
    return entry && entry->feasible ? entry->feasible(device_info(platform), params) : "";
}

CapacityDemand AscendSetup::demand(const ParamMap& params) const {
    CapacityDemand d;
    const Platform& p = platform;
    const std::uint64_t cores = std::uint64_t(p.aic_cores + p.aiv_cores);
    d.threads = cores * AiCore::kThreadsPerCore;
    d.threads_why = std::to_string(cores) + " cores x " + std::to_string(AiCore::kThreadsPerCore) +
                    " (the scalar unit; a pipe or write buffer starts its own when first used)";
    if (!host.empty()) {
        const HostEntry* entry = workloads().host(host);
        if (entry && entry->touched_bytes) {
            d.touched_bytes = entry->touched_bytes(device_info(p), params);
            d.touched_why = "the data host program '" + host + "' writes";
        }
    }
    return d;
}

std::unique_ptr<RunTarget> AscendSetup::make_target() const {
    return make_ascend_target();
}

std::vector<std::string> AscendSetup::companion_files(const std::string& vcd_path) const {
    return AscendTracer::companion_files(vcd_path);
}

PlatformKind ascend_kind() {
    PlatformKind kind{"ascend", load_ascend, setup_on_file<AscendPlatformFile, AscendSetup>};
    kind.draws_waits = true;
    kind.ports_across_platforms = true;
    kind.calibrates = true;
    kind.workload_keys = {"host", "kernel"};
    return kind;
}

} // namespace syncsim
