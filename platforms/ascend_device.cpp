#include "platforms/ascend_device.hpp"

namespace syncsim {

namespace {

CoreConfig core_config(const Platform& p, const SimOptions& o, CoreType type, int index,
                       int soc_core_id) {
    CoreConfig c;
    c.fast_poll = o.fast_poll;
    c.type = type;
    c.index = index;
    c.soc_core_id = soc_core_id;
    c.ub_bytes = static_cast<std::uint32_t>(p.ub_bytes);
    c.l1_bytes = static_cast<std::uint32_t>(p.l1_bytes);
    c.cache_line_bytes = static_cast<std::uint32_t>(p.scalar_cache_line_bytes);
    c.cache_lines = static_cast<std::size_t>(p.scalar_cache_bytes / p.scalar_cache_line_bytes);
    c.intra_core_flag_ids = static_cast<int>(p.intra_core_flag_ids);
    c.features = platform_features(p);
    c.flush_cache_at_block_end = p.flush_scalar_cache_at_block_end;
    c.timing.scalar_op = p.scalar_op_cycles;
    c.timing.cache_hit = p.scalar_cache_hit_cycles;
    c.timing.dcci = p.dcci_cycles;
    c.timing.dsb = p.dsb_cycles;
    c.timing.pipe_issue = p.pipe_issue_cycles;
    c.timing.dma_setup = p.dma_setup_cycles;
    c.timing.local_bytes_per_cycle = p.local_bytes_per_cycle;
    return c;
}

} // namespace

AscendDevice::AscendDevice(const Platform& platform, const SimOptions& options)
    : m_platform(platform), m_clock(Clock::from_mhz(platform.clock_mhz)) {
    L2Params l2;
    l2.gm_base = kGmBase;
    l2.gm_bytes = static_cast<std::uint64_t>(platform.hbm_bytes);
    l2.line_bytes = static_cast<std::uint32_t>(platform.l2_line_bytes);
    l2.size_bytes = static_cast<std::uint64_t>(platform.l2_bytes);
    l2.slices = static_cast<std::uint32_t>(platform.l2_slices);
    l2.hop_cycles = platform.noc_hop_cycles;
    l2.access_cycles = platform.l2_access_cycles;
    l2.miss_extra_cycles = platform.l2_miss_extra_cycles;
    l2.bytes_per_cycle = platform.l2_bytes_per_cycle;
    l2.atomic_cycles = platform.atomic_cycles;
    m_l2 = std::make_unique<L2Cache>("l2", l2, m_clock, m_gm);

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
        for (GmPort* port : core->gm_ports()) port->socket.bind(m_l2->target);
        core->set_watch(m_l2.get());
    }
    // A cube reaches a unified buffer only through subblock 0 of its cluster.
    for (std::size_t k = 0; k < m_aic_ptrs.size(); ++k)
        m_aic_ptrs[k]->set_ub_peer(m_aiv_ptrs[k * platform.aiv_per_aic]);

    FftsParams ffts;
    ffts.flag_ids = static_cast<int>(platform.ffts_flag_ids);
    ffts.counter_bits = static_cast<int>(platform.ffts_counter_bits);
    ffts.overflow = platform.ffts_counter_overflow == "saturate" ? OverflowPolicy::Saturate
                                                                 : OverflowPolicy::Wrap;
    // Mode 4 (950) is the per-subblock path of set_intra_block; message modes are 2 bits.
    ffts.modes.clear();
    for (char c : platform.ffts_modes)
        if (c >= '0' && c <= '3') ffts.modes.push_back(c - '0');
    ffts.intra_block = platform.ffts_intra_block;
    ffts.needs_base_address = platform.ffts_base_addr_required;
    ffts.base_count_increments = platform.ffts_base_count == "increment";
    ffts.reset_flags_per_launch = platform.ffts_reset_flags_per_launch;
    ffts.signal_cycles = platform.ffts_signal_cycles;
    ffts.process_cycles = platform.ffts_process_cycles;
    ffts.deliver_cycles = platform.ffts_deliver_cycles;
    ffts.intra_block_cycles = platform.intra_block_cycles;
    std::vector<std::string> names;
    std::vector<CoreType> types;
    for (const auto& core : m_cores) {
        names.push_back(core->basename());
        types.push_back(core->config().type);
    }
    m_ffts = std::make_unique<FftsHub>("ffts", ffts, m_clock, names, types);
    for (auto& core : m_cores) core->set_ffts(m_ffts.get());

    NotifyParams notify;
    notify.cnt_bank_ids =
        platform.cntnotify_supported ? static_cast<std::uint32_t>(platform.cntnotify_bank_ids) : 0;
    notify.notify_bank_ids = static_cast<std::uint32_t>(platform.notify_bank_ids);
    notify.mode4 =
        platform.cntnotify_mode4 == "clear_bits" ? Mode4Semantics::ClearBits : Mode4Semantics::And;
    notify.record_cycles = platform.notify_record_cycles;
    notify.wake_cycles = platform.notify_wake_cycles;
    m_notifies = std::make_unique<NotifyTable>(notify, m_clock);

    m_scheduler = std::make_unique<TaskScheduler>("task_scheduler", m_aic_ptrs, m_aiv_ptrs, m_clock,
                                                  platform.block_dispatch_cycles);
}

std::vector<AiCore*> AscendDevice::all_cores() const {
    std::vector<AiCore*> all;
    for (const auto& c : m_cores) all.push_back(c.get());
    return all;
}

} // namespace syncsim
