// The plugin ABI: how a shared library gives syncsim its kernels and host
// programs. docs/plugins.md explains it; this header is the whole contract.
//
// A plugin defines exactly one entry point with C linkage,
//
//     extern "C" const syncsim::PluginInfo* syncsim_plugin();
//
// (the SYNCSIM_PLUGIN macro below writes it). syncsim loads the library
// (dlopen), finds `syncsim_plugin`, and reads `api_version` before anything
// else: a plugin built against another version of this header is refused
// with both numbers, since the layout of what follows may differ. It then
// hands the plugin its resolver for the running kernel (so the vendor-style
// free functions of syncsim/cce.hpp reach the right core) and calls
// `register_workloads` once with a WorkloadSink that takes KernelEntry and
// HostEntry values (syncsim/workload.hpp): names, summaries, functions,
// parameters with types, defaults, ranges or choices and meanings, and the
// buffers the default host program allocates for a kernel. A name that a
// built-in or another loaded plugin already has, or an exception thrown
// from `register_workloads`, is an error naming the plugin.
//
// The plugin and syncsim exchange C++ objects (std::string, std::function),
// so a plugin must be built with the same compiler and C++ library as
// syncsim (Debian's g++ and libstdc++, C++17): the installed CMake package
// (find_package(syncsim)) and pkg-config file (syncsim.pc) set that up.
#pragma once

#include "syncsim/current_kernel.hpp"
#include "syncsim/workload.hpp"

// The version of this ABI. It changes whenever anything a plugin and syncsim
// exchange changes: this header, workload.hpp, kernel_api.hpp, host_api.hpp
// or the types they use.
#define SYNCSIM_PLUGIN_API_VERSION 10

namespace syncsim {

struct PluginInfo {
    int api_version;  // SYNCSIM_PLUGIN_API_VERSION when the plugin was built
    const char* name; // for messages and `syncsim list workloads --plugin`
    void (*set_kernel_resolver)(CurrentKernelResolver resolver);
    void (*register_workloads)(WorkloadSink& sink);
};

} // namespace syncsim

#define SYNCSIM_PLUGIN_ENTRY_NAME "syncsim_plugin"

// SYNCSIM_PLUGIN(name) { sink.add(KernelEntry{...}); ... } defines the entry
// point and the registration body (its parameter is `sink`).
#define SYNCSIM_PLUGIN(plugin_name)                                                                \
    static void syncsim_plugin_register_workloads(::syncsim::WorkloadSink& sink);                  \
    static void syncsim_plugin_set_kernel_resolver(::syncsim::CurrentKernelResolver resolver) {    \
        ::syncsim::current_kernel_resolver() = resolver;                                           \
    }                                                                                              \
    extern "C" __attribute__((visibility("default"))) const ::syncsim::PluginInfo*                 \
    syncsim_plugin() {                                                                             \
        static const ::syncsim::PluginInfo info = {SYNCSIM_PLUGIN_API_VERSION, plugin_name,        \
                                                   syncsim_plugin_set_kernel_resolver,             \
                                                   syncsim_plugin_register_workloads};             \
        return &info;                                                                              \
    }                                                                                              \
    static void syncsim_plugin_register_workloads(::syncsim::WorkloadSink& sink)
