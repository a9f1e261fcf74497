// The device's AICPU: general-purpose cores beside the AICores that run
// AICPU kernels, such as a runtime's scheduler threads. A thread reaches an
// AICore's registers by MMIO (serial uncached loads, posted stores) and GM by
// its own stores. What each access costs is what simpler measured on a2a3
// (device-observations.md 5; the platform file names the lines). Threads
// never clock-step: a COND scan sleeps until a pass can read a change.
#pragma once

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

struct AicpuParams {
    std::int64_t threads = 4;         // the most threads one AICPU kernel runs
    double mmio_read_ns = 100;        // one LDR of a core register (serial)
    double mmio_write_ns = 5;         // issuing one posted STR
    double dispatch_visible_ns = 140; // a DATA_MAIN_BASE store until the AICore reads it
    double cond_visible_ns = 80;      // an AICore's COND store until an LDR returns it
    double gm_store_ns = 5;           // one 8-byte store of a payload to GM
    double loop_ns = 100;             // a scheduler loop's pass with no core to read
    double gm_hit_ns = 3;             // a cacheable GM load that hits the AICPU's copy
    double gm_miss_ns = 500;          // one that misses: GM read through the interconnect
    double sys_counter_read_ns = 1;   // one read of cntvct
    double sys_counter_mhz = 50;      // the device's (Platform::sys_counter_mhz), not a key here

    template <typename Declare>
    void declare(Declare& d) {
        d(threads, "threads", "threads", "AICPU threads one AICPU kernel may run", 1, 64);
        d(mmio_read_ns, "mmio_read_ns", "ns",
          "one uncached load of an AICore register (COND): a thread has one in flight, so "
          "reading N cores takes N of these",
          1, 1e6);
        d(mmio_write_ns, "mmio_write_ns", "ns", "issuing one posted store to an AICore register", 0,
          1e6);
        d(dispatch_visible_ns, "dispatch_visible_ns", "ns",
          "from an AICPU store to DATA_MAIN_BASE until the AICore's read returns it", 0, 1e6);
        d(cond_visible_ns, "cond_visible_ns", "ns",
          "from an AICore's store to COND until an AICPU load returns it", 0, 1e6);
        d(gm_store_ns, "gm_store_ns", "ns",
          "one 8-byte store of a dispatch payload to GM (with the write barrier after a payload)",
          0, 1e6);
        d(loop_ns, "loop_ns", "ns", "one pass of a scheduler loop that has no core to poll", 1,
          1e9);
        d(gm_hit_ns, "gm_hit_ns", "ns",
          "a cacheable GM load that hits the AICPU's copy of the line (no write landed on it "
          "since it was read)",
          0, 1e6);
        d(gm_miss_ns, "gm_miss_ns", "ns",
          "a cacheable GM load that misses (a write landed on the line since, which invalidated "
          "the copy): from the load to its value",
          0, 1e6);
        d(sys_counter_read_ns, "sys_counter_read_ns", "ns",
          "one read of the system counter (cntvct)", 0, 1e6);
    }
};

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
