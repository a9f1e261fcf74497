// Hand-off between pipes of one core: MTE2 loads a tile, signals PIPE_V with
// set_flag, V computes once wait_flag is satisfied, MTE3 stores the result.
// A block that forgets its set_flag leaves PIPE_V waiting for ever, and the
// scalar unit waits for PIPE_V in pipe_barrier: a deadlock on one core that
// also holds the launch, the stream and the host. Crossed waits deadlock
// with a set_flag queued behind the wait on its source pipe.
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

void pipe_handoff(KernelContext& k) {
    const GmAddr in = k.arg(0), out = k.arg(1);
    const std::int64_t block = k.get_block_idx();
    const int bursts = static_cast<int>(k.param_int("tile_bursts"));
    const GmAddr offset = block * bursts * 32;
    k.copy_gm_to_ubuf(0, in + offset, 0, 1, bursts, 0, 0);
    // Crossed waits: MTE2 waits for a flag V sets only after MTE2's own
    // set_flag, which is queued on MTE2 behind that wait.
    const bool crossed = block == k.param_int("crossed_wait_block");
    if (crossed) k.wait_flag(Pipe::V, Pipe::MTE2, 2);
    if (block != k.param_int("forget_set_flag_block")) k.set_flag(Pipe::MTE2, Pipe::V, 0);
    k.wait_flag(Pipe::MTE2, Pipe::V, 0);
    if (crossed) k.set_flag(Pipe::V, Pipe::MTE2, 2);
    k.compute(Pipe::V, 128);
    k.set_flag(Pipe::V, Pipe::MTE3, 1);
    k.wait_flag(Pipe::V, Pipe::MTE3, 1);
    k.copy_ubuf_to_gm(out + offset, 0, 0, 1, bursts, 0, 0);
    k.pipe_barrier(Pipe::ALL);
}

} // namespace

void register_pipe_handoff(WorkloadRegistry& r) {
    auto tiles = [](std::int64_t blocks, const ParamMap& p) {
        return std::uint64_t(blocks) *
               static_cast<std::uint64_t>(std::get<std::int64_t>(p.at("tile_bursts"))) * 32;
    };
    r.add(KernelEntry{
        "pipe_handoff",
        "MTE2 -> V -> MTE3 through set_flag/wait_flag on each AIV",
        pipe_handoff,
        {{"forget_set_flag_block", std::int64_t{-1},
          "block that skips set_flag(MTE2, V, 0); -1 = none", -1, 1e6},
         {"crossed_wait_block", std::int64_t{-1},
          "block whose MTE2 waits for V before its set_flag to V (crossed waits); -1 = none", -1,
          1e6},
         {"tile_bursts", std::int64_t{8},
          "tile size in 32-byte DMA bursts (more than the UB holds is a fault)", 1, 65535}},
        {{"in", tiles}, {"out", tiles}}});
}

} // namespace syncsim
