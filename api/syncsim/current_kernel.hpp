// The kernel context of the core whose kernel is running now, for code
// written with free functions (get_block_idx(), pipe_barrier(PIPE_ALL) ...)
// instead of a KernelContext argument. All SystemC processes share one OS
// thread, so "now" is the running SystemC process, which only the simulator
// can name: it installs a resolver here (and hands it to every plugin it
// loads, whose copy of this header has its own).
#pragma once

#include "syncsim/fault.hpp"
#include "syncsim/kernel_api.hpp"

namespace syncsim {

// Returns the running core's context, or null outside a kernel.
using CurrentKernelResolver = KernelContext* (*)();

#if defined(SYNCSIM_INSTRUMENTED_PLUGIN)
// In a plugin built by syncsim_add_kernel the one resolver lives in the
// plugin's runtime: the cube and vector builds of a Mix source keep their
// inline functions to themselves, and would each have their own copy.
extern "C" CurrentKernelResolver* __syncsim_current_kernel_resolver();
inline CurrentKernelResolver& current_kernel_resolver() {
    return *__syncsim_current_kernel_resolver();
}
#else
inline CurrentKernelResolver& current_kernel_resolver() {
    static CurrentKernelResolver resolver = nullptr;
    return resolver;
}
#endif

inline KernelContext& current_kernel() {
    KernelContext* k = current_kernel_resolver() ? current_kernel_resolver()() : nullptr;
    if (!k)
        throw KernelFault("a kernel intrinsic was called outside a kernel (no core is running "
                          "this SystemC process)");
    return *k;
}

} // namespace syncsim
