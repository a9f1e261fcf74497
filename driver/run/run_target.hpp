// One kind of platform (Ascend, Vortex) behind the run pipeline of
// driver/run/run.cpp. The pipeline owns set-up, the run's bounds, sc_start, wall
// time, the outcome order and the result; a target elaborates its model,
// says how the model ended, collects its part of the result and renders its
// summary right after, from the result and from the same model state the
// result was read from, so the summary and the JSON cannot disagree.
#pragma once

#include "driver/experiment/experiment_config.hpp"
#include "driver/run/expectation.hpp"
#include "driver/run/result_parts.hpp"
#include "driver/run/run.hpp"
#include "models/systemc/simulation_time.hpp"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

struct Outcome {
    std::string kind, reason;
};

// A target's part of the result, and what the expectation is checked on.
struct Collected {
    nlohmann::json sections = nlohmann::json::object(); // merged into the result
    std::vector<HostCheck> checks;
    std::vector<std::string> declared_checks; // what the workload may report
    std::string workload;                     // its name, for an undeclared check
    std::vector<std::string> stuck;           // names of what did not finish, sorted
    std::size_t poll_timeouts = 0;
    WordReader read_word; // null: the platform has no named buffers
};

// Whether the run was cut short from outside the model (a signal, or its
// wall-clock or event bound): its cores were on their way, not stuck, so a
// summary names no culprit; who waited on what is still listed.
inline bool cut_short(const nlohmann::json& result) {
    static const char* const kKinds[] = {"interrupted", "wall_limit", "event_limit"};
    const std::string& kind = result["outcome"]["kind"].get_ref<const std::string&>();
    for (const char* k : kKinds)
        if (kind == k) return true;
    return false;
}

class RunTarget {
  public:
    virtual ~RunTarget() = default;

    // Builds the model for `cfg`; called once, before sc_start.
    virtual void elaborate(const ExperimentConfig& cfg, const RunOptions& options) = 0;
    // After sc_start: the workload ran to its end.
    virtual bool finished() const = 0;
    // After sc_start: the model would still do something (the run stopped at
    // the simulated-time limit rather than running out of events).
    virtual bool still_active() const = 0;
    // The latest simulated time the model has reached (ps): parts that run
    // ahead of the kernel (a core waiting without catching up) may be past
    // the kernel's time when nothing is left to happen.
    virtual std::uint64_t reached_ps() const { return to_ps(sc_core::sc_time_stamp()); }
    // How the model ended by itself (completed, fault, watchdog, ...), if it did.
    virtual std::optional<Outcome> ended() const = 0;
    // Why nothing is left to happen while the workload has not finished.
    virtual std::string deadlock_reason() const = 0;
    // Deadlines the model keeps out of the event queue (Ascend: the
    // op-execute watchdog), so that a deadlocked model still runs out of
    // events when it deadlocks. The pipeline stops at the next one (telling
    // the model its horizon, so a nearer deadline armed on the way pauses
    // the run), runs on to it through a deadlock at no cost, and calls
    // deadline_reached(), saying whether nothing was left to happen before.
    virtual std::optional<std::uint64_t> next_deadline_ps() const { return std::nullopt; }
    virtual void set_horizon_ps(std::uint64_t) {}
    virtual void deadline_reached(bool /*deadlocked*/) {}
    // Its result sections, checks and stuck list as of `end_ps`; also
    // finishes the traces it writes.
    virtual Collected collect(const ExperimentConfig& cfg, std::uint64_t end_ps,
                              const RunOptions& options) = 0;
    // The human summary, called right after collect (nothing simulated in
    // between): what ran on what (before the outcome line), then what
    // happened (between it and the expectation).
    virtual void summarize_setup(std::ostream& s, const nlohmann::json& result) const = 0;
    virtual void summarize(std::ostream& s, const nlohmann::json& result) const = 0;
    // The tail of the `events` line (e.g. ", 52 warp issues").
    virtual std::string events_detail(const nlohmann::json& result) const = 0;
    // While it runs, for the progress line: barrier rounds closed so far.
    virtual std::uint64_t rounds_closed() const { return 0; }
};

} // namespace syncsim
