// A stuck barrier's culprits on the Vortex device: for a local barrier, the
// core's warps that are not in its mask (never spawned, exited, or waiting
// elsewhere); for a global one, the cores none of whose warps is there.
#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"

#include <map>

namespace syncsim::vortex {

namespace {

std::string warp_name(const VxCore& c, const VxWarp& w) {
    return "core" + std::to_string(c.index) + ".warp" + std::to_string(w.id);
}

std::string what_warp_did(const VxWarp& w) {
    if (!w.spawned) return "was never spawned";
    if (w.exited) return "exited";
    if (w.state == "running") return "is running elsewhere in the program";
    return "waits at " + w.state + (w.detail.empty() ? std::string() : " (" + w.detail + ")");
}

bool all_exited(const VxCore& c) {
    for (const auto& w : c.warps)
        if (w->spawned && !w->exited) return false;
    return true;
}

} // namespace

std::vector<std::string> VortexDevice::culprits() const {
    std::vector<std::string> out;
    std::map<int, std::set<int>> gbar_cores; // gbar slot -> cores with a warp there
    for (const auto& c : m_cores)
        for (const auto& w : c->warps)
            if (w->spawned && !w->exited && w->state == "gbar")
                gbar_cores[w->slot].insert(c->index);
    for (const auto& c : m_cores) {
        std::set<int> slots; // local barriers some warp of this core waits at
        for (const auto& w : c->warps)
            if (w->spawned && !w->exited && w->state == "barrier" && w->slot >= 0 &&
                !w->split_wait) // a split-phase wait is on the split barriers
                slots.insert(w->slot);
        for (int slot : slots) {
            const std::uint64_t there = c->table->mask(slot);
            for (const auto& w : c->warps)
                if (!((there >> w->id) & 1u))
                    out.push_back(warp_name(*c, *w) + " did not arrive at local barrier " +
                                  std::to_string(slot) + " of core " + std::to_string(c->index) +
                                  ": it " + what_warp_did(*w));
        }
    }
    for (const auto& [slot, cores] : gbar_cores) {
        if (cores.size() == m_cores.size())
            out.push_back("every core arrived at global barrier " + std::to_string(slot) +
                          ", yet no release came: the gbar unit never answered (its lines "
                          "below say why)");
        for (const auto& c : m_cores)
            if (!cores.count(c->index))
                out.push_back(
                    "core " + std::to_string(c->index) + " did not arrive at global barrier " +
                    std::to_string(slot) +
                    (all_exited(*c) ? ": all its warps exited" : ": none of its warps is there"));
    }
    return out;
}

} // namespace syncsim::vortex
