// The Ascend target: a SoC of AIC/AIV cores, FFTS, L2 and GM, a host
// runtime running the config's host program (or the default one that
// launches its kernel), and the tracers the options ask for.
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/ascend/ascend_kind.hpp"
#include "driver/kinds/ascend/ascend_result.hpp"
#include "driver/run/run_target.hpp"
#include "driver/study/sweep/shell_command.hpp"

#include "driver/kinds/ascend/ascend_tracer.hpp"
#include "models/runtime/host_runtime.hpp"
#include "models/runtime/host_stats.hpp"
#include "models/runtime/wait_graph_builder.hpp"
#include "models/runtime/watchdog_report.hpp"
#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/round_rows_file.hpp"
#include "output/trace/timeline.hpp"
#include "output/trace/trace_fanout.hpp"
#include "output/trace/word_watch.hpp"
#include "platforms/ascend_device.hpp"
#include "workloads/default_host.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>

namespace syncsim {

using nlohmann::json;

namespace {

class AscendTarget : public RunTarget {
  public:
    void elaborate(const ExperimentConfig& cfg, const RunOptions& options) override;
    bool finished() const override { return m_host->finished(); }
    bool still_active() const override;
    std::optional<Outcome> ended() const override;
    std::uint64_t reached_ps() const override;
    std::string deadlock_reason() const override;
    std::optional<std::uint64_t> next_deadline_ps() const override {
        const auto d = m_device->scheduler().next_deadline();
        return d ? std::optional<std::uint64_t>(to_ps(*d)) : std::nullopt;
    }
    void set_horizon_ps(std::uint64_t ps) override {
        m_device->scheduler().set_horizon(from_ps(ps));
    }
    void deadline_reached(bool deadlocked) override {
        m_device->scheduler().deadline_reached(deadlocked);
    }
    Collected collect(const ExperimentConfig& cfg, std::uint64_t end_ps,
                      const RunOptions& options) override;
    void summarize_setup(std::ostream& s, const json& result) const override {
        summarize_ascend_setup(s, result);
    }
    void summarize(std::ostream& s, const json& result) const override {
        summarize_ascend(s, result, stats());
    }
    std::string events_detail(const json&) const override { return ""; }
    std::uint64_t rounds_closed() const override { return m_device->rounds().stats().rounds; }

  private:
    HostProgram host_program(const ExperimentConfig& cfg) const;
    void attach_tracers(const ExperimentConfig& cfg, const RunOptions& options);
    WordReader word_reader() const;
    // The device's statistics groups and the host's.
    StatsRegistry stats() const;

