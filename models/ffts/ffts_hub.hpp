// The FFTS cross-core synchronisation hardware. Cores send message words
// (ffts_cross_core_sync) when their trigger pipe reaches them; the hub
// processes one message at a time, aggregates barrier arrivals per launch,
// and delivers flag sets back one target at a time. A launch without an FFTS
// context, or (on A2/A3) a core that never set the FFTS base address, sends
// into nothing: the message is dropped and recorded, and whoever waits for
// it waits for ever. A5 intra-block flags go straight from core to core in
// a cluster. Flag counters live here; cores wait on them.
#pragma once

#include "models/ffts/due_queue.hpp"
#include "models/ffts/ffts_params.hpp"
#include "models/ffts/flag_counter.hpp"
#include "models/ffts/sync_group.hpp"
#include "models/memory/busy_until.hpp"
#include "models/races/sync_observer.hpp"
#include "models/report/stats.hpp"
#include "models/report/trace_signals.hpp"
#include "models/report/wait_target.hpp"
#include "models/systemc/simulation_time.hpp"
#include "syncsim/core_types.hpp"

#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <tuple>
#include <vector>

namespace syncsim {

struct FftsSender {
    int core = 0;
    CoreType type = CoreType::AIV;
    int subblock = 0;
    std::uint64_t launch_id = 0;
    std::string kernel_type;
    std::shared_ptr<const BlockPeers> peers;
    std::shared_ptr<const FftsContext> context; // null: the launch owns none
    bool base_address_set = false;
};

enum class FlagSpace { Ffts, IntraBlock };

struct FftsRecord {
    std::uint64_t time_ps;
    std::string core;
    std::string what;
};

class FftsHub : public sc_core::sc_module {
  public:
    // The address rtGetC2cCtrlAddr returns on platforms that need it.
    static constexpr GmAddr kBaseAddress = 0x80000000ull;

    // `core_hop_cycles[c]`: what core c adds to the one-way signal path
    // (the die-to-die hop for a core on another die than the hub; empty: none).
    FftsHub(sc_core::sc_module_name name, const FftsParams& params, const Clock& clock,
            std::vector<std::string> core_names, std::vector<CoreType> core_types,
            const std::vector<double>& core_hop_cycles = {});

    struct Cell {
        explicit Cell(FlagCounter c) : counter(c) {}
        FlagCounter counter;
        sc_core::sc_event set;
    };

    // A message (or an intra-block flag set) leaving `from` now.
    // `sent`: what the sender released with it (the race detector; empty: off).
    void send(const FftsSender& from, std::uint64_t msg, const Release& sent = {});
    void set_intra_block(const FftsSender& from, int id);
    // The same, leaving at `at` (not before now): a core ahead of simulated
    // time posts what its pipe sends without waking to send it. Messages are
    // handled in the order they leave (ties: the order they were posted).
    // Throws KernelFault at once for what the core could never send.
    void post(std::shared_ptr<const FftsSender> from, std::uint64_t msg, const sc_core::sc_time& at,
              const Release& sent = {});
    void post_intra_block(const FftsSender& from, int id, const sc_core::sc_time& at,
                          const Release& sent = {});
    // The flag a core waits on; throws KernelFault for an id out of range.
    Cell& cell(int core, FlagSpace space, int id);
    // A wait takes one count once the flag is non-zero.
    bool take(int core, FlagSpace space, int id);
    // Declares every core's flag counters (FFTS, then intra-block) with it.
    void set_tracer(SignalTracer* tracer);
    void block_started(int core, std::uint64_t launch_id);
    void set_flag_observer(FlagSetObserver* o) { m_flag_observer = o; } // the race detector
    // What the flag a core waits on is waiting for, from the hub's side.
    std::string explain_wait(const FftsSender& waiter, FlagSpace space, int id) const;
    // Who should set that flag, and who did (ffts_wait_target.cpp).
    friend WaitTarget wait_target(const FftsHub& hub, const FftsSender& waiter, FlagSpace space,
                                  int id);

    const FftsParams& params() const { return m_params; }
    const std::vector<FftsRecord>& dropped() const { return m_dropped; }
    const std::vector<FftsRecord>& hardware_errors() const { return m_errors; }
    std::uint64_t messages() const { return m_messages; }
    // What the hub reports of a run (the result's "ffts" section).
    const StatsGroup& stats() const { return m_stats; }

  private:
    void declare_stats();
    StatsGroup m_stats{"ffts"};
    struct Aggregation {
        int count = 0;
        std::vector<int> arrivers;
        std::vector<Release> sent; // what each arriver released with its message
        sc_core::sc_time ready = sc_core::SC_ZERO_TIME; // the latest count so far
    };
    using AggKey = std::tuple<std::uint64_t, int, int, int>; // launch, mode, group, flag

    void drop(const FftsSender& from, std::uint64_t at_ps, const std::string& what,
              const std::string& why);
    void deliver_all(const std::vector<int>& targets, FlagSpace space, int id, int count,
                     const sc_core::sc_time& ready, const std::vector<Release>& sent);
    void schedule(const sc_core::sc_time& at, int core, FlagSpace space, int id, int count);
    void deliver_due();
    void accept_due();
    void check_intra_block(const FftsSender& from, int id) const;
    void intra_block_at(const FftsSender& from, int id, const sc_core::sc_time& at,
                        const Release& sent);
    // Inline: every wait, take and delivery looks a cell up.
    std::unique_ptr<Cell>& slot(int core, FlagSpace space, int id) {
        auto& cells = space == FlagSpace::Ffts ? m_ffts_cells[core] : m_intra_cells[core];
        if (id < 0 || id >= static_cast<int>(cells.size()))
            id_out_of_range(space, id, cells.size());
        return cells[static_cast<std::size_t>(id)];
    }
    [[noreturn]] static void id_out_of_range(FlagSpace space, int id, std::size_t ids);

    FftsParams m_params;
    Clock m_clock;
    std::vector<std::string> m_core_names;
    std::vector<CoreType> m_core_types;
    std::vector<sc_core::sc_time> m_core_path;                           // one way, core <-> hub
    sc_core::sc_time m_process_time, m_deliver_time, m_intra_block_time; // from m_params
    sc_core::sc_time m_aggregate_time, m_broadcast_time;
    std::vector<std::vector<std::unique_ptr<Cell>>> m_ffts_cells, m_intra_cells;
    std::vector<std::uint64_t> m_last_launch;
    std::map<AggKey, Aggregation> m_aggregations;
    BusyUntil m_in, m_out;
    struct Delivery {
        int core = 0;
        FlagSpace space = FlagSpace::Ffts;
        int id = 0, count = 0;
    };
    struct Message {
        std::shared_ptr<const FftsSender> from;
        std::uint64_t msg;
        Release sent;
    };
    DueQueue<Delivery> m_pending;
    DueQueue<Message> m_inbox;
    std::uint64_t m_seq = 0, m_messages = 0;
    sc_core::sc_event m_next, m_inbox_next;
    std::vector<FftsRecord> m_dropped, m_errors;
    std::map<int, std::string> m_last_drop; // core -> why its last message was dropped
    SignalTracer* m_tracer = nullptr;
    FlagSetObserver* m_flag_observer = nullptr;
    // By core: the signal of each FFTS and each intra-block flag counter.
    std::vector<std::vector<int>> m_ffts_signals, m_intra_signals;
    void trace_flag(int core, FlagSpace space, int id, int value);
};

} // namespace syncsim
