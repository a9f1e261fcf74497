// The L2 timing the memory model tests are written against (1 GHz: cycles
// are ns): a 10-cycle hop, 5-cycle hit, 100-cycle miss penalty, 128-byte
// lines over two slices, 20-cycle atomics, 30-cycle uncached reads.
#pragma once

#include "models/memory/l2_cache.hpp"

namespace syncsim::test {

inline L2Params l2_params() {
    L2Params p;
    p.gm_base = 0x1000;
    p.gm_bytes = 1 << 20;
    p.line_bytes = 128;
    p.size_bytes = 1 << 16;
    p.slices = 2;
    p.hop_cycles = 10;
    p.access_cycles = 5;
    p.miss_extra_cycles = 100;
    p.bytes_per_cycle = 64;
    p.atomic_cycles = 20;
    p.uncached_read_cycles = 30;
    return p;
}

} // namespace syncsim::test
