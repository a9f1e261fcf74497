// The per-core parameters of a platform and the costs a core's steps take.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>

namespace syncsim {

struct CoreTiming { // cycles
    double scalar_op = 1;
    double cache_hit = 1;
    double dcci_clean = 1; // a dcci of a line that is absent or clean
    double dcci_dirty = 0; // what a dirty line adds: read out to the write buffer
    double dsb = 1;
    double pipe_issue = 1;
    double pipe_barrier = 1; // a pipe_barrier on pipes with nothing left to drain
    double dma_setup = 1;
    double scalar_gm_latency = 0;      // a scalar request's way to the L2, beyond the hop
    double dma_gm_read_latency = 0;    // an MTE read of GM: its way to the L2, beyond the hop
    double dma_gm_write_latency = 0;   // an MTE write of GM: likewise
    double local_bytes_per_cycle = 64; // L1 -> UB and L1 fill
    double sys_counter_read = 1;       // get_sys_cnt
    double vector_head = 10;           // a vector instruction: head + per repeat
    double vector_per_repeat = 2;
    double cube_head = 6; // a mad: head + per 16 x C0 x 16 step
    double cube_per_step = 1;
};

// What every core of a platform shares, bound from the platform tree (node
// die.cluster.core).
struct CoreParams {
    std::uint32_t ub_bytes = 0, l1_bytes = 0, l0a_bytes = 0, l0b_bytes = 0, l0c_bytes = 0;
    std::uint32_t cache_line_bytes = 64;
    std::uint64_t cache_bytes = 16384;
    int intra_core_flag_ids = 8;
    bool flush_cache_at_block_end = true;
    bool returning_atomic_add = false; // A5 atomicAdd; A2/A3 have st_atomic only
    bool byte_granular_dma = false;    // A5 copy_ubuf_to_gm_align_v2; A2/A3 32-byte blocks only
    CoreTiming timing;

    template <typename Declare>
    void declare(Declare& d) {
        d.choice(
            returning_atomic_add, "atomic_kind",
            "scalar atomic of the soft barrier: st_atomic (no return) or atomic_add (returns old)",
            {{"st_atomic", false}, {"atomic_add", true}});
        d.choice(byte_granular_dma, "dma_granularity",
                 "what a UB -> GM copy can move: 32-byte blocks only, or bytes as well "
                 "(copy_ubuf_to_gm_align_v2)",
                 {{"blocks_32", false}, {"bytes", true}});
        d(ub_bytes, "ub_bytes", "bytes", "unified buffer per AIV", 1024, 1 << 30);
        d(l1_bytes, "l1_bytes", "bytes", "L1 (cbuf) per AIC", 1024, 1 << 30);
        d(l0a_bytes, "l0a_bytes", "bytes", "L0A (the cube's left operand) per AIC", 1024, 1 << 30);
        d(l0b_bytes, "l0b_bytes", "bytes", "L0B (the cube's right operand) per AIC", 1024, 1 << 30);
        d(l0c_bytes, "l0c_bytes", "bytes", "L0C (the cube's accumulator) per AIC", 1024, 1 << 30);
        d(intra_core_flag_ids, "intra_core_flag_ids", "ids",
          "event ids of set_flag/wait_flag between pipes of one core", 1, 64);
        d(timing.scalar_op, "scalar_op_cycles", "cycles",
          "a scalar instruction without memory access", 0, 1e6);
        d(timing.dcci_clean, "dcci_clean_cycles", "cycles",
          "a dcci of one line that is absent or clean (a tag look-up and invalidate); a "
          "whole-cache "
          "dcci pays it once",
          0, 1e6);
        d(timing.dcci_dirty, "dcci_dirty_cycles", "cycles",
          "what each dirty line adds to a dcci: its bytes read out to the write buffer (the "
          "write-back then travels posted; a dsb waits for it to land)",
          0, 1e6);
        d(timing.dsb, "dsb_cycles", "cycles", "a dsb once the posted writes have landed", 0, 1e6);
        d(timing.pipe_issue, "pipe_issue_cycles", "cycles",
          "scalar-unit cost of issuing work to another pipe", 0, 1e6);
        d(timing.pipe_barrier, "pipe_barrier_cycles", "cycles",
          "a pipe_barrier once the pipes it waits for are drained (the poll loop's backoff "
          "barrier too)",
          0, 1e6);
        d(timing.dma_setup, "dma_setup_cycles", "cycles", "start-up of one MTE instruction", 0,
          1e6);
        d(timing.scalar_gm_latency, "scalar_gm_latency_cycles", "cycles",
          "what a scalar request to GM (a cache fill or write-back, ld_dev, st_dev, an atomic) "
          "adds on its way to the L2, beyond the hop (the load/store path, address translation)",
          0, 1e7);
        d(timing.dma_gm_read_latency, "dma_gm_read_latency_cycles", "cycles",
          "what an MTE read of GM (GM -> UB or L1) adds on its way to the L2, beyond the hop every "
          "request pays (descriptor, address translation, the path from the MTE)",
          0, 1e7);
        d(timing.dma_gm_write_latency, "dma_gm_write_latency_cycles", "cycles",
          "what an MTE write of GM (UB or L1 -> GM) adds on its way to the L2, beyond the hop", 0,
          1e7);
        d(timing.sys_counter_read, "sys_counter_read_cycles", "cycles",
          "a get_sys_cnt (the counter is sampled as it issues)", 0, 1e6);
        d(timing.local_bytes_per_cycle, "local_bytes_per_cycle", "B/cycle",
          "bandwidth of L1->UB moves and L1 fills", 1, 1e6);
        d(timing.vector_head, "vector_head_cycles", "cycles",
          "what a vector instruction takes beyond its repeats (issue to first result)", 0, 1e6);
        d(timing.vector_per_repeat, "vector_repeat_cycles", "cycles",
          "each 256-byte repeat of a vector instruction", 0, 1e6);
        d(timing.cube_head, "cube_head_cycles", "cycles",
          "what a mad takes beyond its steps (issue to first result)", 0, 1e6);
        d(timing.cube_per_step, "cube_step_cycles", "cycles",
          "each 16 x (32 bytes of k) x 16 step of a mad on 16-bit inputs; 32-bit inputs take "
          "twice",
          0, 1e6);
        d.group("scalar_cache", [&] {
            d(cache_line_bytes, "line_bytes", "bytes",
              "scalar data-cache line; dcci and write-back act on whole lines", 4, 4096);
            d(cache_bytes, "bytes", "bytes",
              "scalar data-cache capacity per core (fully associative, LRU)", 64, 1 << 24);
            d(timing.cache_hit, "hit_cycles", "cycles",
              "scalar load or store that hits the data cache", 0, 1e6);
            d(flush_cache_at_block_end, "flush_at_block_end", "",
              "the runtime cleans and invalidates the scalar cache when a block ends");
        });
    }
};

// One core: the shared parameters and where this core sits.
struct CoreConfig : CoreParams {
    CoreType type = CoreType::AIV;
    int index = 0;       // among cores of its type
    int soc_core_id = 0; // unique across the SoC: what FFTS, tracers and peers address it by
    int die = 0;
    bool fast_poll = true;       // sleep through polls that cannot see a change
    double sys_counter_mhz = 50; // the device's system counter (Platform::sys_counter_mhz)
    FeatureSet features;         // intrinsics the arch lacks fault
};

} // namespace syncsim
