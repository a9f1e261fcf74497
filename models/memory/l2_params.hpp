// One die's L2 parameters, read from a platform file (node die.l2); no SystemC here, so the
// platform and the driver include only this.
#pragma once

#include <cstdint>

namespace syncsim {

// One die's L2. gm_base and gm_bytes come from the device; the rest is
// declared here and bound from the platform tree (node die.l2).
struct L2Params {
    std::uint64_t gm_base = 0;
    std::uint64_t gm_bytes = 0;
    std::uint64_t size_bytes = 0;
    std::uint32_t line_bytes = 512;
    std::uint32_t serialize_bytes = 512;  // the same-address range
    double hop_cycles = 0;                // core <-> the L2 of its die, one way
    double access_cycles = 0;             // tag + data access on a hit
    double miss_extra_cycles = 0;         // added on a miss (HBM)
    double bytes_per_cycle = 64;          // range occupancy per request
    double atomic_cycles = 0;             // range occupancy of one atomic
    double uncached_read_occupancy = 0;   // range occupancy of one ld_dev
    double uncached_read_latency = 0;     // from its service start to its answer leaving
    double bandwidth_bytes_per_cycle = 0; // the die's data path, across every range
    double hbm_bytes_per_cycle = 0;       // the die's way to HBM (misses, ld_dev)
    // Lines interleave across the dies (this L2 sees every dies-th line).
    std::uint32_t dies = 1;

    template <typename Declare>
    void declare(Declare& d) {
        d(size_bytes, "bytes", "bytes", "L2 capacity of one die (LRU tag store)", 4096, 1e18);
        d(line_bytes, "line_bytes", "bytes", "L2 line: unit of hit/miss and of die interleaving",
          32, 4096);
        d(serialize_bytes, "serialize_bytes", "bytes",
          "requests to one aligned range of this many bytes are served one at a time; "
          "different ranges in parallel",
          32, 1 << 20);
        d(hop_cycles, "hop_cycles", "cycles",
          "one-way interconnect latency between a core and the L2 of its die (at least 1: the L2 "
          "arbitrates what arrives together)",
          1, 1e6);
        d(access_cycles, "access_cycles", "cycles", "L2 tag and data access on a hit", 0, 1e6);
        d(miss_extra_cycles, "miss_extra_cycles", "cycles", "added to an access that misses the L2",
          0, 1e6);
        d(bytes_per_cycle, "bytes_per_cycle", "B/cycle",
          "bytes one range serves per cycle (sets how long a request holds it)", 1, 1e6);
        d(atomic_cycles, "atomic_cycles", "cycles",
          "time an atomic holds its range (atomics on one range serialise)", 0, 1e6);
        d(uncached_read_occupancy, "uncached_read_occupancy_cycles", "cycles",
          "time an ld_dev (uncached read, polls included) holds its range", 1, 1e6);
        d(bandwidth_bytes_per_cycle, "bandwidth_bytes_per_cycle", "B/cycle",
          "what the L2 of a die moves per cycle across all its ranges together (every request's "
          "bytes cross it; co-running streams take a share)",
          1, 1e9);
        d(hbm_bytes_per_cycle, "hbm_bytes_per_cycle", "B/cycle",
          "the die's share of HBM bandwidth: what misses and uncached reads cross (co-running "
          "streams take a share)",
          1, 1e9);
        d(uncached_read_latency, "uncached_read_latency_cycles", "cycles",
          "from an ld_dev's service start to its answer leaving the L2 (the read of DDR); it "
          "reaches the core one hop after",
          1, 1e6);
    }
};

} // namespace syncsim
