// The `__global__` kernels of an instrumented plugin, as the pass's module
// constructors register them (__syncsim_register_kernel), with the build
// each side was compiled in: a Mix kernel has a cube and a vector build of
// one source, and the launch runs the one for the core it lands on.
#pragma once

#include "syncsim/instrumented_abi.h"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace syncsim::sdk {

// What a module's build info says (syncsim/vendor_kernel.hpp writes it).
struct KernelBuild {
    std::string side;   // aic, aiv, or empty for a one-build kernel
    std::string target; // dav-c220-vec, dav-c310, ...
    std::map<std::string, std::int64_t> defines;
    KernelMeta meta = KernelMeta::None;
    int meta_aic = 0, meta_aiv = 0;
};
KernelBuild parse_build_info(const char* info);

struct RegisteredKernel {
    std::string name;
    std::uint32_t nargs = 0;
    syncsim_kernel_thunk aic = nullptr, aiv = nullptr, any = nullptr;
    KernelBuild build; // the defines and meta both sides agree on
    KernelFn fn = nullptr;
    std::string meta_from = {}; // the .ascend.meta section its meta came from
};

// A `.ascend.meta.<kernel>` section as a module registered it.
struct KernelMetaSection {
    std::string kernel, lines;
};
std::vector<KernelMetaSection>& registered_metas();
// Gives each registered meta to the kernel it names (problems go to
// registration_problems()); called when syncsim registers the plugin.
void apply_kernel_metas();

// A KernelFn is a plain function pointer, so each registered kernel gets
// one of a fixed set of functions, the one that runs entry `index`.
constexpr std::size_t kMaxKernelsPerPlugin = 64;
KernelFn entry_for(std::size_t index);

// What went wrong while the module constructors registered (reported when
// syncsim registers the plugin, since a constructor cannot fail cleanly).
std::vector<std::string>& registration_problems();

// Whether `text` is longer than `tail` and ends with it (a kernel's side
// or tiling-key suffix).
bool ends_with(const std::string& text, const std::string& tail);

// The plugin's kernels, in registration order.
std::vector<RegisteredKernel>& registered_kernels();
const RegisteredKernel* find_registered_kernel(const std::string& name);
// The kernel whose function (in any module of the plugin) is at `address`.
const RegisteredKernel* find_registered_kernel_at(const void* address);

} // namespace syncsim::sdk
