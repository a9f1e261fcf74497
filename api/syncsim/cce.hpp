// Kernel code in the vendor's spelling for the g++ path: the compiler's
// builtins (syncsim/cce_builtins.hpp: intrinsics, constants, GM_ADDR,
// gm_ptr<T>), syncsim's own re-implementation of PTO's SYNCALL (the
// built-in reference, syncsim/pto/syncall.hpp) under the vendor's names in
// namespace syncsim::pto, and
// vendor_kernel<fn>, which turns `void k(GM_ADDR a, ...)` into a KernelFn.
//
// Kernels compiled with clang and syncsim's pass (syncsim_add_kernel) get
// the builtins without this header and use the vendor's own SYNCALL from a
// pto-isa checkout: this header's SYNCALL, SyncAllMode, SyncCoreType and
// getFFTSMsg are the vendor library's names, kept out of the global
// namespace so they cannot collide with the vendor's `pto::` ones.
#pragma once

#include "syncsim/cce_builtins.hpp"
#include "syncsim/pto/syncall.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

namespace syncsim {

// A vendor-style kernel `void k(GM_ADDR a, GM_ADDR b, ...)` as a KernelFn:
// argument i is the i-th kernel argument (a buffer address, or an integer).
namespace detail {
template <typename T>
struct is_gm_ptr : std::false_type {};
template <typename T>
struct is_gm_ptr<gm_ptr<T>> : std::true_type {};

template <typename Arg>
Arg kernel_arg(KernelContext& k, std::size_t i) {
    // With g++, `__gm__` means nothing: a `__gm__ T*` parameter would be a
    // host pointer made from a device address, and the first store through
    // it would write the simulator's own memory.
    static_assert(!std::is_pointer_v<Arg>,
                  "syncsim: a kernel parameter is a raw pointer (`__gm__ T*`); with g++ it "
                  "would point into host memory: declare it GM_ADDR or gm_ptr<T>");
    static_assert(std::is_integral_v<Arg> || is_gm_ptr<Arg>::value,
                  "syncsim: a kernel parameter must be GM_ADDR, gm_ptr<T> or an integer");
    if constexpr (std::is_integral_v<Arg>)
        return static_cast<Arg>(k.arg(i));
    else
        return Arg(k.arg(i));
}
template <typename... Args, std::size_t... I>
void call_kernel(void (*fn)(Args...), KernelContext& k, std::index_sequence<I...>) {
    fn(kernel_arg<Args>(k, I)...);
}
template <typename... Args>
constexpr std::size_t arity(void (*)(Args...)) {
    return sizeof...(Args);
}
} // namespace detail

template <auto Fn>
void vendor_kernel(KernelContext& k) {
    detail::call_kernel(Fn, k, std::make_index_sequence<detail::arity(Fn)>{});
}

} // namespace syncsim

// ---- PTO's SYNCALL (pto-syncall.md 1.1): hard, and soft with a workspace.
// In namespace syncsim::pto, not the global one: the vendor's own are in
// `pto`, and a source that also sees them (`using namespace pto;`) must not
// find two of each. Write `using namespace syncsim::pto;` where the vendor
// writes `using namespace pto;`.
namespace syncsim::pto {
using SyncAllMode = syncsim::lib::SyncAllMode;
using SyncCoreType = syncsim::lib::SyncCoreType;
using syncsim::lib::getFFTSMsg;

template <SyncCoreType CoreType = SyncCoreType::AIVOnly>
void SYNCALL() {
    syncsim::lib::SYNCALL<CoreType>(syncsim::current_kernel());
}
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData>
void SYNCALL(GlobalData& gmWorkspace, std::int32_t usedCores = 0) {
    syncsim::lib::SYNCALL<Mode, CoreType>(syncsim::current_kernel(), gmWorkspace.address(),
                                          usedCores);
}
} // namespace syncsim::pto
