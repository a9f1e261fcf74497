// FFTS mode 1 (V_SUBCORES_SYNC: the two AIVs of one cluster; cann B.4,
// pto-syncall.md 1.2): each AIV of a MIX 1:2 block publishes its slot, syncs
// with its sibling through mode 1 on one flag, then reads the sibling's slot.
// The cube side is empty. Without the sync (`sync: false`) the read races
// the sibling's store.
#include "syncsim/pto/gm_atomic.hpp"
#include "syncsim/pto/syncall.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

constexpr int kFlag = 5;     // a user flag (0-10)
constexpr GmAddr kLine = 64; // one slot per 64-byte line: no false sharing
constexpr int kSubcores = 2; // MIX 1:2

void subcore_sync(KernelContext& k) {
    const GmAddr slots = k.arg(0), out = k.arg(1), ffts_base = k.arg(2);
    if (k.core_type() != CoreType::AIV) return;
    if (ffts_base != 0) k.set_ffts_base_addr(ffts_base);
    const std::int64_t sub = k.get_subblockid();
    const std::int64_t me = k.get_block_idx() * kSubcores + sub;
    const std::int64_t sibling = me - sub + (1 - sub);
    // The second AIV's work before it publishes: siblings rarely finish
    // together, and without the sync the first reads too early.
    if (sub == 1) k.scalar_work(static_cast<double>(k.param_int("work_cycles")));
    lib::publish<std::int32_t>(k, slots + static_cast<GmAddr>(me) * kLine,
                               static_cast<std::int32_t>(me + 1));
    if (k.param_bool("sync")) {
        // extra_sets > 0: the misuse of setting a flag again and again
        // without a wait; past 15 the 4-bit counter overflows (cann B.4).
        for (std::int64_t s = 0; s <= k.param_int("extra_sets"); ++s)
            k.ffts_cross_core_sync(Pipe::S, lib::getFFTSMsg(1, kFlag));
        k.wait_flag_dev(kFlag);
    }
    const std::int32_t seen = k.ld_dev<std::int32_t>(slots + static_cast<GmAddr>(sibling) * kLine);
    lib::publish<std::int32_t>(k, out + static_cast<GmAddr>(me) * kLine, seen);
}

void subcore_sync_host(HostApi& host) {
    const std::int64_t blocks = host.param_int("blocks");
    const std::uint64_t bytes = static_cast<std::uint64_t>(blocks * kSubcores) * kLine;
    const GmAddr slots = host.malloc(bytes, "slots");
    const GmAddr out = host.malloc(bytes, "out");
    host.memset(slots, 0, bytes);
    host.memset(out, 0, bytes);
    const std::uint64_t ffts_base = ffts_base_if_needed(host);
    KernelLaunch launch;
    launch.kernel = "subcore_sync";
    launch.target = host.device().arch; // a MIX build: auto-split 1:2
    launch.block_dim = blocks;
    launch.args = {slots, out, ffts_base};
    const int rc = host.launch(host.default_stream(), launch);
    const int sync = rc ? rc : host.synchronize_stream(host.default_stream());
    host.check("stream synchronises", sync == 0,
               "aclrtSynchronizeStream returned " + std::to_string(sync));
    int wrong = 0;
    std::string first;
    for (std::int64_t i = 0; i < blocks * kSubcores; ++i) {
        const std::int64_t sibling = i - i % 2 + (1 - i % 2);
        const std::int32_t seen =
            host.read_array<std::int32_t>(out + static_cast<GmAddr>(i) * kLine, 1)[0];
        if (seen == sibling + 1) continue;
        if (wrong++ == 0)
            first = ": aiv slot " + std::to_string(i) + " read " + std::to_string(seen) +
                    ", its sibling wrote " + std::to_string(sibling + 1);
    }
    host.check("each AIV reads its sibling's slot after the mode-1 sync", wrong == 0,
               std::to_string(wrong) + " wrong" + first);
}

} // namespace

void register_subcore_sync(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = {
        {"blocks", std::int64_t{4}, "MIX 1:2 blocks (each one AIC and two AIVs)", 1,
         static_cast<double>(kMaxBlockDim)},
        {"sync", true, "the AIVs sync through FFTS mode 1 before reading the sibling's slot"},
        {"extra_sets", std::int64_t{0},
         "the sync message sent this many more times before the one wait (a misuse: past 15 "
         "pending sets the flag counter overflows)",
         0, 64},
        {"work_cycles", std::int64_t{500},
         "the work subblock 1 does before it publishes its slot (subblock 0 publishes at once)", 0,
         1e9},
    };
    r.add(KernelEntry{"subcore_sync",
                      "FFTS mode 1 between the two AIVs of a cluster",
                      subcore_sync,
                      params,
                      {},
                      "subcore_sync"});
    r.add(HostEntry{
        "subcore_sync",
        "MIX 1:2 blocks: each AIV reads its sibling's slot after a mode-1 sync",
        subcore_sync_host,
        params,
        nullptr,
        {"stream synchronises", "each AIV reads its sibling's slot after the mode-1 sync"}});
}

} // namespace syncsim
