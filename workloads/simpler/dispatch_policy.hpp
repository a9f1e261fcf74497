// Where the simpler runtime's AICPU schedulers put the blocks of ready tasks
// (hw-native-sys/simpler tensormap_and_ringbuffer, read at 438d5cb1, the
// version pto-isa #197 ran, and 6ebaf771): each scheduler thread owns the
// cores of clusters c with c % threads == its index. In one dispatch phase a
// thread places ready blocks on its own idle cores first, then (when no
// other thread has an idle core of that type) on the one-deep pending slot
// of its own busy cores, which a block takes over when the running one
// finishes. A thread claims as many blocks of a task as it has cores and
// pushes the rest back for others (scheduler_dispatch.cpp:441-470 at
// 438d5cb1). A sync_start task starts all its blocks together on idle
// cores: on the thread's own when they suffice, else every thread stops
// dispatching until enough cores are idle (RUNTIME_LOGIC.md "sync_start
// drain"). Kernel-free: times and registers are the AICPU kernel's.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace syncsim::simpler {

struct WorkerCore {
    CoreType type = CoreType::AIV;
    int cluster = 0;
};

struct DispatchTask {
    CoreType shape = CoreType::AIV; // the cores each block takes: one of this type
    std::int64_t blocks = 1;
    bool sync_start = false;
};

// One block placed on a worker: on its running slot, or its pending slot.
struct Placement {
    int worker = 0;
    std::size_t task = 0;
    std::int64_t block = 0;
    bool pending = false;
};

class DispatchPolicy {
  public:
    DispatchPolicy(std::vector<WorkerCore> workers, int threads);

    int threads() const { return m_threads; }
    int owner(int worker) const {
        return m_workers[static_cast<std::size_t>(worker)].cluster % m_threads;
    }
    // The orchestrator makes a task ready: its blocks queue behind earlier
    // ones of its lane (sync_start tasks have their own, served first).
    std::size_t submit(const DispatchTask& task);
    // One dispatch phase of `thread`: the blocks it places now.
    std::vector<Placement> dispatch(int thread);
    // `worker` acknowledged its running block: its pending slot may be used
    // (simpler frees it on the ACK, aicore_executor.cpp:160-170, so a second
    // dispatch id never overwrites one the core has not read).
    void acknowledged(int worker);
    // `worker`'s running block finished; the pending one, if any, now runs
    // (not yet acknowledged).
    std::optional<Placement> finished(int worker);

    // The workers `thread` polls: its own with a block running.
    std::vector<int> running(int thread) const;
    std::vector<int> owned(int thread) const;
    bool all_finished() const;
    bool draining() const { return m_drain.has_value(); }
    std::int64_t finished_blocks(std::size_t task) const { return m_tasks[task].finished; }
    std::int64_t placed_blocks(std::size_t task) const { return m_tasks[task].next_block; }
    const DispatchTask& task(std::size_t i) const { return m_tasks[i].task; }
    std::size_t tasks() const { return m_tasks.size(); }
    std::optional<Placement> running_on(int worker) const {
        return m_slots[static_cast<std::size_t>(worker)].running;
    }
    std::optional<Placement> pending_on(int worker) const {
        return m_slots[static_cast<std::size_t>(worker)].pending;
    }

  private:
    struct TaskState {
        DispatchTask task;
        std::int64_t next_block = 0, finished = 0;
    };
    struct Slots {
        std::optional<Placement> running, pending;
        bool acked = false; // the running block's ACK was seen
    };
    enum class Phase { Idle, Pending };

    std::vector<int> free_workers(int thread, CoreType type, Phase phase) const;
    bool idle_elsewhere(int thread, CoreType type) const;
    std::deque<std::size_t>& queue(CoreType type, bool sync_start);
    // Places the regular tasks of `type` on `thread`'s workers in `phase`.
    void stage(int thread, CoreType type, Phase phase, std::vector<Placement>& out);
    // The sync_start lane: a cohort fits on the thread's own idle workers, or
    // waits, with every thread stopped, until enough are idle anywhere.
    bool stage_sync_start(int thread, std::vector<Placement>& out);
    void place(std::size_t task, const std::vector<int>& on, std::int64_t first, bool pending,
               std::vector<Placement>& out);

    std::vector<WorkerCore> m_workers;
    int m_threads;
    std::vector<TaskState> m_tasks;
    std::vector<Slots> m_slots;
    std::deque<std::size_t> m_ready[2], m_ready_sync[2]; // by type: AIC, AIV
    std::optional<std::size_t> m_drain; // the sync_start task every thread waits for
};

} // namespace syncsim::simpler
