// A Vortex warp program from a plugin: warp 0 of each core writes its mark,
// the cores meet at a global barrier, and each reads its right neighbour's
// mark. Without the barrier (use_barrier: false) a core may read before its
// neighbour wrote.
#include <syncsim/plugin.hpp>

#include <stdexcept>

namespace {

using namespace syncsim;

constexpr std::uint32_t kMarks = 0, kSeen = 1 << 16;
constexpr std::uint32_t kGlobal = 0x80000000u; // a global barrier id (vx_intrinsics.h)

void ring_body(vortex::WarpApi& w) {
    if (w.core_id() == 1 && std::get<std::string>(w.param("throws")) == "program")
        throw std::runtime_error("ring broke");
    if (w.warp_id() == 0) {
        const auto core = static_cast<std::uint32_t>(w.core_id());
        // Later cores write later, so a missing barrier shows.
        w.compute(50 * core);
        w.store(kMarks + core, 100 + static_cast<std::int32_t>(core));
        w.fence();
        if (w.param_bool("use_barrier"))
            w.barrier(kGlobal, static_cast<std::uint32_t>(w.num_cores()));
        const auto right = static_cast<std::uint32_t>((w.core_id() + 1) % w.num_cores());
        w.store(kSeen + core, w.load(kMarks + right));
    }
    w.tmc(0);
}

void setup_ring(VortexMemory&, const VortexGeometry&, const ParamMap& p) {
    if (std::get<std::string>(p.at("throws")) == "setup") throw std::runtime_error("no memory");
}

std::vector<VortexCheck> check_ring(const VortexMemory& m, const VortexGeometry& g,
                                    const ParamMap& p, const std::vector<vortex::ReleaseRecord>&) {
    if (std::get<std::string>(p.at("throws")) == "check") throw std::runtime_error("lost count");
    int wrong = 0;
    for (int c = 0; c < g.cores(); ++c) {
        const auto it = m.find(kSeen + static_cast<std::uint32_t>(c));
        const std::int32_t want = 100 + (c + 1) % g.cores();
        if (it == m.end() || it->second != want) ++wrong;
    }
    return {{"every core read its right neighbour's mark", wrong == 0,
             std::to_string(wrong) + " of " + std::to_string(g.cores()) + " wrong"}};
}

} // namespace

SYNCSIM_PLUGIN("vortex_ring") {
    sink.add(VortexKernelEntry{"vortex_ring",
                               "each core marks, global barrier, reads its right neighbour",
                               ring_body,
                               {{"use_barrier", true, "meet at the global barrier first"},
                                choice_param("throws", "none",
                                             "where the program throws (to test that a "
                                             "plugin's exception is reported, not a crash)",
                                             {"none", "program", "setup", "check"})},
                               setup_ring,
                               check_ring,
                               {"every core read its right neighbour's mark"}});
}
