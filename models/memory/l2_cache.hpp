// The L2: the coherence point every core-side access reaches over TLM-2.0.
// It holds no separate copy of the data (everything passes through it, so
// the backing store is the coherent value); it models timing: a tag store
// for hits and misses, same-address ranges that each serve one request at a
// time (busy-until; MTE2, MTE3 and scalar requests to one 512-byte range are
// serialised, device-observations.md 5) while different ranges proceed in
// parallel (its L2RangeArbiter), atomics executed in their range, and the
// polls of cores asleep in a poll loop (SleepingPolls), which hold their
// range as spinning polls would.
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/memory/extensions.hpp"
#include "models/memory/l2_params.hpp"
#include "models/memory/l2_poll.hpp"
#include "models/memory/l2_range_arbiter.hpp"
#include "models/memory/line_watch.hpp"
#include "models/memory/lru_index.hpp"
#include "models/memory/polled_extents.hpp"
#include "models/memory/queue_depth_trace.hpp"
#include "models/memory/shared_bandwidth.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/systemc/simulation_time.hpp"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tuple>
#include <vector>

namespace syncsim {

struct L2Stats {
    std::uint64_t reads = 0, writes = 0, atomics = 0, misses = 0;
    // ld_dev requests served (a fast-forwarded poll's skipped iterations are
    // not counted, so only whether any was is reported): whether the
    // uncached-read costs could matter to a run.
    std::uint64_t uncached_reads = 0;
    QueueTally queued; // how long requests (polls included) waited for a busy range
    // The most of the data path and of the way to HBM co-running streams took.
    double data_stream_peak = 0, hbm_stream_peak = 0;
};

// Called after a write or atomic changes memory (for tracing watched words).
using MemoryWriteObserver = std::function<void(std::uint64_t addr, std::uint64_t len)>;

class L2Cache : public sc_core::sc_module, public PollSleep {
  public:
    tlm_utils::multi_passthrough_target_socket<L2Cache> target;

    // `polled` is shared by the dies of a device (a poll and a write to its
    // extent may be served by different dies); null: this L2 keeps its own.
    L2Cache(sc_core::sc_module_name name, const L2Params& params, const Clock& clock,
            SparseStore& store, PolledExtents* polled = nullptr);

    const L2Stats& stats() const { return m_paths.peaks_into(m_stats); }
    const L2Params& params() const { return m_params; }
    double cycles(const sc_core::sc_time& t) const { return m_clock.to_cycles(t); }
    // At the end of a run: the sleeping cores' polls that arrived before `t`
    // are served, so the statistics count them as a spinning run would.
    void serve_polls_before(const sc_core::sc_time& t) { m_arbiter.serve_polls_before(t); }
    void set_write_observer(MemoryWriteObserver observer) { m_observer = std::move(observer); }
    // Traces how many requests wait for a busy range (sleeping polls aside); null: not traced.
    void set_queue_tracer(SignalTracer* tracer, int die);
    void set_provenance(WriteProvenance* provenance) { m_provenance = provenance; }
    void set_line_watch(LineWatch* watch) { m_line_watch = watch; }   // told of every write
    void set_write_observer(GmWriteObserver* race) { m_race = race; } // as each takes effect

    // PollSleep: its range arbiter keeps the sleepers.
    int sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
              std::optional<PollWake>& out) override {
        return m_arbiter.sleep(poll, wake, out);
    }
    void cancel(std::uint64_t word, int ticket) override { m_arbiter.cancel(word, ticket); }
    std::uint64_t answered_before(std::uint64_t word, int ticket,
                                  const sc_core::sc_time& t) override {
        return m_arbiter.answered_before(word, ticket, t);
    }
    void read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) override {
        m_store.read(addr, out, len);
    }

  private:
    void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    using Piece = L2RangeArbiter::Piece;
    using Request = L2RangeArbiter::Request;
    std::uint64_t range_of(std::uint64_t addr) const { return m_arbiter.range_of(addr); }
    // A request's pieces: one per range it covers, each holding its range for
    // its own bytes (an atomic: atomic_cycles, in the range of its address).
    std::vector<Piece> pieces_of(std::uint64_t addr, std::uint64_t len, bool atomic) const;
    // The arbiter's processes.
    void arbitrate() { m_arbiter.arbitrate(); }
    void due_reached() { m_arbiter.due_reached(); }
    void serve_poll(tlm::tlm_generic_payload& trans, PollExtension& poll, int port,
                    sc_core::sc_time& delay);
    // Waits for the arbiter, then for each piece's start (in time order), and
    // runs `at_piece` then.
    template <typename AtPiece>
    void serve_pieces(Request& request, AtPiece at_piece);
    void written(std::uint64_t addr, std::uint64_t len, int requester, const char* what,
                 const RequesterExtension* from, bool atomic);
    std::uint64_t landed(std::uint64_t word, const sc_core::sc_time& at) const {
        return m_polled->landed(word, at);
    }

    L2Params m_params;
    Clock m_clock;
    SparseStore& m_store;
    std::unique_ptr<PolledExtents> m_own_polled;
    PolledExtents* m_polled;
    LineTags m_tags;
    mutable L2Stats m_stats;
    L2DataPaths m_paths;
    MemoryWriteObserver m_observer;
    QueueDepthTrace m_queue_depth;
    WriteProvenance* m_provenance = nullptr;
    LineWatch* m_line_watch = nullptr;
    GmWriteObserver* m_race = nullptr;
    L2RangeArbiter m_arbiter;
};

} // namespace syncsim
