// The Vortex target: clusters of cores with warps; the config's warp program
// starts on warp 0 of every core. The model ends by itself when every warp
// exits, a fault, the STALL_TIMEOUT watchdog or the no-progress detector.
#include "driver/run/run_target.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/vortex/vortex_kind.hpp"
#include "driver/kinds/vortex/vortex_tracer.hpp"
#include "models/core/culprit.hpp"
#include "models/vortex/vx_device.hpp"

#include <algorithm>
#include <iomanip>

namespace syncsim {

using nlohmann::json;

namespace {

class VortexTarget : public RunTarget {
  public:
    void elaborate(const ExperimentConfig& cfg, const RunOptions& options) override;
    bool finished() const override { return m_device->finished(); }
    bool still_active() const override {
        return sc_core::sc_pending_activity() && !m_device->watchdog_fired() &&
               !m_device->livelock_detected();
    }
    std::optional<Outcome> ended() const override;
    std::string deadlock_reason() const override {
        return "no event is left to happen, yet warps have not exited";
    }
    Collected collect(const ExperimentConfig& cfg, std::uint64_t end_ps,
                      const RunOptions& options) override;
    void summarize_setup(std::ostream& s, const json& result) const override;
    void summarize(std::ostream& s, const json& result) const override;
    std::string events_detail(const json& result) const override {
        return ", " + std::to_string(result["events"]["warp_issues"].get<std::uint64_t>()) +
               " warp issues";
    }

  private:
    const VortexKernelEntry* m_kernel = nullptr;
    std::string m_setup_error; // the program's setup threw: the run ends as a host error
    void judged_none(Collected& c, const std::string& why) const;
    VortexGeometry m_geometry{};
    std::unique_ptr<vortex::VortexDevice> m_device;
    std::unique_ptr<TraceWindow> m_window;
    std::unique_ptr<VortexTracer> m_tracer;
};

void VortexTarget::elaborate(const ExperimentConfig& cfg, const RunOptions& options) {
    if (!options.timeline_path.empty())
        throw ConfigError(cfg.file +
                          ": --timeline is not available on vortex platforms yet; --vcd is");
    if (!options.rounds_path.empty())
        throw ConfigError(cfg.file + ": --rounds lists the barrier rounds Ascend kernels mark; "
                                     "a vortex run marks none (its barriers are in the result)");
    const TraceSpec& trace = options.trace;
    if (trace.by_rounds || !trace.cores.empty() || trace.signals != kAllTraceSignals)
        throw ConfigError(cfg.file + ": on vortex platforms a trace keeps every warp of a time "
                                     "window (--window FROM..TO); rounds:A..B, --cores and "
                                     "--signals are for Ascend platforms");
    const VortexPlatform& p = setup_as<VortexSetup>(cfg).platform;
    m_kernel = &workloads().vortex_kernels().at(setup_as<VortexSetup>(cfg).kernel);
    m_device = std::make_unique<vortex::VortexDevice>("vortex", p,
                                                      std::make_shared<const ParamMap>(cfg.params));
    m_geometry = {static_cast<int>(p.clusters), static_cast<int>(p.cores),
                  static_cast<int>(p.warps), static_cast<int>(p.threads)};
    if (m_kernel->setup) {
        // A user's program (a plugin) may throw: the run then ends as a host
        // error naming it, before any warp starts.
        try {
            m_kernel->setup(m_device->memory(), m_geometry, cfg.params);
        } catch (const std::exception& e) {
            m_setup_error = m_kernel->name + ": its setup threw: " + e.what();
        } catch (...) {
            m_setup_error = m_kernel->name + ": its setup threw a non-standard exception";
        }
    }
    const std::string vcd = options.vcd_path.empty() ? cfg.vcd : options.vcd_path;
    if (!vcd.empty()) {
        m_window = std::make_unique<TraceWindow>(trace);
        m_tracer =
            std::make_unique<VortexTracer>(vcd, m_geometry.clusters, m_geometry.cores_per_cluster,
                                           m_geometry.warps, m_window.get());
        m_device->set_tracer(m_tracer.get());
    }
    if (m_setup_error.empty()) m_device->start(m_kernel->program);
}

std::optional<Outcome> VortexTarget::ended() const {
    if (!m_setup_error.empty()) return Outcome{"host_error", m_setup_error};
    if (!m_device->faults().empty()) return Outcome{"fault", m_device->faults().front()};
    if (m_device->finished()) return Outcome{"completed", "every warp exited"};
    if (m_device->watchdog_fired()) return Outcome{"watchdog", m_device->watchdog()};
    if (m_device->livelock_detected()) return Outcome{"livelock", m_device->livelock()};
    return std::nullopt;
}

// Every check the program declares fails with `why` (its check threw).
void VortexTarget::judged_none(Collected& c, const std::string& why) const {
    c.checks.clear();
    for (const std::string& name : m_kernel->checks)
        c.checks.push_back({name, false, why, nullptr});
}

Collected VortexTarget::collect(const ExperimentConfig& cfg, std::uint64_t end_ps,
                                const RunOptions&) {
    if (m_tracer) m_tracer->finish(end_ps);
    const VortexPlatform& p = setup_as<VortexSetup>(cfg).platform;
    Collected c;
    json warps = json::array();
    for (const auto& w : m_device->report()) {
        const std::string name = "core" + std::to_string(w.core) + ".warp" + std::to_string(w.warp);
        c.stuck.push_back(name);
        warps.push_back({{"warp", name}, {"state", w.state}, {"waiting_on", w.detail}});
    }
    std::sort(c.stuck.begin(), c.stuck.end());
    if (m_kernel->check && m_setup_error.empty()) {
        try {
            for (const auto& k : m_kernel->check(m_device->memory(), m_geometry, cfg.params,
                                                 m_device->releases().kept()))
                c.checks.push_back({k.name, k.ok, k.detail, nullptr});
        } catch (const std::exception& e) {
            judged_none(c, std::string("not judged: its check threw: ") + e.what());
        } catch (...) {
            judged_none(c, "not judged: its check threw a non-standard exception");
        }
    }
    c.declared_checks = m_kernel->checks;
    c.workload = m_kernel->name;

    const double cycle_ps = 1e6 / p.clock_mhz;
    json releases = json::array();
    for (const auto& r : m_device->releases()) {
        json rj = {{"kind", r.global  ? "global"
                            : r.split ? "split"
                                      : "local"},
                   {"core", r.core},
                   {"id", r.id},
                   {"last_arrival_ps", r.last_arrival_ps},
                   {"ready_ps", r.ready_ps},
                   {"latency_cycles", (r.ready_ps - r.last_arrival_ps) / cycle_ps}};
        if (!r.global) rj["warps"] = r.warps;
        releases.push_back(rj);
    }
    json checks = json::array();
    for (const auto& k : c.checks)
        checks.push_back({{"name", k.name}, {"ok", k.ok}, {"detail", k.detail}});
    c.sections = {{"platform", platform_json(p)},
                  {"time", {{"end_cycles", end_ps / cycle_ps}}},
                  {"stuck", warps},
                  {"gbar", m_device->gbar_state()},
                  {"lost_gbar_requests", m_device->lost_requests()},
                  {"releases", releases},
                  {"checks", checks},
                  {"faults", m_device->faults()},
                  {"events", {{"warp_issues", m_device->issued()}}}};
    if (m_device->releases().left_out())
        c.sections["releases_left_out"] = m_device->releases().left_out();
    const std::vector<std::string> culprits = m_device->culprits();
    if (!culprits.empty()) c.sections["diagnosis"]["lines"] = culprits;
    return c;
}

void VortexTarget::summarize_setup(std::ostream& s, const json& result) const {
    const json& params = result["platform"]["params"];
    auto value = [&params](const char* name) { return params[name]["value"].get<std::string>(); };
    s << "platform   " << result["platform"]["name"].get<std::string>() << " (vortex, "
      << value("fidelity") << ", " << value("cluster.count") << " cluster(s) x "
      << value("cluster.cores") << " cores x " << value("core.warps") << " warps x "
      << value("core.threads") << " threads)\n";
    s << "workload   vortex " << result["config"]["workload"]["vortex"].get<std::string>() << "\n";
}

// The stuck warps, one line per group waiting on the same thing.
void summarize_stuck(std::ostream& s, const json& stuck) {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups; // what -> warps
    for (const json& w : stuck) {
        const std::string detail = w["waiting_on"];
        const std::string what =
            w["state"].get<std::string>() + (detail.empty() ? "" : " at " + detail);
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&what](const auto& g) { return g.first == what; });
        if (it == groups.end()) it = groups.insert(groups.end(), {what, {}});
        it->second.push_back(w["warp"].get<std::string>());
    }
    s << "not done   " << stuck.size() << " warp(s):\n";
    for (std::size_t i = 0; i < groups.size() && i < 12; ++i)
        s << "  " << core_ranges(groups[i].second) << ": " << groups[i].first << "\n";
    say_left_out(s, groups.size(), 12, "groups of warps");
}

