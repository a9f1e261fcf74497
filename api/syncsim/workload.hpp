// What a workload is to the simulator: a kernel or a host program with a
// name, a one-line summary and its parameters (types from their defaults,
// ranges or choices, one-line meanings). Built-in workloads and plugins
// (syncsim/plugin.hpp) describe themselves with these.
#pragma once

#include "syncsim/host_api.hpp"
#include "syncsim/kernel_api.hpp"
#include "syncsim/warp_api.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

struct WorkloadParam {
    std::string name;
    ParamValue default_value;
    std::string meaning;
    double min = -1e18, max = 1e18;        // for numbers
    std::vector<std::string> choices = {}; // for text: the values it may take (empty: any)
};

// A text parameter with a fixed set of meanings: any other value is refused.
inline WorkloadParam choice_param(std::string name, std::string default_value, std::string meaning,
                                  std::vector<std::string> choices) {
    return WorkloadParam{
        std::move(name),   std::move(default_value), std::move(meaning), -1e18, 1e18,
        std::move(choices)};
}

// A GM buffer the default host program allocates (zeroed) and passes as a
// kernel argument, in declaration order.
struct KernelBuffer {
    std::string name;
    std::function<std::uint64_t(std::int64_t block_dim, const ParamMap&)> bytes;
};

struct KernelEntry {
    std::string name, summary;
    KernelFn fn = nullptr;
    std::vector<WorkloadParam> params;
    std::vector<KernelBuffer> buffers; // for launching it straight from a config
    // Non-empty: the host program that passes its arguments (more than its
    // buffers); a config cannot launch it as `workload.kernel`.
    std::string launched_by = {};
};

struct HostEntry {
    std::string name, summary;
    std::function<void(HostApi&)> fn;
    std::vector<WorkloadParam> params;
    // Says why a point cannot run on a device (empty: it can), so a sweep
    // skips it with that reason instead of running something meaningless.
    std::function<std::string(const DeviceInfo&, const ParamMap&)> feasible = nullptr;
    // The names of every check it may report, so an `expect.checks` name that
    // matches none is refused before the run.
    std::vector<std::string> checks = {};
    // Bytes of data the program writes (host and device memory it fills with
    // something other than zeros), for the capacity check before the run;
    // null when it is small whatever the parameters.
    std::function<std::uint64_t(const DeviceInfo&, const ParamMap&)> touched_bytes = nullptr;
};

// A Vortex warp program (what warp 0 of every core runs), the memory it
// starts from and the host-side check of its results.
struct VortexGeometry {
    int clusters, cores_per_cluster, warps, threads;
    int cores() const { return clusters * cores_per_cluster; }
};

struct VortexCheck {
    std::string name;
    bool ok;
    std::string detail;
};

// Global memory as a warp program sees it: 32-bit words by word address.
using VortexMemory = std::map<std::uint32_t, std::int32_t>;

struct VortexKernelEntry {
    std::string name, summary;
    vortex::WarpProgram program;
    std::vector<WorkloadParam> params;
    // Fills memory before the run (null: all zeros).
    std::function<void(VortexMemory&, const VortexGeometry&, const ParamMap&)> setup = nullptr;
    // Checks memory and the barrier releases after it (null: no checks).
    std::function<std::vector<VortexCheck>(const VortexMemory&, const VortexGeometry&,
                                           const ParamMap&,
                                           const std::vector<vortex::ReleaseRecord>&)>
        check = nullptr;
    std::vector<std::string> checks = {}; // the names `check` may report
};

// Where workloads are registered: the built-in registry, or syncsim's
// loader for a plugin's entries.
class WorkloadSink {
  public:
    virtual ~WorkloadSink() = default;
    virtual void add(KernelEntry kernel) = 0;
    virtual void add(HostEntry host) = 0;
    virtual void add(VortexKernelEntry kernel) = 0;
};

} // namespace syncsim
