// The device task scheduler: places the blocks of running launches onto free
// cores, one block per dispatch interval, lowest free core or cluster first.
// A launch with more blocks than free cores runs in waves; blocks that cannot
// be placed wait for running ones to finish, so a barrier across more blocks
// than the device holds waits forever, as on hardware.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/runtime/launch_rules.hpp"

#include <list>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

// A launch the runtime hands the scheduler: the kernel as its cores will see
// it (the scheduler adds the launch id and the FFTS context) and the plan the
// launch rules made.
struct LaunchWork {
    LaunchedKernel kernel;
    LaunchPlan plan;
};

struct LaunchResult {
    std::uint64_t launch_id = 0;
    std::vector<std::string> faults; // "aiv3 block 2: ..."
};

struct LaunchReport {
    std::uint64_t launch_id;
    std::string kernel, kernel_type;
    std::int64_t block_num, blocks_dispatched, cores_running;
    std::string waiting_for; // why undispatched blocks are not placed
};

// The runtime's task scheduler: what a launch costs before and while its
// blocks reach cores (the host runtime takes the launch overhead).
struct SchedulerParams {
    double block_dispatch_cycles = 0;
    double launch_overhead_cycles = 0;

    template <typename Declare>
    void declare(Declare& d) {
        d(block_dispatch_cycles, "block_dispatch_cycles", "cycles",
          "assigning one block to a free core", 0, 1e9);
        d(launch_overhead_cycles, "launch_overhead_cycles", "cycles",
          "from a launch task reaching the head of its stream to the first dispatch", 0, 1e9);
    }
};

class TaskScheduler : public sc_core::sc_module {
  public:
    TaskScheduler(sc_core::sc_module_name name, std::vector<AiCore*> aic, std::vector<AiCore*> aiv,
                  const Clock& clock, double dispatch_cycles);

    // Blocks the calling stream thread until every block has finished.
    LaunchResult run_launch(LaunchWork work);
    std::vector<LaunchReport> active_launches() const;
    std::uint64_t launches_started() const { return m_next_id - 1; }

  private:
    struct Execution {
        std::uint64_t id;
        LaunchPlan plan;
        std::shared_ptr<const LaunchedKernel> kernel;
        std::int64_t next_block = 0;
        std::int64_t cores_running = 0;
        LaunchResult result;
        sc_core::sc_event done;
        bool finished = false;
    };
    void dispatcher();
    void dispatch_ready();
    bool blocks_waiting() const;
    // Free cores for one block of the plan, or nothing.
    std::optional<std::vector<AiCore*>> place(const LaunchPlan& plan) const;
    void start(Execution& e, const std::vector<AiCore*>& cores);

    std::vector<AiCore*> m_aic, m_aiv;
    std::vector<bool> m_aic_taken, m_aiv_taken;
    Clock m_clock;
    double m_dispatch_cycles;
    std::list<std::unique_ptr<Execution>> m_active;
    std::uint64_t m_next_id = 1;
    bool m_dirty = false;
    sc_core::sc_event m_wake;
};

} // namespace syncsim
