// A run on the vortex platform: elaborate the clusters, start the warp
// program on warp 0 of every core, run until every warp exits, the STALL_TIMEOUT
// watchdog or the no-progress detector fires, nothing is left to happen
// (deadlock) or the time limit; then explain every warp that did not exit.
#include "config/yaml_view.hpp"
#include "driver/run.hpp"
#include "driver/run_common.hpp"
#include "driver/utf8.hpp"
#include "models/trace/vortex_tracer.hpp"
#include "models/vortex/vx_device.hpp"
#include "workloads/vortex/vortex_kernels.hpp"

#include <chrono>
#include <iomanip>
#include <sstream>

namespace syncsim {

using nlohmann::json;

RunReport run_vortex_experiment(const ExperimentConfig& cfg, const RunOptions& options) {
    if (!options.timeline_path.empty())
        throw ConfigError(cfg.file +
                          ": --timeline is not available on vortex platforms yet; --vcd is");
    configure_systemc_reports();
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    arm_run_bounds(cfg);

    const VortexPlatform& p = *cfg.vortex;
    const VortexKernelEntry& kernel = vortex_kernels().at(cfg.vortex_kernel);
    auto params = std::make_shared<const ParamMap>(cfg.params);
    vortex::Device device("vortex", p, params);
    const VortexGeometry geometry{static_cast<int>(p.clusters), static_cast<int>(p.cores),
                                  static_cast<int>(p.warps), static_cast<int>(p.threads)};
    if (kernel.setup) kernel.setup(device.memory(), geometry, cfg.params);
    std::unique_ptr<VortexTracer> tracer;
    const std::string vcd = options.vcd_path.empty() ? cfg.vcd : options.vcd_path;
    if (!vcd.empty()) {
        tracer = std::make_unique<VortexTracer>(vcd, geometry.clusters, geometry.cores_per_cluster,
                                                geometry.warps);
        device.set_tracer(tracer.get());
    }
    device.start(kernel.program);

    const auto wall_start = std::chrono::steady_clock::now();
    sc_core::sc_start(sc_core::sc_time(static_cast<double>(cfg.sim_time_limit_ps), sc_core::SC_PS),
                      sc_core::SC_EXIT_ON_STARVATION);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();

    std::string outcome, reason;
    const bool limited = !device.finished() && sc_core::sc_pending_activity() &&
                         !device.watchdog_fired() && !device.livelock_detected() &&
                         !Activity::limit_reached();
    const std::uint64_t end_ps = limited ? cfg.sim_time_limit_ps : to_ps(sc_core::sc_time_stamp());
    if (tracer) tracer->finish(end_ps);
    if (!device.faults().empty()) {
        outcome = "fault";
        reason = device.faults().front();
    } else if (device.finished()) {
        outcome = "completed";
        reason = "every warp exited";
    } else if (device.watchdog_fired()) {
        outcome = "watchdog";
        reason = device.watchdog();
    } else if (device.livelock_detected()) {
        outcome = "livelock";
        reason = device.livelock();
    } else if (Activity::limit_reached()) {
        std::tie(outcome, reason) = bound_outcome(cfg);
    } else if (limited) {
        outcome = "time_limit";
        reason = "simulated-time limit " + format_time(cfg.sim_time_limit_ps) + " reached";
    } else {
        outcome = "deadlock";
        reason = "no event is left to happen, yet warps have not exited";
    }

    std::vector<std::string> stuck;
    json warps = json::array();
    for (const auto& w : device.report()) {
        const std::string name = "core" + std::to_string(w.core) + ".warp" + std::to_string(w.warp);
        stuck.push_back(name);
        warps.push_back({{"warp", name}, {"state", w.state}, {"waiting_on", w.detail}});
    }
    std::sort(stuck.begin(), stuck.end());
    std::vector<HostCheck> checks;
    if (kernel.check)
        for (const auto& c : kernel.check(device.memory(), geometry, cfg.params, device.releases()))
            checks.push_back({c.name, c.ok, c.detail});
    require_declared_checks(checks, kernel.checks, kernel.name);
    const ExpectationCheck expectation = check_expectation(cfg, outcome, checks, nullptr, stuck, 0);

    const double cycle_ps = 1e6 / p.clock_mhz;
    json releases = json::array();
    for (const auto& r : device.releases()) {
        json rj = {{"kind", r.global ? "global" : "local"},
                   {"core", r.core},
                   {"id", r.id},
                   {"last_arrival_ps", r.last_arrival_ps},
                   {"ready_ps", r.ready_ps},
                   {"latency_cycles", (r.ready_ps - r.last_arrival_ps) / cycle_ps}};
        if (!r.global) rj["warps"] = r.warps;
        releases.push_back(rj);
    }
    json checks_json = json::array();
    for (const auto& c : checks)
        checks_json.push_back({{"name", c.name}, {"ok", c.ok}, {"detail", c.detail}});

    RunReport report;
    report.outcome = outcome;
    report.expectation_met = expectation.met;
    report.wall_seconds = wall;
    report.events = Activity::resumptions();
    report.result = {
        {"syncsim", SYNCSIM_VERSION},
        {"config", config_json(cfg)},
        {"platform", platform_json(p, vortex_params())},
        {"outcome", {{"kind", outcome}, {"reason", reason}}},
        {"expectation", {{"met", expectation.met}, {"checks", expectation.details}}},
        {"time", {{"end_ps", end_ps}}},
        {"stuck", warps},
        {"gbar", device.gbar_state()},
        {"lost_gbar_requests", device.lost_requests()},
        {"releases", releases},
        {"checks", checks_json},
        {"faults", device.faults()},
        {"events", {{"process_resumptions", report.events}, {"warp_issues", device.issued()}}},
    };

    std::ostringstream s;
    s << "syncsim " << SYNCSIM_VERSION << "  " << cfg.file << "\n";
    s << "platform   " << p.name << " (vortex, " << p.fidelity << ", " << p.clusters
      << " cluster(s) x " << p.cores << " cores x " << p.warps << " warps x " << p.threads
      << " threads)\n";
    s << "workload   vortex " << cfg.vortex_kernel << "\n";
    s << "outcome    " << outcome << ": " << reason << "\n";
    s << "simulated  " << format_time(end_ps) << " (" << std::fixed << std::setprecision(0)
      << end_ps / cycle_ps << " cycles)\n";
    int local = 0, global = 0;
    double local_lat = 0, global_lat = 0;
    for (const auto& r : device.releases()) {
        (r.global ? global : local) += 1;
        (r.global ? global_lat : local_lat) = (r.ready_ps - r.last_arrival_ps) / cycle_ps;
    }
    s << "barriers   " << local << " local release(s)"
      << (local ? ", last " + std::to_string(static_cast<int>(local_lat)) +
                      " cycles after the last BAR"
                : "")
      << "; " << global << " global"
      << (global ? ", last " + std::to_string(static_cast<int>(global_lat)) +
                       " cycles after the last core"
                 : "")
      << "\n";
    summarize_checks(s, checks);
    if (!stuck.empty()) {
        s << "not done   " << stuck.size() << " warp(s):\n";
        std::size_t shown = 0;
        for (const auto& w : device.report())
            if (shown++ < 12)
                s << "  core" << w.core << ".warp" << w.warp << ": " << w.state
                  << (w.detail.empty() ? "" : " at " + w.detail) << "\n";
        for (const auto& g : device.gbar_state()) s << "  " << g << "\n";
        for (const auto& l : device.lost_requests()) s << "  " << l << "\n";
    }
    for (const auto& f : device.faults()) s << "fault      " << f << "\n";
    summarize_expectation(s, expectation);
    s << "events     " << report.events << " kernel events, " << device.issued()
      << " warp issues\n";
    report.summary = s.str();
    report.timing_summary = timing_line(wall, report.events);
    report.verdict = verdict_line(expectation);
    make_valid_utf8(report.result);
    end_processes();
    return report;
}

} // namespace syncsim
