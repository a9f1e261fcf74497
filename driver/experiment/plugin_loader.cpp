#include "driver/experiment/plugin_loader.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/shared_library_check.hpp"
#include "models/core/running_kernel.hpp"
#include "output/os/child_process.hpp"
#include "syncsim/plugin.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

namespace syncsim {

namespace {

WorkloadRegistry& registry() {
    static WorkloadRegistry r = WorkloadRegistry::builtin();
    return r;
}

// "kernel NAME" / "host program NAME" -> who registered it.
std::map<std::string, std::string>& owners() {
    static std::map<std::string, std::string> o = [] {
        std::map<std::string, std::string> built_in;
        for (const auto& kv : WorkloadRegistry::builtin().kernels())
            built_in["kernel '" + kv.first + "'"] = "syncsim's built-ins";
        for (const auto& kv : WorkloadRegistry::builtin().hosts())
            built_in["host program '" + kv.first + "'"] = "syncsim's built-ins";
        for (const auto& kv : WorkloadRegistry::builtin().vortex_kernels())
            built_in["vortex warp program '" + kv.first + "'"] = "syncsim's built-ins";
        return built_in;
    }();
    return o;
}

// Collects what a plugin registers, so nothing is added unless all of it is good.
struct CollectingSink : WorkloadSink {
    std::vector<KernelEntry> kernels;
    std::vector<HostEntry> hosts;
    std::vector<VortexKernelEntry> vortex_kernels;
    void add(KernelEntry kernel) override { kernels.push_back(std::move(kernel)); }
    void add(HostEntry host) override { hosts.push_back(std::move(host)); }
    void add(VortexKernelEntry kernel) override { vortex_kernels.push_back(std::move(kernel)); }
};

// Loading a library runs its code: a damaged one (a segment whose type was
// overwritten, a constructor that faults or never returns) would take this
// process with it. So it is first loaded and registered in a child process,
// and only loaded here when that child came back.
std::string trial_load_problem(const std::string& path) {
    // The child says it came through by this exit status: a crash is a
    // signal, or (under a sanitizer that catches the signal) another status.
    constexpr int kLoaded = 61;
    const pid_t child = ::fork();
    if (child < 0) return ""; // no trial possible: load as before
    if (child == 0) {
        // Its messages (a sanitizer's report of the crash) are not the user's.
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0) {
            ::dup2(null, 1);
            ::dup2(null, 2);
        }
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        using Entry = const PluginInfo* (*)();
        const auto entry =
            handle ? reinterpret_cast<Entry>(dlsym(handle, SYNCSIM_PLUGIN_ENTRY_NAME)) : nullptr;
        const PluginInfo* info = entry ? entry() : nullptr;
        if (info && info->api_version == SYNCSIM_PLUGIN_API_VERSION) {
            info->set_kernel_resolver(&running_kernel);
            CollectingSink sink;
            try {
                info->register_workloads(sink);
            } catch (...) {
            }
        }
        ::_exit(kLoaded); // what went wrong short of a crash, the real load reports
    }
    // The real load runs the same code again: the two together stay within
    // a bound well under the 20 s any input may take.
    constexpr auto kTrialLimit = std::chrono::seconds(5);
    const ChildEnd end = wait_for_child(child, kTrialLimit);
    if (end.stalled)
        return "loading it and registering its workloads did not finish within " +
               std::to_string(kTrialLimit.count()) + " s in a trial process";
    if (!end.ended) return "its trial process could not be waited for (" + end.error + ")";
    const int status = end.status;
    if (WIFSIGNALED(status))
        return std::string("loading it crashed a trial process (signal ") +
               std::to_string(WTERMSIG(status)) + ", " + strsignal(WTERMSIG(status)) +
               "): the library is damaged, or its constructors or registration fault";
    if (!WIFEXITED(status) || WEXITSTATUS(status) != kLoaded)
        return "loading it ended a trial process with exit status " +
               std::to_string(WEXITSTATUS(status)) +
               " (a crash a sanitizer caught, or the library's code exiting the process)";
    return "";
}

// What to do about a library that does not load: for the symbols syncsim's
// own build functions leave undefined, the source-level reason.
std::string load_hint(const std::string& problem) {
    if (problem.find("__device_stub__") != std::string::npos)
        return " (a host source launches a kernel with <<<...>>> that has no stub: chevron "
               "launches need an extern \"C\" __global__ kernel built by syncsim_add_kernel; for "
               "a C++-named kernel use SYNCSIM_LAUNCH)";
    if (problem.find("__syncsim_gm_pass_ran") != std::string::npos)
        return " (a kernel was compiled with the address spaces but without syncsim's pass: "
               "build it with syncsim_add_kernel)";
    return " (build it with syncsim_add_plugin or syncsim_add_kernel from find_package(syncsim))";
}

// Set once a plugin's library is open in this process (any_plugin_loaded).
bool& plugin_library_opened() {
    static bool opened = false;
    return opened;
}

// Loads the library and returns its PluginInfo, checked for this ABI.
const PluginInfo* load_plugin_info(const std::string& what, const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw ConfigError(what + ": no such file (build the plugin first)");
    if (!std::filesystem::is_regular_file(path, ec))
        throw ConfigError(what + ": not a regular file (a plugin is a shared library, "
                                 "lib<name>.so)");
    if (const std::string problem = shared_library_problem(path); !problem.empty())
        throw ConfigError(what + ": cannot be loaded as a shared library: " + problem +
                          load_hint(problem));
    if (const std::string problem = trial_load_problem(path); !problem.empty())
        throw ConfigError(what + ": cannot be loaded: " + problem);
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    plugin_library_opened() = plugin_library_opened() || handle != nullptr;
    if (!handle) {
        const std::string problem = dlerror();
        throw ConfigError(what + ": cannot be loaded as a shared library: " + problem +
                          load_hint(problem));
    }
    using Entry = const PluginInfo* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(handle, SYNCSIM_PLUGIN_ENTRY_NAME));
    if (!entry)
        throw ConfigError(what + ": not a syncsim plugin: it has no '" + SYNCSIM_PLUGIN_ENTRY_NAME +
                          "' entry point (define one with SYNCSIM_PLUGIN(name) from "
                          "syncsim/plugin.hpp)");
    const PluginInfo* info = entry();
    if (!info || info->api_version != SYNCSIM_PLUGIN_API_VERSION)
        throw ConfigError(what + ": built against plugin API version " +
                          (info ? std::to_string(info->api_version) : "?") +
                          "; this syncsim has version " +
                          std::to_string(SYNCSIM_PLUGIN_API_VERSION) +
                          ": rebuild the plugin against this syncsim's installed SDK");
    return info;
}

