// The plugin entry of a plugin built by syncsim_add_kernel: it registers
// every `__global__` kernel the pass found (kernel_registry.cpp) and, when
// the plugin has host sources with a `main()`, a host program named after
// the plugin that runs it. SYNCSIM_PLUGIN_NAME is the CMake target.
#include "kernel_registry.hpp"
#include "plugin_host.hpp"

#include "acl/acl.h"
#include "syncsim/plugin.hpp"

#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <iterator>
#include <stdexcept>
#include <string>
#include <typeinfo>

#ifndef SYNCSIM_PLUGIN_NAME
#error "SYNCSIM_PLUGIN_NAME: the plugin's name (syncsim_add_kernel sets it)"
#endif

// The host sources' main(), under the name the link gives it
// (--defsym=__syncsim_host_main=main); weak, so a plugin of kernels alone
// links. main() with no parameters ignores the two it is called with.
extern "C" __attribute__((weak)) int __syncsim_host_main(int argc, char** argv);

extern "C" syncsim::CurrentKernelResolver* __syncsim_current_kernel_resolver() {
    static syncsim::CurrentKernelResolver resolver = nullptr;
    return &resolver;
}

namespace syncsim::sdk {
namespace {

HostApi* g_running_host = nullptr;

// SystemC's kill, held while it crosses the user's frames as HostKilled.
std::exception_ptr& pending_kill() {
    static std::exception_ptr kill;
    return kill;
}

void run_host_main(HostApi& host) {
    g_running_host = &host;
    host_state() = AclHostState{};
    char name[] = SYNCSIM_PLUGIN_NAME;
    char* argv[] = {name, nullptr};
    int rc = 0;
    try {
        rc = __syncsim_host_main(1, argv);
    } catch (...) {
        g_running_host = nullptr;
        if (!host_killed()) throw;
    }
    g_running_host = nullptr;
    if (host_killed()) { // the run ended while main() waited: SystemC's kill goes on
        const std::exception_ptr kill = pending_kill();
        pending_kill() = nullptr;
        std::rethrow_exception(kill);
    }
    host.check("main returns 0", rc == 0, "main() returned " + std::to_string(rc));
}

std::string build_summary(const RegisteredKernel& kernel) {
    std::string sides = kernel.any                 ? "one build"
                        : kernel.aic && kernel.aiv ? "Mix: cube and vector builds"
                        : kernel.aic               ? "the cube side of a Mix build"
                                                   : "the vector side of a Mix build";
    if (!kernel.build.target.empty()) sides += ", " + kernel.build.target;
    if (kernel.build.meta != KernelMeta::None)
        sides += std::string(", kernel meta ") + to_string(kernel.build.meta);
    return "a __global__ kernel in the vendor's dialect (" + sides + ", " +
           std::to_string(kernel.nargs) + " arguments)";
}

void register_workloads(WorkloadSink& sink) {
    apply_kernel_metas();
    if (!registration_problems().empty()) {
        std::string all;
        for (const std::string& p : registration_problems()) all += (all.empty() ? "" : "; ") + p;
        throw std::runtime_error(all);
    }
    // A kernel that takes arguments is launched by the plugin's main(); a
    // config cannot pass them (without a main() nothing can: refused too).
    for (const RegisteredKernel& kernel : registered_kernels())
        sink.add(KernelEntry{kernel.name,
                             build_summary(kernel),
                             kernel.fn,
                             {},
                             {},
                             kernel.nargs > 0 ? std::string(SYNCSIM_PLUGIN_NAME) : ""});
    if (__syncsim_host_main)
        sink.add(HostEntry{SYNCSIM_PLUGIN_NAME,
                           "the plugin's host main(), with the ACL calls of acl/acl.h",
                           run_host_main,
                           {},
                           nullptr,
                           {"main returns 0"}});
}

void set_kernel_resolver(CurrentKernelResolver resolver) {
    current_kernel_resolver() = resolver;
}

} // namespace

bool host_killed() {
    return static_cast<bool>(pending_kill());
}

void note_host_killed() {
    pending_kill() = std::current_exception();
    throw HostKilled();
}

bool catching_systemc_kill() {
    // Named, not caught by type: the plugin is built without SystemC's headers.
    const std::type_info* type = abi::__cxa_current_exception_type();
    return type && std::strcmp(type->name(), "N7sc_core19sc_unwind_exceptionE") == 0;
}

HostApi& running_host() {
    if (!g_running_host) throw HostError("an ACL call outside the plugin's host program (main())");
    return *g_running_host;
}

bool AclHostState::is_device(const void* p, std::uint64_t bytes) const {
    const auto addr = static_cast<GmAddr>(reinterpret_cast<std::uintptr_t>(p));
    auto after = allocations.upper_bound(addr);
    if (after == allocations.begin()) return false;
    const auto& [start, size] = *std::prev(after);
    return addr - start + bytes <= size;
}

aclError AclHostState::take_launch_error(aclrtStream stream) {
    const auto found = launch_errors.find(stream);
    if (found == launch_errors.end()) return ACL_SUCCESS;
    const aclError rc = found->second;
    launch_errors.erase(found);
    return rc;
}

AclHostState& host_state() {
    static AclHostState state;
    return state;
}

} // namespace syncsim::sdk

