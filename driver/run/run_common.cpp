// What every kind of run shares (declared in driver/run/run_common.hpp): times,
// the config in the result, the expectation and the verdict, the run's
// bounds, and ending the processes a run leaves behind.
#include "driver/run/run_common.hpp"

#include "driver/kinds/kind_setup.hpp"
#include "driver/run/run.hpp"
#include "driver/run/run_target.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace syncsim {

using nlohmann::json;

json config_json(const ExperimentConfig& c) {
    json params = json::object();
    for (const auto& [name, value] : c.params)
        params[name] = {{"value", describe(value)}, {"set_at", c.param_origins.at(name)}};
    json j = {{"file", c.file},
              {"description", c.description},
              {"sets", c.sets},
              {"params", params},
              {"limits",
               {{"sim_time_ps", c.sim_time_limit_ps},
                {"max_events", c.max_events},
                {"wall_time_s", c.wall_time_s}}},
              {"simulator", {{"poll", c.fast_poll ? "fast_forward" : "spin"}}}};
    c.setup->describe_workload(j);
    if (!c.plugin.empty()) j["workload"]["plugin"] = c.plugin;
    return j;
}

ExpectationCheck check_expectation(const ExperimentConfig& cfg, const std::string& outcome,
                                   const std::vector<HostCheck>& checks,
                                   const WordReader& read_word,
                                   const std::vector<std::string>& stuck,
                                   std::size_t poll_timeouts) {
    ExpectationCheck x;
    const Expectation& e = cfg.expect;
    if (!e.any()) { // a clean run: completed, every check passed, no poll loop gave up
        x.given = false;
        x.add(outcome == "completed" ? "it completed" : "it did not complete",
              outcome == "completed", "outcome " + outcome);
        for (const HostCheck& c : checks)
            if (!c.ok) x.add("check '" + c.name + "' failed", false, c.detail);
        if (poll_timeouts)
            x.add("a poll loop gave up", false,
                  std::to_string(poll_timeouts) + " poll loop(s) gave up at their limit");
        return x;
    }
    if (e.outcome) x.add("outcome " + *e.outcome, outcome == *e.outcome, "outcome " + outcome);
    for (const auto& [name, pass] : e.checks) {
        const std::string& wanted = name; // a lambda may not capture a structured binding in C++17
        auto it = std::find_if(checks.begin(), checks.end(),
                               [&](const HostCheck& c) { return c.name == wanted; });
        if (it == checks.end())
            x.add("check '" + name + "' " + (pass ? "passes" : "fails"), false,
                  "the host program reported no such check");
        else
            x.add("check '" + name + "' " + (pass ? "passes" : "fails"), it->ok == pass,
                  it->detail);
    }
    for (const auto& m : e.memory) {
        const std::string what = m.buffer + "[" + std::to_string(m.index) + " + i*" +
                                 std::to_string(m.stride) + "], i < " + std::to_string(m.count) +
                                 " == " + std::to_string(m.equals) + " (" + m.where + ")";
        std::string detail = "all match";
        bool ok = true;
        for (std::int64_t i = 0; i < m.count && ok; ++i) {
            const std::uint64_t word = static_cast<std::uint64_t>(m.index + i * m.stride);
            std::int32_t v = 0;
            const std::string error =
                read_word ? read_word(m.buffer, word, &v) : "this platform has no named buffers";
            if (!error.empty()) {
                ok = false;
                detail = error;
            } else if (v != m.equals) {
                ok = false;
                detail = m.buffer + "[" + std::to_string(word) + "] = " + std::to_string(v);
            }
        }
        x.add(what, ok, detail);
    }
    if (e.stuck) {
        std::string want, got;
        for (const auto& s : *e.stuck) want += (want.empty() ? "" : ",") + s;
        for (const auto& s : stuck) got += (got.empty() ? "" : ",") + s;
        x.add("stuck cores [" + want + "]", *e.stuck == stuck, "stuck [" + got + "]");
    }
    return x;
}

void arm_run_bounds(const ExperimentConfig& cfg) {
    Activity::arm(cfg.max_events, cfg.wall_time_s);
}

std::pair<std::string, std::string> bound_outcome(const ExperimentConfig& cfg) {
    switch (Activity::stopped()) {
    case Activity::Stop::EventLimit:
        return {"event_limit", "limits.max_events (" + std::to_string(cfg.max_events) +
                                   " thread resumptions) reached while the model was still active"};
    case Activity::Stop::WallLimit: {
        std::ostringstream os;
        os << "limits.wall_time (" << cfg.wall_time_s
           << " s of wall-clock time) reached while the model was still active";
        return {"wall_limit", os.str()};
    }
    case Activity::Stop::None:
        break;
    }
    return {"", ""};
}

