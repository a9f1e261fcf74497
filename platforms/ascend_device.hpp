// Builds the device a platform's tree describes, as a tree of SystemC
// modules that mirrors it (soc.die1.cluster3.aiv7): global memory, one L2
// per die (each die with its own values, Platform::for_die) behind the die
// interconnect (a link table), every AIC and AIV core (clustered 1 AIC :
// aiv_per_aic AIV, clusters filling die 0 first), the FFTS hub (on die
// ffts.hub_die: cores of other dies reach it over their link), the notify
// banks and the task scheduler.
#pragma once

#include "models/aicpu/aicpu_cluster.hpp"
#include "models/core/ai_core.hpp"
#include "models/ffts/ffts_hub.hpp"
#include "models/memory/die_interconnect.hpp"
#include "models/memory/extensions.hpp"
#include "models/memory/l2_cache.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/notify/notify_table.hpp"
#include "models/races/race_detector.hpp"
#include "models/report/round_ledger.hpp"
#include "models/runtime/host_ports.hpp"
#include "models/runtime/task_scheduler.hpp"
#include "platforms/platform.hpp"

#include <functional>
#include <memory>
#include <vector>

namespace syncsim {

constexpr GmAddr kGmBase = 0x100000000ull; // device addresses start at 4 GiB; 0 stays invalid

// How the simulator runs the model, as opposed to what the model is.
struct SimOptions {
    bool fast_poll = true; // sleep through polls that cannot see a change
    // The GM race detector (race_detector.hpp): auto checks a run while it
    // stays small (RaceDetector::kAutoLimit).
    RaceMode races = RaceMode::Auto;
};

class AscendDevice {
  public:
    explicit AscendDevice(const Platform& platform, const SimOptions& options = {});
    // Its parts and statistics point into it: it stays where it was made.
    AscendDevice(const AscendDevice&) = delete;
    AscendDevice& operator=(const AscendDevice&) = delete;

    const Platform& platform() const { return m_platform; }
    const Clock& clock() const { return m_clock; }
    SparseStore& gm() { return m_gm; }
    const std::vector<std::unique_ptr<L2Cache>>& l2s() const { return m_l2s; }
    DieInterconnect& interconnect() { return *m_interconnect; }
    TaskScheduler& scheduler() { return *m_scheduler; }
    AicpuCluster& aicpu() { return *m_aicpu; }
    FftsHub& ffts() { return *m_ffts; }
    NotifyTable& notifies() { return *m_notifies; }
    RoundLedger& rounds() { return m_rounds; }
    // Who wrote each GM byte last (every L2 and the host record into it).
    WriteProvenance& provenance() { return m_provenance; }
    // The loads the cores' scalar caches served stale (stale_reads.hpp).
    const StaleReads& stale_reads() const { return m_stale_reads; }
    // The GM race detector (null when off); its agents are the cores by SoC
    // id, then the host (race_host_agent()), then the AICPU.
    RaceDetector* races() { return m_races.get(); }
    int race_host_agent() const { return static_cast<int>(m_cores.size()); }
    // A requester number of the L2s (core x 16 + slot) as a reader says it.
    std::string requester_name(int requester) const;
    // Everything of the device a host runtime is wired to.
    HostPorts host_ports();
    const std::vector<AiCore*>& aic() const { return m_aic_ptrs; }
    const std::vector<AiCore*>& aiv() const { return m_aiv_ptrs; }
    std::vector<AiCore*> all_cores() const;
    // Every part's statistics and summary parts, for the result; read them
    // after end_run.
    const StatsRegistry& stats() const { return m_stats; }
    // The run ended at `end`: every core reports where it stands, the L2s
    // answer the polls due before it, and the round ledger closes its rows.
    void end_run(const sc_core::sc_time& end);
    // Whoever traces: every part that declares its own signals declares them
    // with `tracer` (the FFTS hub's flag counters, the notify table's
    // counters), and `written` hears every GM write once it lands.
    void attach_tracer(SignalTracer* tracer,
                       std::function<void(std::uint64_t addr, std::uint64_t len)> written);
    const std::vector<CoreReport>& core_reports() const { return m_core_reports; }

  private:
    // A node of the module tree: children built by `build` are its own.
    class Node : public sc_core::sc_module {
      public:
        Node(sc_core::sc_module_name name, const std::function<void()>& build) : sc_module(name) {
            build();
        }
    };
    void build_die(int die, const SimOptions& options);
    void build_aicpu();

    // First: the tree's nodes outlive the modules below them.
    std::vector<std::unique_ptr<Node>> m_nodes;
    Platform m_platform;
    Clock m_clock;
    SparseStore m_gm;
    PolledExtents m_polled; // shared by the dies' L2s
    RoundLedger m_rounds;
    WriteProvenance m_provenance;
    // The lines the AICPU's coherent cache holds (every die's L2 reports writes).
    std::unique_ptr<LineWatch> m_line_watch;
    StaleReads m_stale_reads;
    std::vector<std::unique_ptr<L2Cache>> m_l2s; // by die
    std::unique_ptr<DieInterconnect> m_interconnect;
    std::vector<std::unique_ptr<AiCore>> m_owned_cores; // in the tree's order
    std::vector<AiCore*> m_cores;                       // by SoC id: the AICs, then the AIVs
    std::vector<AiCore*> m_aic_ptrs, m_aiv_ptrs;
    std::unique_ptr<FftsHub> m_ffts;
    std::unique_ptr<NotifyTable> m_notifies;
    std::unique_ptr<TaskScheduler> m_scheduler;
    std::unique_ptr<AicpuCluster> m_aicpu;
    StatsGroup m_l2_stats{"l2"};
    std::vector<CoreReport> m_core_reports; // filled by end_run
    StatsGroup m_core_stats, m_round_stats;
    std::unique_ptr<RaceDetector> m_races;
    std::unique_ptr<StatsGroup> m_race_stats;
    void build_races(RaceMode mode);
    StatsRegistry m_stats;
};

} // namespace syncsim
