#include "models/runtime/core_pool.hpp"

#include <algorithm>

namespace syncsim {

CorePool::CorePool(std::vector<AiCore*> aic, std::vector<AiCore*> aiv, int dies)
    : m_aic(std::move(aic)), m_aiv(std::move(aiv)), m_aic_taken(m_aic.size(), false),
      m_aiv_taken(m_aiv.size(), false), m_aic_owner(m_aic.size(), nullptr),
      m_aiv_owner(m_aiv.size(), nullptr), m_dies(std::max(1, dies)),
      m_clusters_per_die(static_cast<int>(m_aic.size()) / std::max(1, dies)) {}

std::optional<std::vector<AiCore*>> CorePool::place(const LaunchExecution& e, int group) const {
    const auto p = place_block(e.plan.aic_per_block, e.plan.aiv_per_block, m_aic_taken, m_aiv_taken,
                               e.groups.window(group, m_dies, m_clusters_per_die));
    if (!p) return std::nullopt;
    std::vector<AiCore*> cores;
    if (p->aic >= 0) cores.push_back(m_aic[static_cast<std::size_t>(p->aic)]);
    for (int v : p->aivs) cores.push_back(m_aiv[static_cast<std::size_t>(v)]);
    return cores;
}

bool CorePool::all_fit(const LaunchExecution& e) const {
    return all_blocks_fit(e.plan.aic_per_block, e.plan.aiv_per_block, e.plan.block_num, e.groups,
                          m_dies, m_clusters_per_die, m_aic_taken, m_aiv_taken);
}

void CorePool::take(AiCore* core, const LaunchExecution& owner) {
    const bool aic = core->config().type == CoreType::AIC;
    (aic ? m_aic_taken : m_aiv_taken)[core->config().index] = true;
    (aic ? m_aic_owner : m_aiv_owner)[core->config().index] = &owner;
}

void CorePool::release(AiCore* core) {
    const bool aic = core->config().type == CoreType::AIC;
    (aic ? m_aic_taken : m_aiv_taken)[core->config().index] = false;
    (aic ? m_aic_owner : m_aiv_owner)[core->config().index] = nullptr;
}

std::vector<std::pair<const LaunchExecution*, int>>
CorePool::holders_of(const LaunchExecution& e) const {
    std::vector<std::pair<const LaunchExecution*, int>> holders;
    const std::pair<const std::vector<const LaunchExecution*>*, bool> kinds[] = {
        {&m_aic_owner, e.plan.aic_per_block > 0}, {&m_aiv_owner, e.plan.aiv_per_block > 0}};
    for (const auto& [owners, needed] : kinds) {
        if (!needed) continue;
        for (const LaunchExecution* o : *owners) {
            if (!o) continue;
            auto it = std::find_if(holders.begin(), holders.end(),
                                   [o](const auto& h) { return h.first == o; });
            if (it == holders.end())
                holders.push_back({o, 1});
            else
                ++it->second;
        }
    }
    return holders;
}

std::string CorePool::why_waiting(const LaunchExecution& e) const {
    const LaunchPlan& plan = e.plan;
    const std::int64_t left = plan.block_num - e.dispatched;
    std::string out = std::to_string(left) + " block(s) never dispatched: ";
    if (e.batch) {
        const std::int64_t aic_need = plan.block_num * plan.aic_per_block,
                           aiv_need = plan.block_num * plan.aiv_per_block;
        const bool never =
            aic_need > std::int64_t(m_aic.size()) || aiv_need > std::int64_t(m_aiv.size());
        out +=
            "batch schedule mode starts all " + std::to_string(plan.block_num) +
            " blocks together, and they do not fit " +
            (never ? "the device at all (" + std::to_string(aic_need) + " AIC and " +
                         std::to_string(aiv_need) + " AIV needed, " + std::to_string(m_aic.size()) +
                         " and " + std::to_string(m_aiv.size()) + " there): they never will"
                   : std::string("the free cores"));
    } else
        out += "no free " + (plan.aic_per_block ? "cluster with 1 AIC + " +
                                                      std::to_string(plan.aiv_per_block) + " AIV"
                                                : std::string("AIV core"));
    const auto holders = holders_of(e);
    for (std::size_t i = 0; i < holders.size(); ++i) {
        const LaunchExecution& o = *holders[i].first;
        out += (i == 0 ? "; the cores are held by " : ", ") +
               (&o == &e ? std::string("this launch's own blocks")
                         : "launch " + std::to_string(o.id) + " (" + o.kernel->kernel_name +
                               ", stream " + std::to_string(o.stream) + ")") +
               ": " + std::to_string(holders[i].second) + " core(s)";
    }
    if (!e.batch)
        out += "; the launch's schedule mode is normal, so its blocks start in waves as cores "
               "free and a barrier in it waits for blocks that cannot start (batch mode, "
               "SetScheduleMode(1), starts them together)";
    return out;
}

} // namespace syncsim
