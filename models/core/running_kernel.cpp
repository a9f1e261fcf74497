#include "models/core/running_kernel.hpp"

#include "models/core/teardown_kernel.hpp"
#include "syncsim/current_kernel.hpp"

#include <exception>
#include <memory>

#include <unordered_map>

namespace syncsim {

namespace {
std::unordered_map<const sc_core::sc_object*, KernelContext*>& kernels_by_process() {
    static std::unordered_map<const sc_core::sc_object*, KernelContext*> kernels;
    return kernels;
}
} // namespace

void RunningKernels::enter(const sc_core::sc_object* process, KernelContext* kernel) {
    kernels_by_process()[process] = kernel;
    current_kernel_resolver() = running_kernel;
}

void RunningKernels::leave(const sc_core::sc_object* process) {
    kernels_by_process().erase(process);
}

KernelContext* running_kernel() {
    const sc_core::sc_process_handle process = sc_core::sc_get_current_process_handle();
    if (!process.valid()) return nullptr;
    const auto& kernels = kernels_by_process();
    const auto it = kernels.find(process.get_process_object());
    if (it == kernels.end()) return nullptr;
    // While an exception leaves the kernel (a kill of its core, a fault),
    // its destructors run its last calls: they reach a context that does
    // nothing (teardown_kernel.hpp). One unwinding runs at a time: the
    // others' processes are suspended.
    if (std::uncaught_exceptions() > 0 || sc_core::sc_is_unwinding()) {
        static std::unique_ptr<TeardownKernel> teardown;
        static const sc_core::sc_object* unwinding = nullptr;
        if (!teardown || unwinding != process.get_process_object()) {
            teardown = std::make_unique<TeardownKernel>(*it->second);
            unwinding = process.get_process_object();
        }
        return teardown.get();
    }
    return it->second;
}

} // namespace syncsim