void VortexTarget::summarize(std::ostream& s, const json& result) const {
    if (result.contains("diagnosis") && !cut_short(result)) {
        const json& lines = result["diagnosis"]["lines"];
        for (std::size_t i = 0; i < lines.size() && i < 8; ++i)
            s << "culprit    " << lines[i].get<std::string>() << "\n";
        say_left_out(s, lines.size(), 8, "culprit lines");
    }
    s << "simulated  " << format_time(result["time"]["end_ps"].get<std::uint64_t>()) << " ("
      << std::fixed << std::setprecision(0) << result["time"]["end_cycles"].get<double>()
      << " cycles)\n";
    int local = 0, global = 0, split = 0;
    double local_lat = 0, global_lat = 0;
    for (const json& r : result["releases"]) {
        const bool is_global = r["kind"] == "global";
        split += r["kind"] == "split";
        (is_global ? global : local) += 1;
        (is_global ? global_lat : local_lat) = r["latency_cycles"].get<double>();
    }
    s << "barriers   " << local << " local release(s)"
      << (local ? ", last " + std::to_string(static_cast<int>(local_lat)) +
                      " cycles after the last BAR"
                : "")
      << (split ? " (" + std::to_string(split) + " split-phase)" : "") << "; " << global
      << " global"
      << (global ? ", last " + std::to_string(static_cast<int>(global_lat)) +
                       " cycles after the last core"
                 : "")
      << "\n";
    summarize_checks(s, result["checks"]);
    const json& stuck = result["stuck"];
    if (!stuck.empty()) {
        summarize_stuck(s, stuck);
        for (const json& g : result["gbar"]) s << "  " << g.get<std::string>() << "\n";
        for (const json& l : result["lost_gbar_requests"])
            s << "  " << l.get<std::string>() << "\n";
    }
    for (const json& f : result["faults"]) s << "fault      " << f.get<std::string>() << "\n";
}

} // namespace

std::unique_ptr<RunTarget> make_vortex_target() {
    return std::make_unique<VortexTarget>();
}

} // namespace syncsim
