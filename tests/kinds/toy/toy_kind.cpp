// The test kind (toy_kind.hpp), whole: platform parameters, model, config
// reader, run target and registry row.
#include "tests/kinds/toy/toy_kind.hpp"

#include "driver/experiment/config_readers.hpp"
#include "driver/experiment/expect_config.hpp"
#include "driver/kinds/kind_setup.hpp"
#include "driver/run/result_parts.hpp"
#include "driver/run/run_target.hpp"
#include "models/systemc/simulation_time.hpp"

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <systemc>

namespace syncsim::toy {

namespace {

// The chip's parameters: the tree a toy platform file gives under `device:`.
struct ToyPlatform {
    std::string name, description, file;
    std::vector<std::string> files;
    ParamOrigins origins;
    double clock_mhz = 0;
    std::int64_t cores = 0;
    double arrive_cycles = 0, release_cycles = 0;

    template <typename Declare>
    void declare(Declare& d) {
        d(clock_mhz, "clock_mhz", "MHz", "core clock", 1, 10000);
        d(cores, "cores", "cores", "cores on the chip", 1, 64);
        d(arrive_cycles, "arrive_cycles", "cycles", "a core's arrival at the barrier", 0, 1000);
        d(release_cycles, "release_cycles", "cycles", "the last arrival to the release", 0, 1000);
    }
    sc_core::sc_time cycles(double n) const {
        return sc_core::sc_time(n / clock_mhz, sc_core::SC_US);
    }
};

const std::vector<WorkloadParam>& barrier_params() {
    static const std::vector<WorkloadParam> params = {
        {"participants", std::int64_t(4), "cores the barrier waits for", 1, 1024},
        {"work_cycles", std::int64_t(100), "core i works (i + 1) x this before it arrives", 0, 1e9},
    };
    return params;
}

// The model: one thread per core; the barrier is a count and an event.
class ToyChip : public sc_core::sc_module {
  public:
    ToyChip(sc_core::sc_module_name name, const ToyPlatform& p, std::int64_t participants,
            std::int64_t work_cycles)
        : sc_module(name), m_p(p), m_participants(participants),
          m_done(static_cast<std::size_t>(p.cores), false) {
        for (int core = 0; core < p.cores; ++core)
            sc_core::sc_spawn([this, core, work_cycles] { run_core(core, work_cycles); },
                              ("core" + std::to_string(core)).c_str());
    }

    std::int64_t arrived() const { return m_arrived; }
    std::int64_t participants() const { return m_participants; }
    std::optional<std::uint64_t> released_ps() const { return m_released_ps; }
    const std::vector<bool>& done() const { return m_done; }
    bool finished() const {
        return std::all_of(m_done.begin(), m_done.end(), [](bool d) { return d; });
    }

  private:
    void run_core(int core, std::int64_t work_cycles) {
        wait_for(m_p.cycles(double(work_cycles) * (core + 1)));
        wait_for(m_p.cycles(m_p.arrive_cycles));
        if (!m_released_ps && ++m_arrived == m_participants) {
            const sc_core::sc_time release = m_p.cycles(m_p.release_cycles);
            m_released_ps = to_ps(sc_core::sc_time_stamp() + release);
            m_release.notify(release);
        }
        if (!m_released_ps || to_ps(sc_core::sc_time_stamp()) < *m_released_ps) wait_on(m_release);
        m_done[static_cast<std::size_t>(core)] = true;
    }

