// Loading plugins (syncsim/plugin.hpp): shared libraries that register their
// own kernels and host programs, which then run like built-ins.
#pragma once

#include "workloads/registry.hpp"

#include <string>
#include <vector>

namespace syncsim {

struct LoadedPlugin {
    std::string path; // absolute
    std::string name;
    std::vector<std::string> kernels, hosts, vortex_kernels;
};

// Loads the plugin at `path` once per process (a later call returns the same
// record). Every failure is a ConfigError that names the file, what is wrong
// and how to fix it: no such file, not a loadable library, no entry point,
// another API version, a name already taken, an exception while registering.
const LoadedPlugin& load_plugin(const std::string& path);

// Whether this process may load plugins (default yes). The fuzz target says
// no: a fuzzed config must not dlopen whatever library its text names.
void allow_plugins(bool allowed);
// True once a plugin's library is open in this process (its static
// destructors would run at exit: see sc_main).
bool any_plugin_loaded();

// The built-in workloads and those of every plugin loaded so far.
const WorkloadRegistry& workloads();

} // namespace syncsim
