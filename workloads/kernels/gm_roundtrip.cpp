// The quickstart workload: every AIV block moves a tile GM -> UB by DMA,
// changes its first word with the scalar unit, moves it back UB -> GM, then
// publishes a per-block flag with a scalar store + dcci + dsb and counts
// itself in a shared counter with the platform's atomic (or, to show what
// A5 source does on A2/A3, always with a returning atomicAdd). Repeated
// `iterations` times, it keeps the memory system busy (the benchmark uses it).
#include "syncsim/cce.hpp"
#include "syncsim/pto/gm_atomic.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

constexpr int kTileBytes = 1024;
constexpr int kTileInts = kTileBytes / 4;
constexpr int kTileBursts = kTileBytes / 32;
constexpr int kFlagStrideWords = 16; // one 64-byte line per block

// Written as a CCE kernel is (syncsim/cce.hpp); only its parameters, which a
// device kernel would get from its tiling, come from the simulator.
void gm_roundtrip(GM_ADDR in_gm, GM_ADDR out_gm, GM_ADDR flags_gm, GM_ADDR counter_gm) {
    KernelContext& sim = current_kernel();
    const std::int64_t iterations = sim.param_int("iterations");
    // Source written for A5 calls atomicAdd whatever it runs on; an arch
    // without a returning add faults on it.
    const bool returning_add = std::get<std::string>(sim.param("counter_atomic")) == "atomic_add";
    const std::int64_t block = get_block_idx();
    const gm_ptr<std::int32_t> tile_in = (gm_ptr<std::int32_t>)in_gm + block * kTileInts;
    const gm_ptr<std::int32_t> tile_out = (gm_ptr<std::int32_t>)out_gm + block * kTileInts;
    const gm_ptr<std::int32_t> flag = (gm_ptr<std::int32_t>)flags_gm + block * kFlagStrideWords;
    const gm_ptr<std::int32_t> counter = (gm_ptr<std::int32_t>)counter_gm;
    const ub_ptr<std::int32_t> tile(0);
    for (std::int64_t it = 0; it < iterations; ++it) {
        copy_gm_to_ubuf(tile, tile_in, 0, 1, kTileBursts, 0, 0);
        set_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_S, EVENT_ID0);
        tile[0] = tile[0] + 1;
        compute(PIPE_V, 64);
        set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
        wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
        copy_ubuf_to_gm(tile_out, tile, 0, 1, kTileBursts, 0, 0);
        pipe_barrier(PIPE_MTE3);
        flag[0] = static_cast<std::int32_t>(it + 1); // publish: store, write back, wait
        dcci(flag, SINGLE_CACHE_LINE);
        dsb(DSB_DDR);
        if (returning_add)
            atomicAdd(counter, 1);
        else
            lib::gm_atomic_add(sim, counter.address(), 1);
    }
}

void roundtrip_host(HostApi& host) {
    const std::int64_t blocks = host.param_int("block_dim");
    const std::int64_t iterations = host.param_int("iterations");
    const std::uint64_t tile_words = kTileBytes / 4;
    const GmAddr in = host.malloc(blocks * kTileBytes, "in");
    const GmAddr out = host.malloc(blocks * kTileBytes, "out");
    const GmAddr flags = host.malloc(blocks * 64, "flags");
    const GmAddr counter = host.malloc(64, "counter");
    std::vector<std::int32_t> data(blocks * tile_words);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::int32_t>(i);
    host.write(in, data.data(), data.size() * 4);
    host.memset(out, 0, blocks * kTileBytes);
    host.memset(flags, 0, blocks * 64);
    host.memset(counter, 0, 64);
    host.trace_word("counter", counter);
    host.trace_word("flag0", flags);

    KernelLaunch launch;
    launch.kernel = "gm_roundtrip";
    launch.target = host.device().arch + "-vec";
    launch.block_dim = blocks;
    launch.args = {in, out, flags, counter};
    host.launch(host.default_stream(), launch);
    const int rc = host.synchronize_stream(host.default_stream());
    host.check("launch succeeds", rc == 0, "aclrtSynchronizeStream returned " + std::to_string(rc));

    const auto result = host.read_array<std::int32_t>(out, data.size());
    std::int64_t wrong = 0, first_wrong = -1;
    for (std::size_t i = 0; i < result.size(); ++i) {
        const std::int32_t want = data[i] + (i % tile_words == 0 ? 1 : 0);
        if (result[i] != want && wrong++ == 0) first_wrong = static_cast<std::int64_t>(i);
    }
    host.check("tiles copied, first word incremented", wrong == 0,
               wrong ? std::to_string(wrong) + " words wrong, first at out[" +
                           std::to_string(first_wrong) + "]"
                     : "all " + std::to_string(result.size()) + " words match");
    const auto count = host.read_array<std::int32_t>(counter, 1)[0];
    host.check("atomic counter == blocks x iterations", count == blocks * iterations,
               "counter " + std::to_string(count) + ", expected " +
                   std::to_string(blocks * iterations));
}

} // namespace

void register_gm_roundtrip(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = {
        {"iterations", std::int64_t{1}, "round trips per block", 1, 1e7},
        choice_param("counter_atomic", "arch",
                     "how blocks count: arch (the atomic the arch has, as PTO does) or "
                     "atomic_add (a returning add, as A5 source writes it)",
                     {"arch", "atomic_add"}),
    };
    auto per_block = [](std::uint64_t bytes) {
        return [bytes](std::int64_t blocks, const ParamMap&) { return bytes * blocks; };
    };
    r.add(KernelEntry{"gm_roundtrip",
                      "AIV blocks copy a tile through UB, publish a flag, count atomically",
                      &vendor_kernel<gm_roundtrip>,
                      params,
                      {{"in", per_block(kTileBytes)},
                       {"out", per_block(kTileBytes)},
                       {"flags", per_block(64)},
                       {"counter", [](std::int64_t, const ParamMap&) { return 64; }}}});
    auto host_params = params;
    host_params.push_back({"block_dim", std::int64_t{18}, "AIV blocks launched", 1,
                           static_cast<double>(kMaxBlockDim)});
    r.add(HostEntry{"gm_roundtrip",
                    "launches gm_roundtrip on the AIVs and checks every word",
                    roundtrip_host,
                    host_params,
                    nullptr,
                    {"launch succeeds", "tiles copied, first word incremented",
                     "atomic counter == blocks x iterations"},
                    // the input on the host and in GM, and the output the kernel writes
                    [](const DeviceInfo&, const ParamMap& p) {
                        return 3 * kTileBytes *
                               static_cast<std::uint64_t>(
                                   std::get<std::int64_t>(p.at("block_dim")));
                    }});
}

} // namespace syncsim
