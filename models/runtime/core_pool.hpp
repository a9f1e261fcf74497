// The device's cores as the task scheduler hands them out: which are taken
// and by which launch, where the next block of a launch fits (lowest free
// first, within its die group's clusters), and, when blocks wait, who holds
// the cores they need.
#pragma once

#include "models/runtime/launch_execution.hpp"

#include <optional>
#include <string>
#include <vector>

namespace syncsim {

class CorePool {
  public:
    // `dies`: the device's dies, whose clusters are consecutive AIC indices.
    CorePool(std::vector<AiCore*> aic, std::vector<AiCore*> aiv, int dies);
    CorePool(const CorePool&) = delete;
    CorePool& operator=(const CorePool&) = delete;

    int dies() const { return m_dies; }
    // Free cores for the next block of `e`'s group, or nothing.
    std::optional<std::vector<AiCore*>> place(const LaunchExecution& e, int group) const;
    // Whether every block of `e` fits the free cores at once (batch mode).
    bool all_fit(const LaunchExecution& e) const;
    void take(AiCore* core, const LaunchExecution& owner);
    void release(AiCore* core);
    // Every core, AICs then AIVs (a hang's diagnosis reads them all).
    std::vector<const AiCore*> all() const {
        std::vector<const AiCore*> out(m_aic.begin(), m_aic.end());
        out.insert(out.end(), m_aiv.begin(), m_aiv.end());
        return out;
    }
    // Who holds the cores `e` needs, launch by launch, with how many.
    std::vector<std::pair<const LaunchExecution*, int>> holders_of(const LaunchExecution& e) const;
    // Why `e`'s remaining blocks are not placed: who holds the cores.
    std::string why_waiting(const LaunchExecution& e) const;

  private:
    std::vector<AiCore*> m_aic, m_aiv;
    std::vector<bool> m_aic_taken, m_aiv_taken;
    std::vector<const LaunchExecution*> m_aic_owner, m_aiv_owner; // null: free
    int m_dies, m_clusters_per_die;
};

} // namespace syncsim