LoadedPlugin open_plugin(const std::string& given, const std::string& path) {
    const std::string what = "plugin " + given;
    const PluginInfo* info = load_plugin_info(what, path);
    LoadedPlugin plugin{path, info->name ? info->name : "", {}, {}, {}};
    info->set_kernel_resolver(&running_kernel);
    CollectingSink sink;
    try {
        info->register_workloads(sink);
    } catch (const std::exception& e) {
        throw ConfigError(what + ": threw while registering its workloads: " + e.what());
    } catch (...) {
        throw ConfigError(what + ": threw a non-standard exception while registering its "
                                 "workloads");
    }
    std::map<std::string, std::string> claimed; // nothing is taken unless all is good
    auto claim = [&](const std::string& name, const std::string& kind, bool complete) {
        const std::string key = kind + " '" + name + "'";
        if (name.empty() || !complete)
            throw ConfigError(what + ": registers a " + kind + " without a name or a function");
        for (const auto* taken : {&owners(), &claimed}) {
            const auto it = taken->find(key);
            if (it != taken->end())
                throw ConfigError(what + ": registers " + key + ", a name " + it->second +
                                  " already took: give it another name");
        }
        claimed[key] = "plugin " + given;
    };
    for (const KernelEntry& k : sink.kernels) claim(k.name, "kernel", k.fn != nullptr);
    for (const HostEntry& h : sink.hosts) claim(h.name, "host program", bool(h.fn));
    for (const VortexKernelEntry& k : sink.vortex_kernels) {
        claim(k.name, "vortex warp program", bool(k.program));
        if (k.check && k.checks.empty())
            throw ConfigError(what + ": vortex warp program '" + k.name +
                              "' has a check function but lists no check names in 'checks' "
                              "(a config's expect.checks names them)");
    }
    owners().insert(claimed.begin(), claimed.end());
    for (KernelEntry& k : sink.kernels) {
        plugin.kernels.push_back(k.name);
        registry().add(std::move(k));
    }
    for (HostEntry& h : sink.hosts) {
        plugin.hosts.push_back(h.name);
        registry().add(std::move(h));
    }
    for (VortexKernelEntry& k : sink.vortex_kernels) {
        plugin.vortex_kernels.push_back(k.name);
        registry().add(std::move(k));
    }
    return plugin;
}

} // namespace

namespace {
bool& plugins_allowed() {
    static bool allowed = true;
    return allowed;
}
} // namespace

void allow_plugins(bool allowed) {
    plugins_allowed() = allowed;
}

bool any_plugin_loaded() {
    return plugin_library_opened();
}

const LoadedPlugin& load_plugin(const std::string& path) {
    if (!plugins_allowed()) throw ConfigError("plugin " + path + ": this process loads no plugins");
    static std::map<std::string, LoadedPlugin> loaded;
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    auto it = loaded.find(absolute);
    if (it == loaded.end()) it = loaded.emplace(absolute, open_plugin(path, absolute)).first;
    return it->second;
}

const WorkloadRegistry& workloads() {
    return registry();
}

} // namespace syncsim
