#include "platforms/ascend_device.hpp"

#include "models/core/core_stats.hpp"
#include "models/memory/l2_stats.hpp"
#include "models/races/race_stats.hpp"
#include "models/report/round_report.hpp"

namespace syncsim {

namespace {

CoreConfig core_config(const Platform& p, const SimOptions& o, CoreType type, int index,
                       int soc_core_id) {
    CoreConfig c;
    static_cast<CoreParams&>(c) = p.core;
    c.fast_poll = o.fast_poll;
    c.sys_counter_mhz = p.sys_counter_mhz;
    c.type = type;
    c.index = index;
    c.soc_core_id = soc_core_id;
    c.die = die_of(p, type, index);
    c.features = platform_features(p);
    return c;
}

} // namespace

AscendDevice::AscendDevice(const Platform& platform, const SimOptions& options)
    : m_platform(platform), m_clock(Clock::from_mhz(platform.clock_mhz)),
      m_core_stats(core_stats(m_core_reports)),
      m_round_stats(round_stats(m_rounds, [this](int soc_core_id) {
          return std::string(m_cores[static_cast<std::size_t>(soc_core_id)]->basename());
      })) {
    const int dies = static_cast<int>(platform.dies);
    m_line_watch = std::make_unique<LineWatch>(platform.core.cache_line_bytes);
    m_aic_ptrs.resize(static_cast<std::size_t>(platform.aic_cores));
    m_aiv_ptrs.resize(static_cast<std::size_t>(platform.aiv_cores));
    m_nodes.push_back(std::make_unique<Node>("soc", [&] {
        for (int d = 0; d < dies; ++d) build_die(d, options);
        DieLinks links(dies, platform.interconnect.die_hop_cycles);
        for (int a = 0; a < dies; ++a)
            for (int b = a + 1; b < dies; ++b) links.set(a, b, platform.link(a, b).die_hop_cycles);
        std::vector<L2Cache*> l2s;
        for (const auto& l2 : m_l2s) l2s.push_back(l2.get());
        m_interconnect = std::make_unique<DieInterconnect>("interconnect", links, m_clock, l2s,
                                                           platform.l2.line_bytes);
        // SoC ids: the AICs, then the AIVs.
        for (AiCore* core : m_aic_ptrs) m_cores.emplace_back(core);
        for (AiCore* core : m_aiv_ptrs) m_cores.emplace_back(core);
        const int hub = static_cast<int>(platform.ffts_hub_die);
        std::vector<std::string> names;
        std::vector<CoreType> types;
        std::vector<double> hops;
        for (AiCore* core : m_cores) {
            core->gm_link().socket.bind(m_interconnect->target);
            m_interconnect->add_requester(core->config().die);
            core->set_poll_sleep(m_interconnect.get());
            core->set_round_ledger(&m_rounds);
            core->set_gm_diagnosis({&m_provenance, &m_gm, &m_stale_reads});
            names.push_back(core->basename());
            types.push_back(core->config().type);
            hops.push_back(links.hop_cycles(core->config().die, hub));
        }
        m_ffts = std::make_unique<FftsHub>("ffts", platform.ffts, m_clock, names, types, hops);
        for (AiCore* core : m_cores) core->set_ffts(m_ffts.get());
        m_scheduler = std::make_unique<TaskScheduler>("task_scheduler", m_aic_ptrs, m_aiv_ptrs,
                                                      m_clock, platform.scheduler, dies);
        build_aicpu();
    }));
    m_notifies = std::make_unique<NotifyTable>(platform.notify, m_clock);
    build_races(options.races);
    std::vector<const L2Cache*> l2s;
    for (const auto& l2 : m_l2s) l2s.push_back(l2.get());
    m_l2_stats = l2_stats(std::move(l2s));
    // The cores first: the summary's parts in one place follow this order
    // (the cores' "not done" heading, then the scheduler's launches).
    for (const StatsGroup* g : std::initializer_list<const StatsGroup*>{
             &m_core_stats, &m_notifies->stats(), &m_scheduler->stats(), &m_ffts->stats(),
             &m_l2_stats, &m_round_stats})
        m_stats.add(*g);
    if (m_race_stats) m_stats.add(*m_race_stats);
    // A cube reaches a unified buffer only through subblock 0 of its cluster.
    for (std::size_t k = 0; k < m_aic_ptrs.size(); ++k)
        m_aic_ptrs[k]->set_ub_peer(m_aiv_ptrs[k * platform.aiv_per_aic]);
}

void AscendDevice::build_races(RaceMode mode) {
    if (mode == RaceMode::Off) return;
    std::vector<std::string> agents;
    for (AiCore* core : m_cores) agents.push_back(core->basename());
    agents.push_back("the host");
    agents.push_back("the AICPU");
    m_races = std::make_unique<RaceDetector>(std::move(agents), mode);
    for (AiCore* core : m_cores) core->set_race_detector(m_races.get());
    m_ffts->set_flag_observer(m_races.get());
    for (const auto& l2 : m_l2s) l2->set_write_observer(m_races.get());
    m_aicpu->set_races(m_races.get(), race_host_agent() + 1);
    m_race_stats = std::make_unique<StatsGroup>(race_stats(*m_races));
}

void AscendDevice::attach_tracer(SignalTracer* tracer,
                                 std::function<void(std::uint64_t, std::uint64_t)> written) {
    m_ffts->set_tracer(tracer);
    m_notifies->set_tracer(tracer);
    for (std::size_t die = 0; die < m_l2s.size(); ++die) {
        m_l2s[die]->set_write_observer(written);
        m_l2s[die]->set_queue_tracer(tracer, static_cast<int>(die));
    }
}

void AscendDevice::end_run(const sc_core::sc_time& end) {
    m_core_reports.clear();
    for (AiCore* core : m_cores) m_core_reports.push_back(core->report(end));
    for (const auto& l2 : m_l2s) l2->serve_polls_before(end);
    m_rounds.finish();
}

void AscendDevice::build_die(int die, const SimOptions& options) {
    const Platform on_die = m_platform.for_die(die);
    const std::string name = "die" + std::to_string(die);
    m_nodes.push_back(std::make_unique<Node>(name.c_str(), [&] {
        L2Params l2 = on_die.l2;
        l2.gm_base = kGmBase;
        l2.gm_bytes = static_cast<std::uint64_t>(on_die.hbm_bytes);
        l2.dies = static_cast<std::uint32_t>(on_die.dies);
        m_l2s.push_back(std::make_unique<L2Cache>("l2", l2, m_clock, m_gm, &m_polled));
        m_l2s.back()->set_provenance(&m_provenance);
        m_l2s.back()->set_line_watch(m_line_watch.get());
        const int ratio = static_cast<int>(on_die.aiv_per_aic);
        for (int c = 0; c < on_die.clusters_per_die; ++c) {
            const int cluster = die * static_cast<int>(on_die.clusters_per_die) + c;
            const std::string cluster_name = "cluster" + std::to_string(cluster);
            m_nodes.push_back(std::make_unique<Node>(cluster_name.c_str(), [&] {
                auto add = [&](CoreType type, int index) {
                    const int soc_id =
                        type == CoreType::AIC ? index : static_cast<int>(on_die.aic_cores) + index;
                    auto core = std::make_unique<AiCore>(
                        ((type == CoreType::AIC ? "aic" : "aiv") + std::to_string(index)).c_str(),
                        core_config(on_die, options, type, index, soc_id), m_clock);
                    (type == CoreType::AIC ? m_aic_ptrs : m_aiv_ptrs)
                        .at(static_cast<std::size_t>(index)) = core.get();
                    m_owned_cores.push_back(std::move(core));
                };
                add(CoreType::AIC, cluster);
                for (int v = 0; v < ratio; ++v) add(CoreType::AIV, cluster * ratio + v);
            }));
        }
    }));
}

void AscendDevice::build_aicpu() {
    TaskScheduler* scheduler = m_scheduler.get();
    std::vector<AicpuCluster::CoreWindow> windows; // by SoC id
    for (AiCore* core : m_cores) {
        const CoreConfig& c = core->config();
        // An AIC is its cluster; its AIV follow it.
        windows.push_back({&core->registers(), c.type,
                           c.type == CoreType::AIC
                               ? c.index
                               : c.index / static_cast<int>(m_platform.aiv_per_aic)});
    }
    AicpuParams aicpu = m_platform.aicpu;
    aicpu.sys_counter_mhz = m_platform.sys_counter_mhz;
    m_aicpu =
        std::make_unique<AicpuCluster>("aicpu", aicpu, std::move(windows), m_gm, &m_provenance,
                                       [scheduler] { return scheduler->new_launch_id(); });
    m_aicpu->set_line_watch(m_line_watch.get());
}

HostPorts AscendDevice::host_ports() {
    HostPorts ports;
    ports.device = device_info(m_platform);
    ports.gm = &m_gm;
    ports.gm_base = kGmBase;
    ports.gm_bytes = static_cast<std::uint64_t>(m_platform.hbm_bytes);
    ports.scheduler = m_scheduler.get();
    ports.notifies = m_notifies.get();
    ports.clock = &m_clock;
    ports.scheduling = m_platform.scheduler;
    ports.launch_rules = m_platform.launch_rules;
    if (m_platform.ffts.needs_base_address) ports.c2c_ctrl_addr = FftsHub::kBaseAddress;
    ports.aicpu = m_aicpu.get();
    ports.provenance = &m_provenance;
    ports.requester_name = [this](int requester) { return requester_name(requester); };
    ports.stale_reads = &m_stale_reads;
    ports.races = m_races.get();
    ports.race_host_agent = race_host_agent();
    return ports;
}

std::vector<AiCore*> AscendDevice::all_cores() const {
    return m_cores;
}

std::string AscendDevice::requester_name(int requester) const {
    const auto core = static_cast<std::size_t>(requester / kRequestersPerLink);
    if (requester < 0 || core >= m_cores.size()) return "the host";
    return std::string(m_cores[core]->basename()) + " (" +
           m_cores[core]->gm_link().requester_name(requester % kRequestersPerLink) + ")";
}

} // namespace syncsim
