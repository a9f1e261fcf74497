#include "platforms/ascend_device.hpp"

namespace syncsim {

namespace {

CoreConfig core_config(const Platform& p, const SimOptions& o, CoreType type, int index,
                       int soc_core_id) {
    CoreConfig c;
    static_cast<CoreParams&>(c) = p.core;
    c.fast_poll = o.fast_poll;
    c.type = type;
    c.index = index;
    c.soc_core_id = soc_core_id;
    c.die = die_of(p, type, index);
    c.features = platform_features(p);
    return c;
}

} // namespace

AscendDevice::AscendDevice(const Platform& platform, const SimOptions& options)
    : m_platform(platform), m_clock(Clock::from_mhz(platform.clock_mhz)) {
    L2Params l2 = platform.l2;
    l2.gm_base = kGmBase;
    l2.gm_bytes = static_cast<std::uint64_t>(platform.hbm_bytes);
    l2.dies = static_cast<std::uint32_t>(platform.dies);
    std::vector<L2Cache*> l2s;
    for (std::int64_t d = 0; d < platform.dies; ++d) {
        const std::string name = platform.dies == 1 ? "l2" : "l2_die" + std::to_string(d);
        m_l2s.push_back(std::make_unique<L2Cache>(name.c_str(), l2, m_clock, m_gm, &m_polled));
        m_l2s.back()->set_provenance(&m_provenance);
        l2s.push_back(m_l2s.back().get());
    }
    m_interconnect = std::make_unique<DieInterconnect>("interconnect", platform.interconnect,
                                                       m_clock, l2s, l2.line_bytes);

    int soc_core_id = 0;
    for (int i = 0; i < platform.aic_cores; ++i) {
        m_cores.push_back(std::make_unique<AiCore>(
            ("aic" + std::to_string(i)).c_str(),
            core_config(platform, options, CoreType::AIC, i, soc_core_id++), m_clock));
        m_aic_ptrs.push_back(m_cores.back().get());
    }
    for (int i = 0; i < platform.aiv_cores; ++i) {
        m_cores.push_back(std::make_unique<AiCore>(
            ("aiv" + std::to_string(i)).c_str(),
            core_config(platform, options, CoreType::AIV, i, soc_core_id++), m_clock));
        m_aiv_ptrs.push_back(m_cores.back().get());
    }
    for (auto& core : m_cores) {
        core->gm_link().socket.bind(m_interconnect->target);
        m_interconnect->add_requester(core->config().die);
        core->set_poll_sleep(m_interconnect.get());
        core->set_round_ledger(&m_rounds);
    }
    // A cube reaches a unified buffer only through subblock 0 of its cluster.
    for (std::size_t k = 0; k < m_aic_ptrs.size(); ++k)
        m_aic_ptrs[k]->set_ub_peer(m_aiv_ptrs[k * platform.aiv_per_aic]);

    std::vector<std::string> names;
    std::vector<CoreType> types;
    std::vector<double> hops; // the hub sits on die 0
    for (const auto& core : m_cores) {
        names.push_back(core->basename());
        types.push_back(core->config().type);
        hops.push_back(core->config().die == 0 ? 0.0 : platform.interconnect.die_hop_cycles);
    }
    m_ffts = std::make_unique<FftsHub>("ffts", platform.ffts, m_clock, names, types, hops);
    for (auto& core : m_cores) core->set_ffts(m_ffts.get());

    m_notifies = std::make_unique<NotifyTable>(platform.notify, m_clock);
    m_scheduler =
        std::make_unique<TaskScheduler>("task_scheduler", m_aic_ptrs, m_aiv_ptrs, m_clock,
                                        platform.scheduler, static_cast<int>(platform.dies));
    TaskScheduler* scheduler = m_scheduler.get();
    std::vector<AicpuCluster::CoreWindow> windows; // by SoC id
    for (const auto& core : m_cores) {
        const CoreConfig& c = core->config();
        // An AIC is its cluster; its AIV follow it.
        windows.push_back(
            {&core->registers(), c.type,
             c.type == CoreType::AIC ? c.index : c.index / static_cast<int>(platform.aiv_per_aic)});
    }
    m_aicpu = std::make_unique<AicpuCluster>("aicpu", platform.aicpu, std::move(windows), m_gm,
                                             &m_provenance,
                                             [scheduler] { return scheduler->new_launch_id(); });
}

std::vector<AiCore*> AscendDevice::all_cores() const {
    std::vector<AiCore*> all;
    for (const auto& c : m_cores) all.push_back(c.get());
    return all;
}

std::string AscendDevice::requester_name(int requester) const {
    // Slots: 0 the scalar unit, 1..6 the pipes V..FIX, 7 the write buffer
    // (the core's GM ports, AiCore's constructor).
    static const char* const kUnits[] = {"scalar unit", "PIPE_V",    "PIPE_M",   "PIPE_MTE1",
                                         "PIPE_MTE2",   "PIPE_MTE3", "PIPE_FIX", "write buffer"};
    const auto core = static_cast<std::size_t>(requester / kRequestersPerLink);
    const int slot = requester % kRequestersPerLink;
    if (requester < 0 || core >= m_cores.size()) return "the host";
    return std::string(m_cores[core]->basename()) + " (" +
           (slot < 8 ? kUnits[slot] : "requester " + std::to_string(slot)) + ")";
}

} // namespace syncsim
