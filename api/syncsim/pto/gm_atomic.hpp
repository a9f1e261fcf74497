// A GM atomic add as the PTO library writes it per arch: A5 has a returning
// atomicAdd; A2/A3 has only a fire-and-forget st_atomic, bracketed by dcci so
// no stale cached copy of the line is written back over it, and a dsb so it
// has landed before the core goes on.
#pragma once

#include "syncsim/kernel_api.hpp"

namespace syncsim::lib {

inline void gm_atomic_add(KernelContext& k, GmAddr counter, std::int32_t value) {
    if (k.has(Feature::ReturningAtomicAdd)) {
        k.atomicAdd<std::int32_t>(counter, value);
        return;
    }
    k.set_st_atomic_cfg(AtomicType::S32, AtomicOp::Sum);
    k.dcci(counter, SINGLE_CACHE_LINE);
    k.st_atomic<std::int32_t>(value, counter);
    k.dcci(counter, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
}

// Publishes a scalar store: write back the line and wait until it has landed.
template <typename T>
void publish(KernelContext& k, GmAddr addr, T value) {
    k.st<T>(addr, value);
    k.dcci(addr, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
}

} // namespace syncsim::lib
