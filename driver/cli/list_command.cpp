// `syncsim list platforms | workloads [--plugin FILE]...`: what exists,
// each workload with its parameters, kernels a config can launch apart from
// those only their host program launches.
#include "config/yaml_view.hpp"
#include "driver/cli/cli_commands.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "workloads/registry.hpp"

#include <boost/program_options.hpp>
#include <iomanip>
#include <iostream>

namespace po = boost::program_options;

namespace syncsim {

namespace {

// `list workloads [--plugin FILE]...`: every built-in, or only what the
// plugins hold, each with its parameters.
int list_workloads_command(const std::vector<std::string>& plugin_files) {
    std::vector<const LoadedPlugin*> plugins;
    for (const std::string& file : plugin_files) plugins.push_back(&load_plugin(file));
    const auto& r = workloads();
    auto entry = [](const std::string& name, const std::string& summary,
                    const std::vector<WorkloadParam>& ps) {
        std::cout << "  " << name << ": " << summary << "\n";
        for (const auto& p : ps) {
            std::cout << "      " << p.name << " = " << describe(p.default_value) << "  ("
                      << p.meaning;
            for (std::size_t c = 0; c < p.choices.size(); ++c)
                std::cout << (c ? " | " : "; one of ") << p.choices[c];
            std::cout << ")\n";
        }
    };
    // Kernels a config can launch, then those only their host program can
    // (they take arguments it passes).
    auto kernels = [&r, &entry](const std::vector<std::string>& names) {
        for (bool launchable : {true, false}) {
            bool heading = false;
            for (const std::string& name : names) {
                const KernelEntry& k = *r.kernel(name);
                if (k.launched_by.empty() != launchable) continue;
                if (!heading)
                    std::cout << (launchable
                                      ? "kernels a config can launch (workload.kernel, with "
                                        "workload.launch):\n"
                                      : "kernels only their host program launches (they take "
                                        "its arguments; run the host program):\n");
                heading = true;
                entry(name,
                      k.summary + (launchable ? "" : " [workload.host: " + k.launched_by + "]"),
                      k.params);
            }
        }
    };
    for (const LoadedPlugin* p : plugins) {
        std::cout << "plugin " << p->name << " (" << p->path << ")\n";
        std::cout << "host programs (workload.host):\n";
        for (const auto& name : p->hosts) entry(name, r.host(name)->summary, r.host(name)->params);
        kernels(p->kernels);
        if (p->vortex_kernels.empty()) continue;
        std::cout << "vortex warp programs (workload.vortex, on a vortex platform):\n";
        for (const auto& name : p->vortex_kernels) {
            const VortexKernelEntry& k = r.vortex_kernels().at(name);
            entry(name, k.summary, k.params);
        }
    }
    if (!plugins.empty()) return 0;
    std::cout << "host programs (workload.host):\n";
    for (const auto& [name, h] : r.hosts()) entry(name, h.summary, h.params);
    std::cout << "vortex warp programs (workload.vortex, on a vortex platform):\n";
    for (const auto& [name, k] : r.vortex_kernels()) entry(name, k.summary, k.params);
    std::vector<std::string> names;
    for (const auto& kv : r.kernels()) names.push_back(kv.first);
    kernels(names);
    return 0;
}

} // namespace

int cmd_list(const std::vector<std::string>& args, const std::string& pdir) {
    std::string what;
    std::vector<std::string> plugin_files;
    CommandOptions opts("list platforms\n       syncsim list workloads [--plugin FILE]...",
                        "Lists the platforms, each with what it is, or the workloads a config "
                        "can name: host programs, kernels and Vortex warp programs, each with "
                        "its parameters (only those of the plugins given with --plugin).");
    opts.operand("what", po::value(&what));
    opts.add()("plugin", po::value(&plugin_files)->composing()->value_name("FILE"),
               "list workloads: what this plugin holds instead of the built-ins; repeatable");
    po::variables_map vm;
    if (!opts.parse(args, vm, std::cout)) return 0;
    if (what == "platforms" && plugin_files.empty()) {
        const std::string dir = platforms_dir(pdir);
        for (const auto& name : list_platforms(dir)) {
            const std::string description = load_any_platform(dir, name)->description();
            std::cout << std::left << std::setw(12) << name << "  " << description << "\n";
        }
        return 0;
    }
    if (what == "workloads") return list_workloads_command(plugin_files);
    throw ConfigError("usage: syncsim list platforms | list workloads [--plugin FILE]...");
}

} // namespace syncsim
