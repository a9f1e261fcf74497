// Other work that holds cores: each block keeps its core busy for
// `busy_cycles`. Launched on another stream before a barrier's launch, it
// leaves that launch fewer cores than blocks, so its blocks start in waves
// (device-observations.md 1-2). With `busy_gm_bytes_per_cycle`, each block
// also streams GM meanwhile (the buffer in arg 0), in DMA bursts of
// `busy_gm_burst_bytes`: load on the L2 and HBM that every other request
// shares, as a co-running operator's traffic (pto-isa #197's device ran a
// MoE dispatch beside its barrier).
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

void occupy(KernelContext& k) {
    const double cycles = static_cast<double>(k.param_int("busy_cycles"));
    const std::int64_t rate = k.param_int("busy_gm_bytes_per_cycle");
    if (rate > 0 && cycles > 0)
        k.stream_gm(k.arg(0), static_cast<std::uint64_t>(static_cast<double>(rate) * cycles),
                    static_cast<double>(rate),
                    static_cast<std::uint32_t>(k.param_int("busy_gm_burst_bytes")));
    k.scalar_work(cycles);
}

} // namespace

KernelFn occupy_kernel() {
    return occupy;
}

WorkloadParam occupy_cycles_param() {
    return {"busy_cycles", std::int64_t{0}, "cycles each block of the occupying kernel runs", 0,
            1ll << 50};
}

std::vector<WorkloadParam> occupy_traffic_params() {
    return {{"busy_gm_bytes_per_cycle", std::int64_t{0},
             "GM each block of the occupying kernel streams per cycle while it runs (co-running "
             "traffic on the L2 and HBM); 0 = none",
             0, 1 << 16},
            {"busy_gm_burst_bytes", std::int64_t{16384},
             "the DMA burst of that traffic (the vendor's best practice moves at least 16 KB a "
             "transfer for near-peak bandwidth)",
             32, 1 << 24}};
}

void register_occupy(WorkloadRegistry& r) {
    std::vector<WorkloadParam> params{occupy_cycles_param()};
    for (WorkloadParam& p : occupy_traffic_params()) params.push_back(std::move(p));
    r.add(KernelEntry{"occupy",
                      "holds each of its cores for busy_cycles (and streams GM)",
                      occupy,
                      std::move(params),
                      {}});
}

} // namespace syncsim