namespace {

void collect_live_threads(const std::vector<sc_core::sc_object*>& objects,
                          std::vector<sc_core::sc_process_handle>& out) {
    for (sc_core::sc_object* object : objects) {
        const sc_core::sc_process_handle h(object);
        if (h.valid() && !h.terminated() &&
            (h.proc_kind() == sc_core::SC_THREAD_PROC_ ||
             h.proc_kind() == sc_core::SC_CTHREAD_PROC_))
            out.push_back(h);
        collect_live_threads(object->get_child_objects(), out); // spawned processes
    }
}

} // namespace

void end_processes() {
    using namespace sc_core;
    if (sc_get_status() != SC_PAUSED) return;
    // kill() needs a running process to call it: a method does, in one delta.
    sc_spawn_options reaper;
    reaper.spawn_method();
    sc_spawn(
        [] {
            std::vector<sc_process_handle> live;
            collect_live_threads(sc_get_top_level_objects(), live);
            for (sc_process_handle& h : live)
                if (!h.terminated()) h.kill();
        },
        "end_processes", &reaper);
    sc_start(SC_ZERO_TIME);
    // The killed threads ended without telling the sanitizers (see there).
    announce_main_stack_to_sanitizers();
}

void configure_systemc_reports() {
    using namespace sc_core;
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    sc_report_handler::set_actions(SC_WARNING, SC_THROW);
}

void summarize_checks(std::ostream& s, const json& checks) {
    if (checks.empty()) return;
    std::size_t passed = 0;
    for (const json& c : checks) passed += c["ok"].get<bool>() ? 1 : 0;
    s << "checks     " << passed << " passed, " << checks.size() - passed << " failed\n";
    for (const json& c : checks)
        if (!c["ok"].get<bool>())
            s << "  FAILED   " << c["name"].get<std::string>() << ": "
              << c["detail"].get<std::string>() << "\n";
}

void summarize_expectation(std::ostream& s, const json& expectation) {
    // Without `expect:` there is nothing to compare with: the checks' lines
    // and the verdict say whether the run was clean.
    if (!expectation.value("given", true)) return;
    s << "expect     " << (expectation["met"].get<bool>() ? "met" : "NOT met") << "\n";
    for (const json& d : expectation["checks"])
        if (!d["met"].get<bool>())
            s << "  MISMATCH " << d["what"].get<std::string>() << ": "
              << d["detail"].get<std::string>() << "\n";
}

std::string verdict_line(const ExpectationCheck& expectation) {
    if (expectation.met)
        return expectation.given
                   ? "verdict    as expected (exit 0)\n"
                   : "verdict    a clean run: it completed and every check passed (exit 0; "
                     "no expect: given)\n";
    std::string first;
    std::size_t failed = 0;
    for (const auto& d : expectation.details)
        if (!d["met"].get<bool>() && failed++ == 0)
            first = d["what"].get<std::string>() + ": " + d["detail"].get<std::string>();
    return std::string(expectation.given
                           ? "verdict    NOT as expected (exit 1): "
                           : "verdict    not a clean run (exit 1; no expect: given): ") +
           first + (failed > 1 ? " (and " + std::to_string(failed - 1) + " more)" : "") + "\n";
}

void require_declared_checks(const std::vector<HostCheck>& reported,
                             const std::vector<std::string>& declared,
                             const std::string& workload) {
    for (const HostCheck& c : reported)
        if (std::find(declared.begin(), declared.end(), c.name) == declared.end())
            throw std::logic_error("workload '" + workload + "' reported the check '" + c.name +
                                   "', which its registry entry does not declare");
}

void say_left_out(std::ostream& s, std::size_t total, std::size_t shown, const char* what,
                  const char* where) {
    SummaryOut(s).left_out(total, shown, what, where);
}

std::string timing_line(const RunReport& r) {
    auto rate = [&r](double seconds) { return seconds > 0 ? r.events / seconds : 0.0; };
    std::ostringstream t;
    t << "wall       " << std::fixed << std::setprecision(3) << r.wall_seconds << " s (set-up "
      << r.setup_seconds << " s, simulation " << r.simulation_seconds << " s, result "
      << r.result_seconds << " s); " << std::setprecision(0) << rate(r.simulation_seconds)
      << " resumptions/s simulating, " << rate(r.wall_seconds) << " over the run\n";
    return t.str();
}

} // namespace syncsim
