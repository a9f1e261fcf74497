// PTO's SYNCALL signatures and the rest of syncsim/cce.hpp from a plugin:
// a kernel that runs a hard and a soft all-vector barrier, moves a tile
// through its unified buffer between pipes ordered by set_flag/wait_flag,
// and counts itself with the arch's atomic.
#include <syncsim/cce.hpp>
#include <syncsim/plugin.hpp>

using namespace syncsim::pto; // where the vendor writes `using namespace pto;`

namespace {

extern "C" __global__ __aicore__ void vendor_syncall(GM_ADDR workspace_gm, GM_ADDR tiles_gm,
                                                     GM_ADDR counter_gm) {
    gm_ptr<std::int32_t> workspace = (gm_ptr<std::int32_t>)workspace_gm;
    gm_ptr<std::int32_t> tiles = (gm_ptr<std::int32_t>)tiles_gm + get_block_idx() * 8;
    gm_ptr<std::int32_t> counter = (gm_ptr<std::int32_t>)counter_gm;
    ub_ptr<std::int32_t> ub(0);

    SYNCALL<SyncCoreType::AIVOnly>();                                // hard
    SYNCALL<SyncAllMode::Soft, SyncCoreType::AIVOnly>(workspace, 0); // soft, usedCores = blocks

    copy_gm_to_ubuf(ub, tiles, 0, 1, 1, 0, 0);
    set_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
    ub[0] = ub[0] + 1;
    set_flag(PIPE_S, PIPE_MTE3, EVENT_ID1);
    wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID1);
    copy_ubuf_to_gm(tiles, ub, 0, 1, 1, 0, 0);
    pipe_barrier(PIPE_ALL);

    if (syncsim::current_kernel().has(syncsim::Feature::ReturningAtomicAdd)) {
        atomicAdd(counter, 1);
    } else {
        set_st_atomic_cfg(ATOMIC_S32, ATOMIC_SUM);
        dcci(counter, SINGLE_CACHE_LINE);
        st_atomic(1, counter);
        dcci(counter, SINGLE_CACHE_LINE);
    }
    dsb(DSB_DDR);
}

std::uint64_t per_block(std::int64_t blocks, const syncsim::ParamMap&, std::uint64_t bytes) {
    return static_cast<std::uint64_t>(blocks) * bytes;
}

} // namespace

SYNCSIM_PLUGIN("vendor_syncall") {
    sink.add(syncsim::KernelEntry{
        "vendor_syncall",
        "hard and soft SYNCALL, a UB round trip and an atomic count, in the vendor's names",
        &syncsim::vendor_kernel<vendor_syncall>,
        {},
        {{"workspace", [](std::int64_t, const syncsim::ParamMap&) { return std::uint64_t{64}; }},
         {"tiles", [](std::int64_t b, const syncsim::ParamMap& p) { return per_block(b, p, 32); }},
         {"counter", [](std::int64_t, const syncsim::ParamMap&) { return std::uint64_t{64}; }}}});
}
