// Other work that holds cores: each block keeps its core busy for
// `busy_cycles` and touches nothing else. Launched on another stream before a
// barrier's launch, it leaves that launch fewer cores than blocks, so its
// blocks start in waves (device-observations.md 1-2).
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

void occupy(KernelContext& k) {
    k.scalar_work(static_cast<double>(k.param_int("busy_cycles")));
}

} // namespace

KernelFn occupy_kernel() {
    return occupy;
}

WorkloadParam occupy_cycles_param() {
    return {"busy_cycles", std::int64_t{0}, "cycles each block of the occupying kernel runs", 0,
            1ll << 50};
}

void register_occupy(WorkloadRegistry& r) {
    r.add(KernelEntry{
        "occupy", "holds each of its cores for busy_cycles", occupy, {occupy_cycles_param()}, {}});
}

} // namespace syncsim
