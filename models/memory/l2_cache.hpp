// The L2: the coherence point every core-side access reaches over TLM-2.0.
// It holds no separate copy of the data (everything passes through it, so
// the backing store is the coherent value); it models timing: a tag store
// for hits and misses, same-address ranges that each serve one request at a
// time (busy-until; MTE2, MTE3 and scalar requests to one 512-byte range are
// serialised, device-observations.md 5) while different ranges proceed in
// parallel, atomics executed in their range, and the polls of cores asleep in
// a poll loop (SleepingPolls), which hold their range as spinning polls
// would.
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/memory/extensions.hpp"
#include "models/memory/l2_params.hpp"
#include "models/memory/l2_poll.hpp"
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

// Where an L2 keeps the polls each sleeper of a range had answered by a
// moment, computed for all of them at once: the end-of-run result asks core
// by core, and the state cannot change in between (nothing runs once the
// run ended; the key holds the moment asked and the delta cycle it was
// asked in).
struct AnsweredPollsKey {
    std::uint64_t range;
    sc_core::sc_time at;
    std::uint64_t delta;
    bool operator<(const AnsweredPollsKey& o) const {
        return std::tie(range, at, delta) < std::tie(o.range, o.at, o.delta);
    }
};

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
    void serve_polls_before(const sc_core::sc_time& t);
    void set_write_observer(MemoryWriteObserver observer) { m_observer = std::move(observer); }
    // Traces how many requests wait for a busy range (sleeping polls aside); null: not traced.
    void set_queue_tracer(SignalTracer* tracer, int die);
    void set_provenance(WriteProvenance* provenance) { m_provenance = provenance; }
    void set_line_watch(LineWatch* watch) { m_line_watch = watch; }   // told of every write
    void set_write_observer(GmWriteObserver* race) { m_race = race; } // as each takes effect

    // PollSleep
    int sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
              std::optional<PollWake>& out) override;
    void cancel(std::uint64_t word, int ticket) override;
    std::uint64_t answered_before(std::uint64_t word, int ticket,
                                  const sc_core::sc_time& t) override;
    void read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) override;

  private:
    void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
    // The part of a request one range serves.
    struct Piece {
        std::uint64_t range = 0;
        sc_core::sc_time occupancy;
        std::uint64_t addr = 0, len = 0;
        sc_core::sc_time start; // set by the arbiter
    };
    struct Request {
        int port = 0;
        std::vector<Piece> pieces; // in address order; a poll or an atomic has one
        bool writes = false;       // a write or an atomic: polls after it see it
        sc_core::sc_event arbitrated;
    };
    struct Range {
        BusyUntil busy;
        SleepingPolls sleepers;
    };
    std::map<AnsweredPollsKey, std::map<int, std::uint64_t>> m_answered; // per sleeper, by a moment
    struct Waker {                                                       // a sleeper's core
        sc_core::sc_event* wake;
        std::optional<PollWake>* out;
    };
    std::uint64_t range_of(std::uint64_t addr) const { return addr / m_params.serialize_bytes; }
    Range& range(std::uint64_t index) { return m_ranges[index]; }
    // A request's pieces: one per range it covers, each holding its range for
    // its own bytes (an atomic: atomic_cycles, in the range of its address).
    std::vector<Piece> pieces_of(std::uint64_t addr, std::uint64_t len, bool atomic) const;
    // Requests that reached the L2 this instant take their ranges in port
    // order, the sleepers' polls merged in (l2_cache_arbiter.cpp).
    void arbitrate();
    void serve_sleepers(std::uint64_t range, const sc_core::sc_time& t, int port_bound);
    void reserve(Request& r, const sc_core::sc_time& now);
    void schedule_due();
    void due_reached();
    // The earliest moment a poll may still be served at: now, or a
    // sleeper's next arrival (PolledExtents settles writes before it).
    sc_core::sc_time earliest_poll() const;
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
    std::map<std::uint64_t, Range> m_ranges; // the ranges requests have reached
    std::set<std::uint64_t> m_sleeping;      // ranges with sleepers
    mutable L2Stats m_stats;
    L2DataPaths m_paths;
    MemoryWriteObserver m_observer;
    QueueDepthTrace m_queue_depth;
    WriteProvenance* m_provenance = nullptr;
    LineWatch* m_line_watch = nullptr;
    GmWriteObserver* m_race = nullptr;
    std::map<std::pair<std::uint64_t, int>, Waker> m_wakers; // (range, ticket)
    std::vector<Request*> m_arriving; // reached the L2 this instant, not yet arbitrated
    sc_core::sc_event m_arbitrate;
    sc_core::sc_event m_due; // a sleeper's poll must be served now
    bool m_due_scheduled = false;
};

} // namespace syncsim