aclError syncsim::sdk::launch_registered(const char* name, std::uint32_t block_dim,
                                         aclrtStream stream, std::vector<std::uint64_t> args) {
    HostApi& host = running_host();
    const RegisteredKernel* kernel = find_registered_kernel(name);
    if (!kernel) return ACL_ERROR_INVALID_PARAM;
    KernelLaunch launch;
    launch.kernel = name;
    launch.target = !kernel->build.target.empty() ? kernel->build.target
                    : kernel->any                 ? host.device().arch + "-vec"
                                                  : host.device().arch;
    launch.defines = kernel->build.defines;
    launch.meta = kernel->build.meta;
    launch.meta_aic = kernel->build.meta_aic;
    launch.meta_aiv = kernel->build.meta_aiv;
    launch.block_dim = block_dim;
    launch.args = std::move(args);
    StreamId id = host.default_stream();
    if (stream) {
        auto found = host_state().streams.find(stream);
        if (found == host_state().streams.end()) return ACL_ERROR_INVALID_PARAM;
        id = found->second;
    }
    return host.launch(id, launch);
}

extern "C" int __cudaPushCallConfiguration(std::uint32_t block_dim, void*, void* stream) {
    syncsim::sdk::host_state().pushed.push_back({block_dim, stream});
    return 0;
}

// The same, under the name clang uses when it finds no CUDA installation.
extern "C" int cudaConfigureCall(std::uint32_t block_dim, void* l2ctrl, void* stream) {
    return __cudaPushCallConfiguration(block_dim, l2ctrl, stream);
}

namespace {

// A <<<>>> launch: the configuration __cudaPushCallConfiguration pushed,
// and the kernel (`written` as the source spells it, for the message).
void launch_with_pushed(const syncsim::sdk::RegisteredKernel* kernel, const std::string& written,
                        const std::uint64_t* args, std::uint32_t nargs) {
    auto& state = syncsim::sdk::host_state();
    if (state.pushed.empty())
        throw syncsim::HostError("kernel " + written +
                                 " called from the host without <<<blocks, l2ctrl, stream>>>");
    const auto pushed = state.pushed.back();
    state.pushed.pop_back();
    if (!kernel)
        throw syncsim::HostError("<<<>>> launches '" + written +
                                 "', which is no __global__ kernel of this plugin");
    const aclError rc = syncsim::sdk::launch_registered(kernel->name.c_str(), pushed.block_dim,
                                                        pushed.stream, {args, args + nargs});
    if (rc != ACL_SUCCESS) state.launch_errors[pushed.stream] = rc;
}

} // namespace

extern "C" void __syncsim_launch_pushed(const char* kernel, const std::uint64_t* args,
                                        std::uint32_t nargs) {
    syncsim::sdk::host_call([&] {
        launch_with_pushed(syncsim::sdk::find_registered_kernel(kernel), kernel, args, nargs);
    });
}

extern "C" void __syncsim_launch_pushed_at(const void* kernel, const char* written,
                                           const std::uint64_t* args, std::uint32_t nargs) {
    syncsim::sdk::host_call([&] {
        launch_with_pushed(syncsim::sdk::find_registered_kernel_at(kernel), written, args, nargs);
    });
}

extern "C" __attribute__((visibility("default"))) const syncsim::PluginInfo* syncsim_plugin() {
    static const syncsim::PluginInfo info = {SYNCSIM_PLUGIN_API_VERSION, SYNCSIM_PLUGIN_NAME,
                                             syncsim::sdk::set_kernel_resolver,
                                             syncsim::sdk::register_workloads};
    return &info;
}
