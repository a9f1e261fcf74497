// The Vortex kind: its platform files, a config's warp program, and what the
// driver asks of it.
#include "driver/kinds/vortex/vortex_kind.hpp"

#include "driver/experiment/config_readers.hpp"
#include "driver/experiment/expect_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/vortex/vortex_tracer.hpp"
#include "driver/run/run_target.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>

namespace syncsim {

namespace {

std::unique_ptr<LoadedPlatform> load_vortex(const std::string& dir, const std::string& name) {
    return std::make_unique<PlatformOf<VortexPlatform>>(load_vortex_platform(dir, name));
}

} // namespace

// A vortex experiment: platform overrides, a warp program and its parameters.
void VortexSetup::read(const MapView& doc, ExperimentConfig& cfg) {
    override_vortex_platform(platform, doc.map("overrides"));
    const MapView workload = doc.map("workload");
    if (!doc.has("workload")) throw ConfigError(doc.where() + ": missing key 'workload'");
    workload.allow_only({"plugin", "vortex", "params"});
    read_plugin(workload, cfg);
    const VortexKernelEntry& program =
        registered(workloads().vortex_kernels(), workload, "vortex", "vortex warp program");
    kernel = program.name;
    read_params(workload.map("params"), program.params, cfg);
    read_common(doc, cfg, program.checks);
    const VortexPlatform& p = platform;
    check_stuck_names(
        doc, cfg,
        [&p](const std::string& name) {
            const std::size_t dot = name.find('.');
            if (dot == std::string::npos) return false;
            const std::int64_t core = numbered(name.substr(0, dot), "core");
            const std::int64_t warp = numbered(name.substr(dot + 1), "warp");
            return core >= 0 && core < std::int64_t(p.clusters) * p.cores && warp >= 0 &&
                   warp < p.warps;
        },
        "warp (coreC.warpW, C counting the cores of every cluster)");
}

void VortexSetup::describe_workload(nlohmann::json& config) const {
    config["workload"] = {{"vortex", kernel}};
}

const std::vector<WorkloadParam>* VortexSetup::workload_params() const {
    const auto& programs = workloads().vortex_kernels();
    const auto found = programs.find(kernel);
    return found == programs.end() ? nullptr : &found->second.params;
}

CapacityDemand VortexSetup::demand(const ParamMap&) const {
    CapacityDemand d;
    const VortexPlatform& p = platform;
    const std::uint64_t cores = std::uint64_t(p.clusters) * std::uint64_t(p.cores);
    // One thread per warp, and at most one global-barrier request per core.
    d.threads = cores * std::uint64_t(p.warps) + cores;
    d.threads_why = std::to_string(p.clusters) + " clusters x " + std::to_string(p.cores) +
                    " cores x (" + std::to_string(p.warps) + " warps + 1)";
    return d;
}

std::unique_ptr<RunTarget> VortexSetup::make_target() const {
    return make_vortex_target();
}

std::vector<std::string> VortexSetup::companion_files(const std::string& vcd_path) const {
    return VortexTracer::companion_files(vcd_path);
}

PlatformKind vortex_kind() {
    PlatformKind kind{"vortex", load_vortex,
                      setup_on_file<PlatformOf<VortexPlatform>, VortexSetup>};
    kind.workload_keys = {"vortex"};
    return kind;
}

} // namespace syncsim
