// The device's AICPU: general-purpose cores beside the AICores that run
// AICPU kernels, such as a runtime's scheduler threads. A thread reaches an
// AICore's registers by MMIO (serial uncached loads, posted stores) and GM by
// its own stores. What each access costs is what simpler measured on a2a3
// (device-observations.md 5; the platform file names the lines). Threads
// never clock-step: a COND scan sleeps until a pass can read a change.
#pragma once

#include "models/aicpu/aicpu_params.hpp"
#include "models/core/mmio_register.hpp"
#include "models/memory/line_watch.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/races/race_detector.hpp"
#include "syncsim/aicpu_api.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

struct AicpuResult {
    int code = 0; // the kernel's: 0, or what it failed with
    std::string message;
};

class AicpuCluster : public sc_core::sc_module {
  public:
    // An AICore as the AICPU sees it: its register window and where it sits.
    struct CoreWindow {
        CoreRegisters* registers = nullptr;
        CoreType type = CoreType::AIV;
        int cluster = 0;
    };
    // `cores` by SoC id; `new_task_id` numbers tasks with the launches.
    AicpuCluster(sc_core::sc_module_name name, const AicpuParams& params,
                 std::vector<CoreWindow> cores, SparseStore& gm, WriteProvenance* provenance,
                 std::function<std::uint64_t()> new_task_id);
    ~AicpuCluster() override;

    // Runs the launch's threads; blocks the calling process until all have
    // returned. A launch asking for more threads than the AICPU runs fails.
    // `log` takes the threads' log lines (the runtime's log).
    AicpuResult run(const AicpuLaunch& launch, std::function<void(const std::string&)> log);
    // What the running launch is doing, for a diagnosis.
    std::string describe() const;
    const AicpuParams& params() const { return m_params; }
    // AICPU kernels run so far: a result says whether aicpu.* timed anything.
    std::uint64_t launches_run() const { return m_launches_run; }
    // The race detector its threads are agent `agent` of (one agent: they
    // order themselves through the scheduler's own memory, which the model
    // does not see); null: none.
    void set_races(RaceDetector* races, int agent) {
        m_races = races;
        m_race_agent = agent;
    }
    RaceDetector* races() const { return m_races; }
    // The lines its loads keep coherent copies of (the L2s report writes to
    // it); null: every GM load misses.
    void set_line_watch(LineWatch* watch) { m_line_watch = watch; }
    int race_agent() const { return m_race_agent; }

  private:
    class Thread;
    friend class Thread;

    AicpuParams m_params;
    std::uint64_t m_launches_run = 0;
    std::vector<CoreWindow> m_cores;
    SparseStore& m_gm;
    WriteProvenance* m_provenance;
    RaceDetector* m_races = nullptr;
    int m_race_agent = -1;
    LineWatch* m_line_watch = nullptr;
    std::map<std::uint64_t, sc_core::sc_time> m_cached; // line -> when the AICPU read it
    std::function<std::uint64_t()> m_new_task_id;
    const AicpuLaunch* m_launch = nullptr;
    std::vector<std::unique_ptr<Thread>> m_threads;
    std::function<void(const std::string&)> m_log;
    std::optional<AicpuResult> m_failure;
    int m_running = 0;
    sc_core::sc_event m_all_done;
};

} // namespace syncsim
