// The L2 timing the memory model tests are written against (1 GHz: cycles
// are ns): a 10-cycle hop, 5-cycle hit, 100-cycle miss penalty, 128-byte
// lines, 512-byte same-address ranges, 20-cycle atomics, uncached reads that
// hold their range 30 cycles and answer 30 cycles after they start.
#pragma once

#include "models/core/pipe_set.hpp"
#include "models/core/poll_engine.hpp"
#include "models/memory/l2_cache.hpp"
#include "tests/support/core_units.hpp"

namespace syncsim::test {

inline L2Params l2_params() {
    L2Params p;
    p.gm_base = 0x1000;
    p.gm_bytes = 1 << 20;
    p.line_bytes = 128;
    p.size_bytes = 1 << 16;
    p.serialize_bytes = 512;
    p.hop_cycles = 10;
    p.access_cycles = 5;
    p.miss_extra_cycles = 100;
    p.bytes_per_cycle = 64;
    p.atomic_cycles = 20;
    p.uncached_read_occupancy = 30;
    p.uncached_read_latency = 30;
    return p;
}

// One core's units whose GM path leads to an L2 of their own, for tests of
// a core's parts that need a bound GM path but do not use it much.
struct CoreOnL2 {
    SparseStore gm;
    L2Cache l2;
    CoreUnits units;
    CoreOnL2(const char* name, int id, const Clock& clock)
        : l2("l2", l2_params(), clock, gm), units(name, id, clock) {
        units.memory.link().socket.bind(l2.target);
    }
};

// The same with the core's pipes (its local buffers and DMA) and its poll
// engine, whose sleeping polls go to that L2.
struct CorePipesOnL2 : CoreOnL2 {
    PipeSet pipes;
    PollEngine polls;
    CorePipesOnL2(const char* name, int id, const Clock& clock)
        : CoreOnL2(name, id, clock),
          pipes(units, units.config, units.time, units.activity, units.memory),
          polls(units.config, units.time, units.activity, units.memory, pipes) {
        polls.set_poll_sleep(&l2);
    }
};

} // namespace syncsim::test
