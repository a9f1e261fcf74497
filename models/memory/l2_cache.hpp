// The L2: the coherence point every core-side access reaches over TLM-2.0.
// It holds no separate copy of the data (everything passes through it, so
// the backing store is the coherent value); it models timing: a tag store
// for hits and misses, address-interleaved slices that serve one request at
// a time (busy-until), atomics executed in the slice, and the polls of cores
// asleep in a poll loop (SleepingPolls), which hold their slice as spinning
// polls would.
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/memory/l2_poll.hpp"
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
    double hop_cycles = 0;           // core <-> the L2 of its die, one way
    double access_cycles = 0;        // tag + data access on a hit
    double miss_extra_cycles = 0;    // added on a miss (HBM)
    double bytes_per_cycle = 64;     // slice occupancy per request
    double atomic_cycles = 0;        // slice occupancy of one atomic
    double uncached_read_cycles = 0; // slice occupancy of one ld_dev
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
        d(uncached_read_cycles, "uncached_read_cycles", "cycles",
          "time an ld_dev (uncached read, polls included) holds its L2 slice while the slice reads "
          "DDR for it; it is answered one hop after",
          1, 1e6);
    }
};

struct L2Stats {
    std::uint64_t reads = 0, writes = 0, atomics = 0, misses = 0;
    QueueTally queued; // how long requests (polls included) waited for a busy slice
};

// Called after a write or atomic changes memory (for tracing watched words).
using MemoryWriteObserver = std::function<void(std::uint64_t addr, std::uint64_t len)>;

class L2Cache : public sc_core::sc_module, public PollSleep {
  public:
    tlm_utils::multi_passthrough_target_socket<L2Cache> target;

    L2Cache(sc_core::sc_module_name name, const L2Params& params, const Clock& clock,
            SparseStore& store);

    const L2Stats& stats() const { return m_stats; }
    double cycles(const sc_core::sc_time& t) const { return m_clock.to_cycles(t); }
    // At the end of a run: the sleeping cores' polls that arrived before `t`
    // are served, so the statistics count them as a spinning run would.
    void serve_polls_before(const sc_core::sc_time& t);
    void set_write_observer(MemoryWriteObserver observer) { m_observer = std::move(observer); }
    void set_provenance(WriteProvenance* provenance) { m_provenance = provenance; }

    // PollSleep
    int sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
              std::optional<PollWake>& out) override;
    void cancel(std::uint64_t word, int ticket) override;
    std::uint64_t answered_before(std::uint64_t word, int ticket,
                                  const sc_core::sc_time& t) override;
    void read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) override;

  private:
    void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    struct Request {
        int port;
        std::size_t slice;
        sc_core::sc_time occupancy;
        sc_core::sc_event granted;
        std::uint64_t addr = 0, len = 0;
        bool writes = false;          // a write or an atomic: polls after it see it
        std::uint64_t seq_before = 0; // a poll: writes to its word taken before it
    };
    struct Slice {
        BusyUntil busy;
        SleepingPolls sleepers;
    };
    struct Waker { // a sleeper's core
        sc_core::sc_event* wake;
        std::optional<PollWake>* out;
    };
    std::size_t slice_of(std::uint64_t addr) const {
        return static_cast<std::size_t>((addr / m_params.line_bytes / m_params.dies) %
                                        m_slices.size());
    }
    // Requests that reached the L2 this instant take their slices in port
    // order, the sleepers' polls merged in (l2_cache_arbiter.cpp).
    void arbitrate();
    void serve_sleepers(std::size_t slice, const sc_core::sc_time& t, int port_bound);
    void reserve(Request& r, const sc_core::sc_time& now);
    void schedule_due();
    void due_reached();
    double tag_latency_cycles(std::uint64_t addr, std::uint64_t len);
    void serve_poll(tlm::tlm_generic_payload& trans, PollExtension& poll, int port,
                    sc_core::sc_time& delay);
    void written(std::uint64_t addr, std::uint64_t len, int requester, const char* what);
    // Writes taken by the slice to each polled word: a poll sees a write
    // iff the slice took the write before the poll.
    std::uint64_t& write_seq(std::uint64_t word) { return m_write_seq[word]; }

    L2Params m_params;
    Clock m_clock;
    SparseStore& m_store;
    LruIndex m_tags;
    std::vector<Slice> m_slices;
    L2Stats m_stats;
    MemoryWriteObserver m_observer;
    WriteProvenance* m_provenance = nullptr;
    std::map<std::uint64_t, std::uint64_t> m_write_seq;    // polled words from their first poll
    std::map<std::pair<std::size_t, int>, Waker> m_wakers; // (slice, ticket)
    std::vector<Request*> m_arriving; // reached the L2 this instant, not yet arbitrated
    sc_core::sc_event m_arbitrate;
    sc_core::sc_event m_due; // a sleeper's poll must be served now
    bool m_due_scheduled = false;
};

} // namespace syncsim
