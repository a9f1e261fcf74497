// The device task scheduler: places the blocks of running launches onto free
// cores, one block per dispatch interval, lowest free core or cluster first.
// A launch with more blocks than free cores runs in waves; blocks that cannot
// be placed wait for running ones to finish, so a barrier across more blocks
// than the device holds waits forever, as on hardware.
#pragma once

#include "models/core/culprit.hpp"
#include "models/report/stats.hpp"
#include "models/runtime/core_pool.hpp"
#include "models/runtime/op_timeout.hpp"
#include "models/runtime/scheduler_params.hpp"

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
    bool batch = false; // schedule mode 1: all blocks start together
    int stream = 0;     // the stream it came from, for diagnosis
    // The launch's own op-execute timeout (ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US;
    // 0 = never), over the global one.
    std::optional<std::uint64_t> timeout_us;
};

// A task the op-execute watchdog killed, and what its cores were doing then
// (the device's code cannot say; the model can).
struct WatchdogKill {
    std::uint64_t launch_id;
    std::string kernel, kernel_type;
    sc_core::sc_time started, fired;
    std::uint64_t timeout_us;
    std::int64_t timeout_credits;
    TimeoutCode code;
    std::int64_t blocks_never_dispatched;
    struct CoreAtKill {
        std::string core, state, doing;
        sc_core::sc_time since; // in that state
    };
    std::vector<CoreAtKill> cores;
    // Who did not arrive at what its cores waited on, and the waiters grouped
    // (culprit.hpp), at the kill.
    std::vector<std::string> culprits, waits;
    std::vector<WaitGroupInfo> groups; // the same, for the wait-for graph
    // Nothing was left to happen in the model when the deadline came (told
    // by whoever ran the simulation up to it): the kernel had deadlocked,
    // its cores stuck since the last of them entered its state.
    bool deadlocked = false;
    sc_core::sc_time stuck_since = sc_core::SC_ZERO_TIME;
};

struct LaunchReport {
    std::uint64_t launch_id;
    std::string kernel, kernel_type;
    std::int64_t block_num, blocks_dispatched, cores_running;
    std::string waiting_for; // why undispatched blocks are not placed
    int stream = 0;
    std::vector<std::uint64_t> held_by; // the launches holding the cores it still needs
};

class TaskScheduler : public sc_core::sc_module {
  public:
    // `dies`: the device's dies, whose clusters are consecutive AIC indices.
    TaskScheduler(sc_core::sc_module_name name, std::vector<AiCore*> aic, std::vector<AiCore*> aiv,
                  const Clock& clock, const SchedulerParams& params, int dies);

    // Blocks the calling stream thread until every block has finished, or
    // the op-execute watchdog has killed them.
    LaunchResult run_launch(LaunchWork work);
    std::vector<LaunchReport> active_launches() const;
    // What the scheduler reports of a run (the launches it did not finish).
    const StatsGroup& stats() const { return m_stats; }
    std::uint64_t launches_started() const { return m_next_id - 1; }
    // An id from the launches' numbering for work that is not a launch (a
    // task a resident runtime dispatches), so rounds stay apart.
    std::uint64_t new_launch_id() { return m_next_id++; }

    // The op-execute watchdog. Its deadlines are kept out of the event queue,
    // so that a deadlocked model still runs out of events at the moment it
    // deadlocks; whoever runs the simulation stops at the next deadline
    // (arming one before `horizon` pauses the simulation so it can re-plan)
    // and calls deadline_reached(), which kills, in the next delta, every
    // task whose deadline has come. Waiting for it costs no event.
    OpTimeout& op_timeout() { return m_op_timeout; }
    const OpTimeout& op_timeout() const { return m_op_timeout; }
    std::optional<sc_core::sc_time> next_deadline() const;
    void set_horizon(const sc_core::sc_time& horizon) { m_horizon = horizon; }
    void deadline_reached(bool deadlocked);
    const std::vector<WatchdogKill>& watchdog_kills() const { return m_kills; }
    // Launches still running, and when the watchdog would kill each.
    struct PendingDeadline {
        std::uint64_t launch_id;
        std::string kernel;
        std::optional<sc_core::sc_time> deadline; // none: it never times out
        TimeoutCode code;
    };
    std::vector<PendingDeadline> pending_deadlines() const;
    // After a kill the device needs a reset: no later launch runs.
    bool needs_reset() const { return !m_kills.empty(); }

  private:
    using Execution = LaunchExecution;
    void dispatcher();
    void expire_due();
    void kill(Execution& e);
    void dispatch_ready();
    bool blocks_waiting() const;
    // The group whose next block can start now, taking the groups in turn.
    std::optional<int> next_group(const Execution& e) const;
    // A block placed on its cores: they are taken for it at once, and it
    // starts when its dispatch interval ends.
    struct Placed {
        std::vector<AiCore*> cores;
        int group = 0;
        std::int64_t block = 0;
    };
    Placed reserve(Execution& e, const std::vector<AiCore*>& cores, int group);
    void start(Execution& e, const Placed& placed);
    // Dispatches what `e` may start now; false when it starts nothing.
    bool dispatch_from(Execution& e);

    CorePool m_pool;
    Clock m_clock;
    double m_dispatch_cycles;
    std::int64_t m_parallel_blocks;
    bool m_die_friendly;
    // Shared: the dispatcher holds the launch it is dispatching while it
    // waits a dispatch interval, in which the watchdog may kill the launch
    // and its stream's thread drop it from this list.
    std::list<std::shared_ptr<Execution>> m_active;
    std::uint64_t m_next_id = 1;
    bool m_dirty = false;
    sc_core::sc_event m_wake;
    OpTimeout m_op_timeout;
    sc_core::sc_time m_horizon = sc_core::SC_ZERO_TIME;
    bool m_deadlocked = false;
    sc_core::sc_event m_expire;
    std::vector<WatchdogKill> m_kills;
    StatsGroup m_stats{"scheduler"};
};

} // namespace syncsim
