// A hand-written GM barrier of 8 AIV blocks, as hw-native-sys/simpler's
// merge_pipeline_barrier example ran it on a2a3 (PR #1442, commit
// cc650a470, examples/a2a3/tensormap_and_ringbuffer/merge_pipeline_barrier/
// kernels/aiv/merge_pipeline.cpp:63-117, its gaps taken at :182-195):
//   counter  dsb; set_st_atomic_cfg(S32, SUM); dcci; st_atomic(+1); dcci;
//            dsb; then ld_dev of the counter until it reaches epoch x 8
//            (never reset: barrier 2 waits for 16); dsb
//   slots    dsb; st_dev of the block's own slot (epoch); ld_dev of each of
//            the 8 slots in turn until it reaches epoch; dsb
// The 8 int32 slots (and the counter, slot 0) share one 64-byte line. Each
// block takes get_sys_cnt on both sides of each barrier; the blocks arrive
// together here (the example's stages before each barrier aside), so every
// gap is the barrier itself: the example's "mechanism" figure.
#include "workloads/probes/probe_support.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

constexpr std::int64_t kBlocks = 8;
constexpr GmAddr kGaps = 64; // per block, per barrier: 8 bytes

void barrier(KernelContext& k, GmAddr sync, bool counter, std::int32_t epoch) {
    k.dsb(DSB_DDR);
    if (counter) {
        k.set_st_atomic_cfg(AtomicType::S32, AtomicOp::Sum);
        k.dcci(sync, SINGLE_CACHE_LINE);
        k.st_atomic<std::int32_t>(1, sync);
        k.dcci(sync, SINGLE_CACHE_LINE);
        k.dsb(DSB_DDR);
        while (k.ld_dev<std::int32_t>(sync) < epoch * static_cast<std::int32_t>(kBlocks)) {
        }
    } else {
        k.st_dev<std::int32_t>(epoch, sync, k.get_block_idx());
        for (std::int64_t j = 0; j < kBlocks; ++j)
            while (k.ld_dev<std::int32_t>(sync, j) < epoch) {
            }
    }
    k.dsb(DSB_DDR);
}

void gm_barrier(KernelContext& k) {
    const GmAddr gm = k.arg(0);
    const bool counter = k.arg(1) != 0;
    const GmAddr gaps = gm + kGaps + static_cast<GmAddr>(k.get_block_idx()) * 16;
    for (std::int32_t epoch = 1; epoch <= 2; ++epoch) {
        const std::uint64_t before = k.get_sys_cnt();
        barrier(k, gm, counter, epoch);
        k.st_dev<std::uint64_t>(k.get_sys_cnt() - before, gaps, epoch - 1);
    }
}

void gm_barrier_host(HostApi& host) {
    const bool counter = std::get<std::string>(host.param("variant")) == "counter";
    const GmAddr gm = host.malloc(kGaps + kBlocks * 16, "sync");
    host.memset(gm, 0, kGaps + kBlocks * 16);
    host.launch(host.default_stream(), probes::probe_launch(host, "gm_barrier_probe_kernel", false,
                                                            kBlocks, {gm, counter ? 1u : 0u}));
    host.check("the probe's kernels ran", host.synchronize_stream(host.default_stream()) == 0,
               "the AICore stream");
    probes::measure_ticks(host, "gap", host.read_array<std::uint64_t>(gm + kGaps, 2 * kBlocks),
                          std::string("a block's gap around the ") +
                              (counter ? "single-counter" : "8-slot") + " barrier");
}

} // namespace

void register_gm_barrier_probe(WorkloadRegistry& r) {
    r.add(KernelEntry{"gm_barrier_probe_kernel",
                      "8 AIV blocks through two hand-written GM barriers",
                      gm_barrier,
                      {},
                      {},
                      "gm_barrier_probe"});
    r.add(HostEntry{"gm_barrier_probe",
                    "times simpler's hand-written GM barriers (counter or 8 slots) on 8 AIV",
                    gm_barrier_host,
                    {choice_param("variant", "counter",
                                  "counter (one st_atomic counter) or slots (8 st_dev slots)",
                                  {"counter", "slots"})},
                    nullptr,
                    {"the probe's kernels ran", "gap sampled"}});
}

} // namespace syncsim
