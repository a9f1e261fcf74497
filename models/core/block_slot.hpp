// The block a core runs: the one handed to it and waiting to start, the one
// running, and what a report shows of the last one. A resident worker runs a
// dispatched task as its block: the task's identity (launch, block, rounds)
// stands in for the worker's until the task returns.
#pragma once

#include "models/core/block_work.hpp"
#include "models/core/core_activity.hpp"
#include "models/core/core_report.hpp"
#include "models/core/gm_access_path.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <systemc>

namespace syncsim {

class BlockSlot {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    BlockSlot(const BlockSlot&) = delete;
    BlockSlot& operator=(const BlockSlot&) = delete;
    explicit BlockSlot(CoreActivity& activity) : m_activity(activity) {}
    // The core's part in the race detector: a block starts knowing what its
    // launch's stream knew, and its end is what the stream learns.
    void set_races(CoreRaces* races) { m_races = races; }

    void hand(BlockWork work) { m_pending = std::move(work); }
    bool handed() const { return m_pending.has_value(); }
    bool busy() const { return m_current.has_value() || m_pending.has_value(); }
    // The handed block becomes the running one.
    const BlockWork& start();
    // The running block (a slot the core's other units read as it changes).
    const std::optional<BlockWork>& current() const { return m_current; }
    const BlockWork& work() const { return *m_current; }
    // It ends (at `at`): returns what to tell the scheduler.
    std::function<void(const std::optional<std::string>&)> finish(const sc_core::sc_time& at);
    // The watchdog killed it: the scheduler is not told.
    void kill(const sc_core::sc_time& at);

    struct Identity {
        std::shared_ptr<const LaunchedKernel> launch;
        std::int64_t block_idx, subblockid, shown_block;
        std::string shown_kernel;
        std::uint32_t round;
        bool round_open;
    };
    // Puts `id` in place of the running block's identity; returns the one it replaced.
    Identity swap_in(Identity id);

    void report_into(CoreReport& r) const;

  private:
    CoreActivity& m_activity;
    CoreRaces* m_races = nullptr;
    std::optional<BlockWork> m_pending, m_current;
    std::string m_kernel_name;
    std::int64_t m_block_idx = -1;
    std::uint64_t m_launch_id = 0;
    sc_core::sc_time m_finished_at = sc_core::SC_ZERO_TIME;
};

} // namespace syncsim
