// The L2: the coherence point every core-side access reaches over TLM-2.0.
// It holds no separate copy of the data (everything passes through it, so
// the backing store is the coherent value); it models timing: a tag store
// for hits and misses, address-interleaved slices that serve one request at
// a time (busy-until), and atomics executed in the slice.
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/memory/l2_sample.hpp"
#include "models/memory/lru_index.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/systemc/simulation_time.hpp"

#include <functional>
#include <map>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <vector>

namespace syncsim {

// One die's L2. gm_base and gm_bytes come from the device; the rest is
// declared here and bound from the platform tree (node die.l2).
struct L2Params {
    std::uint64_t gm_base = 0;
    std::uint64_t gm_bytes = 0;
    std::uint64_t size_bytes = 0;
    std::uint32_t line_bytes = 512;
    std::uint32_t slices = 1;
    double hop_cycles = 0;        // core <-> the L2 of its die, one way
    double access_cycles = 0;     // tag + data access on a hit
    double miss_extra_cycles = 0; // added on a miss (HBM)
    double bytes_per_cycle = 64;  // slice occupancy per request
    double atomic_cycles = 0;     // slice occupancy of one atomic
    // Lines interleave across the dies first (this L2 sees every dies-th
    // line), then across this die's slices.
    std::uint32_t dies = 1;

    template <typename Declare>
    void declare(Declare& d) {
        d(size_bytes, "bytes", "bytes", "L2 capacity of one die (LRU tag store)", 4096, 1e18);
        d(line_bytes, "line_bytes", "bytes", "L2 line: unit of hit/miss and of slice interleaving",
          32, 4096);
        d(slices, "slices", "slices",
          "independently busy L2 slices of one die, interleaved by L2 line", 1, 1024);
        d(hop_cycles, "hop_cycles", "cycles",
          "one-way interconnect latency between a core and the L2 of its die (at least 1: the L2 "
          "arbitrates what arrives together)",
          1, 1e6);
        d(access_cycles, "access_cycles", "cycles", "L2 tag and data access on a hit", 0, 1e6);
        d(miss_extra_cycles, "miss_extra_cycles", "cycles", "added to an access that misses the L2",
          0, 1e6);
        d(bytes_per_cycle, "bytes_per_cycle", "B/cycle",
          "bytes one slice serves per cycle (sets how long a request holds it)", 1, 1e6);
        d(atomic_cycles, "atomic_cycles", "cycles",
          "time an atomic holds its L2 slice (atomics on one line serialise)", 0, 1e6);
    }
};

struct L2Stats {
    std::uint64_t reads = 0, writes = 0, atomics = 0, misses = 0;
    double queue_cycles = 0;     // total time requests waited for a busy slice
    double max_queue_cycles = 0; // the longest such wait
};

// Called after a write or atomic changes memory (for tracing watched words).
using MemoryWriteObserver = std::function<void(std::uint64_t addr, std::uint64_t len)>;

class L2Cache : public sc_core::sc_module, public GmWatch {
  public:
    tlm_utils::multi_passthrough_target_socket<L2Cache> target;

    L2Cache(sc_core::sc_module_name name, const L2Params& params, const Clock& clock,
            SparseStore& store);

    const L2Stats& stats() const { return m_stats; }
    void set_write_observer(MemoryWriteObserver observer) { m_observer = std::move(observer); }
    void set_provenance(WriteProvenance* provenance) { m_provenance = provenance; }

    // GmWatch: words are watched from their first sample on.
    const sc_core::sc_event& write_event(std::uint64_t word) override {
        return watch(word).written;
    }
    std::uint64_t write_seq(std::uint64_t word) override { return watch(word).seq; }

  private:
    void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    void arbitrate();
    struct Request {
        int port;
        std::size_t slice;
        sc_core::sc_time occupancy;
        sc_core::sc_event granted;
    };
    double tag_latency_cycles(std::uint64_t addr, std::uint64_t len);
    void sample(tlm::tlm_generic_payload& trans, L2SampleExtension& obs, sc_core::sc_time& delay);
    void written(std::uint64_t addr, std::uint64_t len, int requester, const char* what);
    struct Watch {
        sc_core::sc_event written;
        std::uint64_t seq = 0;
    };
    Watch& watch(std::uint64_t word);

    L2Params m_params;
    Clock m_clock;
    SparseStore& m_store;
    LruIndex m_tags;
    std::vector<BusyUntil> m_slices;
    L2Stats m_stats;
    MemoryWriteObserver m_observer;
    WriteProvenance* m_provenance = nullptr;
    std::map<std::uint64_t, std::unique_ptr<Watch>> m_watches;
    std::vector<Request*> m_arriving; // reached the L2 this instant, not yet arbitrated
    sc_core::sc_event m_arbitrate;
};

} // namespace syncsim