    std::unique_ptr<AscendDevice> m_device;
    std::unique_ptr<HostRuntime> m_host;
    std::unique_ptr<StatsGroup> m_host_stats, m_check_explanations;
    std::unique_ptr<TraceWindow> m_window;
    std::unique_ptr<AscendTracer> m_tracer;
    std::unique_ptr<TimelineRecorder> m_timeline;
    std::unique_ptr<RoundRowsFile> m_rounds_file;
    TraceFanout m_fanout;
    std::unique_ptr<WordWatch> m_words;
};

HostProgram AscendTarget::host_program(const ExperimentConfig& cfg) const {
    const auto& registry = workloads();
    const AscendSetup& setup = setup_as<AscendSetup>(cfg);
    if (!setup.host.empty()) return registry.host(setup.host)->fn;
    return default_host_program(*registry.kernel(setup.kernel), *setup.launch, cfg.params);
}

void AscendTarget::elaborate(const ExperimentConfig& cfg, const RunOptions& options) {
    SimOptions sim_options;
    sim_options.fast_poll = cfg.fast_poll;
    sim_options.races = options.races;
    m_device = std::make_unique<AscendDevice>(setup_as<AscendSetup>(cfg).platform, sim_options);
    KernelLookup lookup = [](const std::string& name) -> KernelFn {
        const KernelEntry* k = workloads().kernel(name);
        return k ? k->fn : nullptr;
    };
    m_host = std::make_unique<HostRuntime>("host", host_program(cfg), lookup,
                                           std::make_shared<const ParamMap>(cfg.params),
                                           m_device->host_ports());
    m_host_stats = std::make_unique<StatsGroup>(host_stats(*m_host));
    m_check_explanations = std::make_unique<StatsGroup>(check_explanation_stats(*m_host));
    if (RaceDetector* races = m_device->races()) {
        const HostRuntime* host = m_host.get();
        races->set_address_names([host](std::uint64_t addr) { return host->where(addr); });
    }
    attach_tracers(cfg, options);
}

// A --cores range that names no core of the platform is a mistake, not an
// empty trace.
void check_core_selection(const ExperimentConfig& cfg, const TraceSpec& spec) {
    for (const TraceSpec::CoreRange& r : spec.cores) {
        const int count =
            static_cast<int>(r.type == "aic" ? setup_as<AscendSetup>(cfg).platform.aic_cores
                                             : setup_as<AscendSetup>(cfg).platform.aiv_cores);
        // A range names its last core too ("aiv0-999" on 72 AIV is a slip);
        // a bare type ("aiv") means all of them.
        const bool whole_type = r.last == std::numeric_limits<int>::max();
        const int beyond = r.first >= count ? r.first : whole_type ? -1 : r.last;
        if (beyond >= count)
            throw ConfigError("--cores: " + r.type + std::to_string(beyond) + " is not a core of " +
                              setup_as<AscendSetup>(cfg).platform.name + ", which has " +
                              std::to_string(count) + " " + r.type + " cores (" + r.type + "0-" +
                              std::to_string(count - 1) + ")");
    }
}

void AscendTarget::attach_tracers(const ExperimentConfig& cfg, const RunOptions& options) {
    check_core_selection(cfg, options.trace);
    // The window learns a round range's times before the tracers see the rows.
    m_window = std::make_unique<TraceWindow>(options.trace);
    m_device->rounds().add_sink(m_window.get());
    // Nothing earlier than this can still be traced: the kernel's time (cores
    // only run ahead of it) and the oldest open round (its marker comes later).
    AscendDevice* device = m_device.get();
    const auto horizon = [device] {
        return std::min(now_ps(), device->rounds().open_horizon_ps());
    };
    const std::string vcd = options.vcd_path.empty() ? cfg.vcd : options.vcd_path;
    if (!vcd.empty()) {
        m_tracer = std::make_unique<AscendTracer>(vcd, m_device->all_cores(), options.trace,
                                                  m_window.get());
        m_tracer->set_horizon(horizon);
        m_fanout.add(m_tracer.get(), m_tracer.get(), m_tracer.get());
        m_device->rounds().add_sink(m_tracer.get());
    }
    if (!options.timeline_path.empty()) {
        m_timeline = std::make_unique<TimelineRecorder>(
            options.timeline_path, m_device->all_cores(), options.trace, m_window.get());
        m_timeline->set_horizon(horizon);
        m_fanout.add(m_timeline.get(), m_timeline.get(), m_timeline.get());
        m_device->rounds().add_sink(m_timeline.get());
    }
    if (!options.rounds_path.empty()) {
        m_rounds_file = std::make_unique<RoundRowsFile>(options.rounds_path, options.trace);
        m_device->rounds().add_sink(m_rounds_file.get());
    }
    if (m_tracer || m_timeline) {
        TraceFanout* fanout = &m_fanout;
        m_words = std::make_unique<WordWatch>(m_device->gm(), m_fanout,
                                              [fanout] { return fanout->started(); });
        m_host->set_word_tracer(m_words.get());
        WordWatch* words = m_words.get();
        m_device->attach_tracer(
            &m_fanout, [words](std::uint64_t a, std::uint64_t n) { words->memory_written(a, n); });
        for (AiCore* core : m_device->all_cores()) core->set_tracer(&m_fanout);
        m_host->set_stream_tracer(&m_fanout);
    }
}

bool AscendTarget::still_active() const {
    // A core asleep in a fast-forwarded poll would still be spinning.
    bool polling = false;
    for (AiCore* core : m_device->all_cores()) polling = polling || core->asleep_in_poll();
    return sc_core::sc_pending_activity() || polling;
}

std::uint64_t AscendTarget::reached_ps() const {
    std::uint64_t reached = to_ps(sc_core::sc_time_stamp());
    for (const AiCore* core : m_device->all_cores())
        reached = std::max(reached, to_ps(core->reached()));
    return reached;
}

std::optional<Outcome> AscendTarget::ended() const {
    if (!m_host->finished()) return std::nullopt;
    if (m_host->error()) return Outcome{"host_error", *m_host->error()};
    const auto& kills = m_device->scheduler().watchdog_kills();
    if (!kills.empty()) return Outcome{"watchdog", watchdog_reason(kills.front())};
    if (!m_host->faults().empty()) return Outcome{"fault", m_host->faults().front()};
    return Outcome{"completed", "the host program returned and every stream drained"};
}

std::string AscendTarget::deadlock_reason() const {
    std::string reason =
        "no event is left to happen, yet the host waits on " + m_host->waiting_on();
    for (const auto& st : m_host->streams())
        if (!st->waiting_on().empty())
            reason += "; stream " + std::to_string(st->id()) + " waits in " + st->waiting_on();
    return reason;
}

WordReader AscendTarget::word_reader() const {
    const HostRuntime* host = m_host.get();
    return [host](const std::string& buffer, std::uint64_t word, std::int32_t* v) -> std::string {
        const auto& bufs = host->buffers();
        auto it = std::find_if(bufs.begin(), bufs.end(),
                               [&](const GmBuffer& b) { return b.name == buffer; });
        if (it == bufs.end()) return "the workload allocated no buffer '" + buffer + "'";
        if ((word + 1) * 4 > it->bytes)
            return "word " + std::to_string(word) + " is past the end of " + buffer;
        host->read_gm(it->addr + word * 4, v, 4);
        return "";
    };
}

StatsRegistry AscendTarget::stats() const {
    // The checks' explanations first: their lines follow the checks.
    StatsRegistry all;
    all.add(*m_check_explanations);
    for (const StatsGroup* g : m_device->stats().groups()) all.add(*g);
    all.add(*m_host_stats);
    return all;
}

namespace fs = std::filesystem;

// The wait-for graph as DOT, and as SVG beside it when Graphviz is there.
void write_wait_graph(const WaitGraph& graph, const std::string& path) {
    OutputFile file(path, "--waits file");
    graph.write_dot(file.stream());
    file.close();
    if (!have_command("dot -V")) return;
    const std::string svg = fs::path(path).replace_extension(".svg").string();
    // After the run: a failure costs the picture, not the run's results.
    if (std::system(("dot -Tsvg " + shell_quote(path) + " -o " + shell_quote(svg)).c_str()) != 0)
        std::cerr << "syncsim: warning: --waits: Graphviz's dot could not write " << svg << "\n";
}

Collected AscendTarget::collect(const ExperimentConfig& cfg, std::uint64_t end_ps,
                                const RunOptions& options) {
    const sc_core::sc_time end_time(static_cast<double>(end_ps), sc_core::SC_PS);
    m_device->end_run(end_time);
    if (m_rounds_file) m_rounds_file->close();

    Collected c;
    c.sections = ascend_sections(setup_as<AscendSetup>(cfg).platform, stats());
    c.checks = m_host->checks();
    for (const HostMeasurement& m : m_host->measurements())
        c.sections["measurements"][m.name] = {
            {"value", m.value}, {"unit", m.unit}, {"what", m.what}};
    c.declared_checks = setup_as<AscendSetup>(cfg).host.empty()
                            ? default_host_checks()
                            : workloads().host(setup_as<AscendSetup>(cfg).host)->checks;
    c.workload = setup_as<AscendSetup>(cfg).host.empty() ? setup_as<AscendSetup>(cfg).kernel
                                                         : setup_as<AscendSetup>(cfg).host;
    for (const CoreReport& r : m_device->core_reports())
        if (r.has_block) c.stuck.push_back(r.name);
    std::sort(c.stuck.begin(), c.stuck.end());
    c.poll_timeouts = c.sections["poll_timeouts"].size();
    const TraceSpec& spec = m_window->spec();
    if (!spec.whole_run() && (m_tracer || m_timeline || m_rounds_file)) {
        // What the traces hold: the window asked for and its times, or why empty.
        json w = {{"asked", spec.describe_window()}};
        if (m_window->from_known()) w["from_ps"] = m_window->from();
        if (m_window->from_known()) w["to_ps"] = std::min(m_window->to(), end_ps);
        c.sections["trace_window"] = w;
    }
    c.read_word = word_reader();
    if (!options.waits_path.empty())
        write_wait_graph(
            build_wait_graph(m_device->core_reports(), m_device->scheduler(), m_host.get()),
            options.waits_path);

    if (m_tracer) m_tracer->finish(end_ps);
    if (m_timeline) m_timeline->finish(end_ps);
    return c;
}

} // namespace

std::unique_ptr<RunTarget> make_ascend_target() {
    return std::make_unique<AscendTarget>();
}

} // namespace syncsim
