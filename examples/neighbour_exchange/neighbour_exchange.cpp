// A kernel written the way CCE / PTO kernels are, and the host program that
// launches it. Every vector core publishes a value in its own 64-byte slot,
// all cores meet at a hand-written all-core barrier (an FFTS mode-0 sync, as
// PTO's SYNCALL<AIVOnly> sends it), and each then reads its right
// neighbour's slot.
//
// Two things can go wrong, and syncsim shows both:
// - On A2/A3 a plain vector build (no kernel meta) runs as an AIV_ONLY task,
//   which owns no FFTS context: the barrier's messages go nowhere and every
//   core waits for ever. The fix is the kernel meta MIX_AIV_MAIN
//   (`meta: mix_aiv_main`), which the runtime schedules as a MIX task. (A2/A3
//   also need the FFTS base address set in the kernel; this one does that.)
// - Each core looked at its neighbour's slot before anyone published (here
//   to show it; in real code a loop's first iteration does it), so the line
//   is in its non-coherent scalar cache. Without a dcci before the second
//   read it reads that stale line (`invalidate: false`).
// The first look is ordered before the neighbour's publication by a first
// barrier round, as a loop's previous iteration is: the correct kernel has
// no race for syncsim's race detector to report.
#include <syncsim/cce.hpp>
#include <syncsim/plugin.hpp>

#include <string>

namespace {

constexpr std::int64_t kSlotInts = 16; // one 64-byte cache line per block
constexpr std::int64_t kBarrierFlag = 14;

// The hand-written all-core barrier: an FFTS mode-0 sync on one flag.
__aicore__ void all_vector_cores_meet() {
    pipe_barrier(PIPE_ALL);
    syncsim::current_kernel().mark_barrier_round(); // simulator only: the round report
    ffts_cross_core_sync(PIPE_MTE3, syncsim::pto::getFFTSMsg(0, kBarrierFlag)); // all vector cores
    wait_flag_dev(kBarrierFlag);
    syncsim::current_kernel().mark_barrier_release();
}

extern "C" __global__ __aicore__ void neighbour_exchange(GM_ADDR slots_gm, GM_ADDR seen_gm,
                                                         std::uint64_t ffts_addr,
                                                         std::int64_t invalidate) {
    // A2/A3 count FFTS messages only after the kernel set the base address
    // the host got from rtGetC2cCtrlAddr; A5 has none (the host passes 0).
    if (ffts_addr) set_ffts_base_addr(ffts_addr);
    gm_ptr<std::int32_t> slots = (gm_ptr<std::int32_t>)slots_gm;
    gm_ptr<std::int32_t> seen = (gm_ptr<std::int32_t>)seen_gm;
    const std::int64_t me = get_block_idx();
    const std::int64_t right = (me + 1) % get_block_num();

    const std::int32_t early = slots[right * kSlotInts]; // caches the neighbour's line
    (void)early;
    all_vector_cores_meet(); // round 1: every core has looked before any publishes
    slots[me * kSlotInts] = static_cast<std::int32_t>(100 + me); // publish ...
    dcci(slots + me * kSlotInts, SINGLE_CACHE_LINE);             // ... write the line back
    dsb(DSB_DDR);                                                // ... and wait until it landed
    all_vector_cores_meet(); // round 2: every core has published

    if (invalidate) dcci(slots + right * kSlotInts, SINGLE_CACHE_LINE);
    seen[me * kSlotInts] = slots[right * kSlotInts];
    dcci(seen + me * kSlotInts, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

void exchange_host(syncsim::HostApi& host) {
    const std::int64_t blocks = host.param_int("blocks");
    const std::uint64_t bytes = static_cast<std::uint64_t>(blocks * kSlotInts * 4);
    const syncsim::GmAddr slots = host.malloc(bytes, "slots");
    const syncsim::GmAddr seen = host.malloc(bytes, "seen");
    host.memset(slots, 0, bytes);
    host.memset(seen, 0, bytes);

    syncsim::KernelLaunch launch;
    launch.kernel = "neighbour_exchange";
    launch.target = host.device().arch + "-vec";
    launch.meta = syncsim::kernel_meta_from_string(std::get<std::string>(host.param("meta")));
    launch.block_dim = blocks;
    std::uint64_t ffts_addr = 0;
    std::uint32_t ffts_len = 0;
    if (host.rtGetC2cCtrlAddr(&ffts_addr, &ffts_len) != 0) ffts_addr = 0; // 207000 on A5
    launch.args = {slots, seen, ffts_addr, host.param_bool("invalidate") ? 1u : 0u};
    host.launch(host.default_stream(), launch);
    const int rc = host.synchronize_stream(host.default_stream());
    host.check("the launch completes", rc == 0,
               "aclrtSynchronizeStream returned " + std::to_string(rc));

    const auto got = host.read_array<std::int32_t>(seen, static_cast<std::size_t>(bytes / 4));
    std::string wrong;
    for (std::int64_t b = 0; b < blocks; ++b) {
        const std::int32_t want = static_cast<std::int32_t>(100 + (b + 1) % blocks);
        if (got[b * kSlotInts] != want)
            wrong += " block " + std::to_string(b) + " read " + std::to_string(got[b * kSlotInts]) +
                     " (want " + std::to_string(want) + ")";
    }
    host.check("every block reads its right neighbour's value", wrong.empty(),
               wrong.empty() ? "all " + std::to_string(blocks) + " blocks" : wrong.substr(1));
}

} // namespace

SYNCSIM_PLUGIN("neighbour_exchange") {
    using syncsim::WorkloadParam;
    sink.add(syncsim::KernelEntry{"neighbour_exchange",
                                  "look at the neighbour's slot, meet, publish a slot, meet, "
                                  "read the neighbour's slot",
                                  &syncsim::vendor_kernel<neighbour_exchange>,
                                  {},
                                  {},
                                  "neighbour_exchange"}); // its host program passes the arguments
    sink.add(syncsim::HostEntry{
        "neighbour_exchange",
        "launches neighbour_exchange on every block and checks what each read",
        exchange_host,
        {{"blocks", std::int64_t{8}, "vector cores (blocks) that take part", 2, 4096},
         syncsim::choice_param("meta", "none", "the kernel meta of the vector build",
                               {"none", "mix_aiv_main"}),
         {"invalidate", true, "dcci the neighbour's line before reading it after the barrier"}},
        nullptr,
        {"the launch completes", "every block reads its right neighbour's value"}});
}