    const ToyPlatform& m_p;
    std::int64_t m_participants, m_arrived = 0;
    std::optional<std::uint64_t> m_released_ps;
    sc_core::sc_event m_release;
    std::vector<bool> m_done;
};

class ToySetup;

class ToyTarget : public RunTarget {
  public:
    explicit ToyTarget(const ToyPlatform& p) : m_p(p) {}
    void elaborate(const ExperimentConfig& cfg, const RunOptions&) override {
        m_chip = std::make_unique<ToyChip>("toy", m_p,
                                           std::get<std::int64_t>(cfg.params.at("participants")),
                                           std::get<std::int64_t>(cfg.params.at("work_cycles")));
    }
    bool finished() const override { return m_chip->finished(); }
    bool still_active() const override { return sc_core::sc_pending_activity(); }
    std::optional<Outcome> ended() const override {
        if (!m_chip->finished()) return std::nullopt;
        return Outcome{"completed", "every core passed the barrier"};
    }
    std::string deadlock_reason() const override {
        return std::to_string(m_chip->arrived()) + " of the barrier's " +
               std::to_string(m_chip->participants()) + " participants arrived; the chip has " +
               std::to_string(m_p.cores) + " cores";
    }
    Collected collect(const ExperimentConfig&, std::uint64_t, const RunOptions&) override {
        Collected c;
        for (std::size_t core = 0; core < m_chip->done().size(); ++core)
            if (!m_chip->done()[core]) c.stuck.push_back("core" + std::to_string(core));
        std::sort(c.stuck.begin(), c.stuck.end());
        nlohmann::json released = nullptr;
        if (m_chip->released_ps()) released = *m_chip->released_ps();
        c.sections = {{"platform", platform_json(m_p)},
                      {"barrier",
                       {{"participants", m_chip->participants()},
                        {"arrived", m_chip->arrived()},
                        {"released_ps", released}}},
                      {"stuck", c.stuck}};
        return c;
    }
    void summarize_setup(std::ostream& s, const nlohmann::json& result) const override {
        s << "platform   " << result["platform"]["name"].get<std::string>() << " (toy, "
          << m_p.cores << " cores)\n";
    }
    void summarize(std::ostream& s, const nlohmann::json& result) const override {
        const nlohmann::json& b = result["barrier"];
        s << "barrier    " << b["arrived"] << " of " << b["participants"] << " arrived";
        if (!b["released_ps"].is_null())
            s << ", released at " << format_time(b["released_ps"].get<std::uint64_t>());
        s << "\n";
    }
    std::string events_detail(const nlohmann::json&) const override { return ""; }

  private:
    const ToyPlatform& m_p;
    std::unique_ptr<ToyChip> m_chip;
};

class ToySetup : public SetupOn<ToyPlatform> {
  public:
    using SetupOn::SetupOn;
    void read(const MapView& doc, ExperimentConfig& cfg) override {
        override_param_tree(platform, doc.map("overrides"));
        if (!doc.has("workload")) throw ConfigError(doc.where() + ": missing key 'workload'");
        const MapView workload = doc.map("workload");
        workload.allow_only({"toy", "params"});
        workload.choice("toy", {"barrier"});
        read_params(workload.map("params"), barrier_params(), cfg);
        read_common(doc, cfg, {});
        const std::int64_t cores = platform.cores;
        check_stuck_names(
            doc, cfg,
            [cores](const std::string& name) {
                const std::int64_t core = numbered(name, "core");
                return core >= 0 && core < cores;
            },
            "core (coreN)");
    }
    void describe_workload(nlohmann::json& config) const override {
        config["workload"] = {{"toy", "barrier"}};
    }
    const std::vector<WorkloadParam>* workload_params() const override { return &barrier_params(); }
    CapacityDemand demand(const ParamMap&) const override {
        CapacityDemand d;
        d.threads = static_cast<std::uint64_t>(platform.cores);
        d.threads_why = "one per core";
        return d;
    }
    std::unique_ptr<RunTarget> make_target() const override {
        return std::make_unique<ToyTarget>(platform);
    }
    std::vector<std::string> companion_files(const std::string&) const override { return {}; }
};

std::unique_ptr<LoadedPlatform> load_toy(const std::string& dir, const std::string& name) {
    ToyPlatform p;
    load_param_tree(dir, name, p);
    return std::make_unique<PlatformOf<ToyPlatform>>(std::move(p));
}

} // namespace

PlatformKind toy_kind() {
    return PlatformKind{"toy", load_toy, setup_on_file<PlatformOf<ToyPlatform>, ToySetup>};
}

} // namespace syncsim::toy
