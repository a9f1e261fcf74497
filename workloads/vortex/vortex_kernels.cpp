// The vendor's barrier tests (vortex-gbar.md 5) and the hang cases of its
// section (a), as warp programs.
#include "workloads/vortex/vortex_kernels.hpp"

#include "workloads/registry.hpp"

#include <algorithm>

namespace syncsim {

namespace {

using vortex::WarpApi;
using Memory = VortexMemory;

constexpr std::uint32_t kSrc = 0, kDst = 1 << 20, kBuf = 2 << 20, kOut = 3 << 20;
constexpr std::uint32_t kGlobal = 0x80000000u;

std::int32_t word(const Memory& m, std::uint32_t a) {
    auto it = m.find(a);
    return it == m.end() ? 0 : it->second;
}

// Every task (core, warp, thread) adds 1 to its own dst element.
void increment_own(WarpApi& w) {
    const int block = w.num_warps() * w.num_threads();
    for (int lane = 0; lane < w.num_threads(); ++lane) {
        const std::uint32_t t =
            static_cast<std::uint32_t>(w.core_id() * block + w.warp_id() * w.num_threads() + lane);
        w.store(kDst + t, w.load(kDst + t) + 1);
    }
}

// dogfood -tbar: thread 0 of warp 0 copies its core's block; fence; barrier; increment.
void dogfood_bar_body(WarpApi& w) {
    const int block = w.num_warps() * w.num_threads();
    if (w.warp_id() == 0)
        for (int i = 0; i < block; ++i) {
            const std::uint32_t at = static_cast<std::uint32_t>(w.core_id() * block + i);
            w.store(kDst + at, w.load(kSrc + at));
        }
    w.fence();
    if (w.param_bool("use_barrier")) w.barrier(0, static_cast<std::uint32_t>(w.num_warps()));
    increment_own(w);
    w.tmc(0);
}

// dogfood -tgbar: core 0 warp 0 thread 0 copies everything; fence; global barrier.
void dogfood_gbar_body(WarpApi& w) {
    const int all = w.num_cores() * w.num_warps() * w.num_threads();
    if (w.core_id() == 0 && w.warp_id() == 0)
        for (int i = 0; i < all; ++i)
            w.store(kDst + static_cast<std::uint32_t>(i),
                    w.load(kSrc + static_cast<std::uint32_t>(i)));
    w.fence();
    // The count every core passes: the core count, or a misuse's other value.
    const std::int64_t count = w.param_int("gbar_count");
    if (w.param_bool("use_barrier"))
        w.barrier(kGlobal, static_cast<std::uint32_t>(count > 0 ? count : w.num_cores()));
    // A local barrier on the gbar's id after it: the RTL's gbar response
    // resets that id's counter (vortex-gbar.md 1.3), so it counts anew.
    if (w.param_bool("local_after")) w.barrier(0, static_cast<std::uint32_t>(w.num_warps()));
    increment_own(w);
    w.tmc(0);
}

void spawn_all(WarpApi& w, vortex::WarpProgram body) {
    w.wspawn(w.num_warps(), body);
    body(w);
}

// conform test_barrier: staggered arrivals, then only warp 0 goes on.
void conform_barrier_body(WarpApi& w) {
    w.compute(static_cast<std::uint64_t>(w.warp_id()) * 256 + 1);
    w.store(kBuf + static_cast<std::uint32_t>(w.core_id() * 64 + w.warp_id()), 65 + w.warp_id());
    w.barrier(0, static_cast<std::uint32_t>(std::min(w.num_warps(), 8)));
    w.tmc(w.warp_id() == 0 ? 1u : 0u);
    w.tmc(0);
}

// A dotproduct-like reduction: groups of two warps on barrier id warp/2,
// each generation: partials, barrier, the group's first warp sums, barrier.
void dotproduct_body(WarpApi& w) {
    const int group = w.warp_id() / 2, in_group = w.warp_id() % 2;
    const std::uint32_t shm = kBuf + static_cast<std::uint32_t>(w.core_id() * 256 + group * 8);
    std::int32_t total = 0;
    for (std::int64_t g = 0; g < w.param_int("generations"); ++g) {
        std::int32_t partial = 0;
        for (int lane = 0; lane < w.num_threads(); ++lane) {
            const int i = (w.warp_id() * w.num_threads() + lane) + static_cast<int>(g);
            partial += (i % 7) * 3;
        }
        w.store(shm + static_cast<std::uint32_t>(in_group), partial);
        w.fence();
        w.barrier(static_cast<std::uint32_t>(group), 2);
        if (in_group == 0) total += w.load(shm) + w.load(shm + 1);
        w.barrier(static_cast<std::uint32_t>(group), 2); // nobody overwrites before the sum is read
    }
    if (in_group == 0) {
        w.store(kOut + static_cast<std::uint32_t>(w.core_id() * 16 + group), total);
        w.fence();
    }
    w.tmc(0);
}

// The split-phase pipeline of the vendor's sgemm_async (vortex 01f36d48,
// tests/regression/sgemm_async/kernel.cpp:31-67): the warps of a group
// (`group_warps`, 0 = all of the core's) share the barrier with the group's
// number as id; each step a warp waits for the last step's readers, loads
// its tile (a store), arrives, does independent work, waits for the loads,
// reads every tile of its group and arrives again. A warp that reads a tile
// of the wrong step counts it in out[core][warp].
void split_pipeline_body(WarpApi& w) {
    const std::int64_t group_param = w.param_int("group_warps");
    const int group_warps = group_param > 0 ? static_cast<int>(group_param) : w.num_warps();
    const int group = w.warp_id() / group_warps, first = group * group_warps;
    const int members = std::min(group_warps, w.num_warps() - first);
    const std::int64_t count_param = w.param_int("count");
    const auto count = static_cast<std::uint32_t>(count_param > 0 ? count_param : members);
    const auto bar = static_cast<std::uint32_t>(group);
    const std::uint32_t tiles = kBuf + static_cast<std::uint32_t>(w.core_id() * 64);
    std::uint32_t token_compute = 0;
    std::int32_t wrong = 0;
    for (std::int64_t step = 0; step < w.param_int("steps"); ++step) {
        if (step > 0) w.barrier_wait(bar, token_compute);
        w.compute(static_cast<std::uint64_t>(w.warp_id()) * 40 + 1); // staggered loads
        w.store(tiles + static_cast<std::uint32_t>(w.warp_id()),
                static_cast<std::int32_t>((step + 1) * 100 + w.warp_id()));
        w.fence();
        const std::uint32_t token_load = w.barrier_arrive(bar, count);
        w.compute(static_cast<std::uint64_t>(w.param_int("work_cycles")));
        w.barrier_wait(bar, token_load);
        for (int j = first; j < first + members; ++j)
            wrong += w.load(tiles + static_cast<std::uint32_t>(j)) !=
                     static_cast<std::int32_t>((step + 1) * 100 + j);
        token_compute = w.barrier_arrive(bar, count);
    }
    w.store(kOut + static_cast<std::uint32_t>(w.core_id() * 64 + w.warp_id()), wrong);
    w.fence();
    w.tmc(0);
}

// The hang cases of vortex-gbar.md (a), one program, `case` picks which.
void hang_body(WarpApi& w) {
    const std::string c = std::get<std::string>(w.param("case"));
    const int wid = w.warp_id();
    const auto n = static_cast<std::uint32_t>(w.num_warps());
    if (c == "h1") { // three warps, count four
        if (wid < 3) w.barrier(0, n);
    } else if (c == "h2") { // a counted warp exits first
        if (wid == 3) w.tmc(0);
        w.barrier(0, n);
    } else if (c == "h3") { // one core never reaches the global barrier
        if (w.core_id() == static_cast<int>(w.param_int("idle_core"))) w.tmc(0);
        w.barrier(kGlobal, static_cast<std::uint32_t>(w.num_cores()));
    } else if (c == "h4") { // a warp leaves after the others arrived at the gbar
        if (wid == 3) {
            w.compute(500);
            w.tmc(0);
        }
        w.barrier(kGlobal, static_cast<std::uint32_t>(w.num_cores()));
    } else if (c == "h5") { // one warp spins for ever; the others wait
        if (wid == 3)
            for (;;) w.compute(1000);
        w.barrier(0, n);
    } else if (c == "h6") { // ids 0 and 2 alias into one slot
        w.compute(static_cast<std::uint64_t>((wid % 2) * 100 + (wid / 2) * 50 + 1)); // 0, 2, 1, 3
        w.barrier(wid < 2 ? 0u : 2u, 2);
    } else if (c == "h7") { // count = vx_num_cores() across clusters
        // Each cluster arrives 100 cycles after the one before, so a release
        // that does not wait for the other clusters shows in the times.
        w.compute(static_cast<std::uint64_t>(w.cluster_id()) * 100 + 1);
        w.barrier(kGlobal, static_cast<std::uint32_t>(w.num_cores()));
    } else if (c == "h8") { // a gbar id the M unit has no storage for
        w.barrier(kGlobal | 1u, static_cast<std::uint32_t>(w.num_cores()));
    }
    w.store(kOut + static_cast<std::uint32_t>(w.core_id() * 64 + wid), 1);
    w.tmc(0);
}

// A global barrier holds every core until the last one arrives: no release
// is ready before the latest arrival of any release.
VortexCheck gbar_holds_all(const std::vector<vortex::ReleaseRecord>& releases) {
    std::uint64_t last_arrival = 0;
    for (const auto& r : releases)
        if (r.global) last_arrival = std::max(last_arrival, r.last_arrival_ps);
    for (const auto& r : releases)
        if (r.global && r.ready_ps < last_arrival)
            return {"the global barrier holds every core until the last arrives", false,
                    "core " + std::to_string(r.core) + "'s release was ready at " +
                        std::to_string(r.ready_ps) + " ps, before the last arrival at " +
                        std::to_string(last_arrival) + " ps"};
    return {"the global barrier holds every core until the last arrives", true,
            std::to_string(releases.size()) + " release(s), none before the last arrival"};
}

void fill_src(Memory& m, const VortexGeometry& g, const ParamMap&) {
    const int all = g.cores() * g.warps * g.threads;
    for (int i = 0; i < all; ++i) m[kSrc + static_cast<std::uint32_t>(i)] = i;
}

std::vector<VortexCheck> check_dst(const Memory& m, const VortexGeometry& g, const ParamMap&,
                                   const std::vector<vortex::ReleaseRecord>&) {
    const int all = g.cores() * g.warps * g.threads;
    int wrong = 0, first = -1;
    for (int i = 0; i < all; ++i)
        if (word(m, kDst + static_cast<std::uint32_t>(i)) != i + 1 && wrong++ == 0) first = i;
    return {{"dst[i] == i + 1", wrong == 0,
             wrong ? std::to_string(wrong) + " of " + std::to_string(all) + " wrong, first dst[" +
                         std::to_string(first) +
                         "] = " + std::to_string(word(m, kDst + static_cast<std::uint32_t>(first)))
                   : "all " + std::to_string(all) + " right"}};
}

} // namespace

// size-check: table
void register_vortex_kernels(WorkloadRegistry& registry) {
    std::map<std::string, VortexKernelEntry> k;
    {
        const WorkloadParam use_barrier{"use_barrier", true,
                                        "call the barrier (false: the increments race the copy)"};
        k["dogfood_bar"] = {"dogfood_bar",
                            "dogfood -tbar: copy per core, local barrier, dst[i] += 1",
                            [](WarpApi& w) { spawn_all(w, dogfood_bar_body); },
                            {use_barrier},
                            fill_src,
                            check_dst,
                            {"dst[i] == i + 1"}};
        k["dogfood_gbar"] = {
            "dogfood_gbar",
            "dogfood -tgbar: core 0 copies all, global barrier, dst[i] += 1",
            [](WarpApi& w) { spawn_all(w, dogfood_gbar_body); },
            {use_barrier,
             {"gbar_count", std::int64_t{0},
              "the count passed to the global barrier; 0 = vx_num_cores() (another count is a "
              "misuse)",
              0, 1 << 16},
             {"local_after", false, "a local barrier on id 0 (the gbar's) follows the global one"}},
            fill_src,
            check_dst,
            {"dst[i] == i + 1"}};
        k["conform_barrier"] = {
            "conform_barrier",
            "conform test_barrier: staggered arrivals, buf[wid] == 65 + wid",
            [](WarpApi& w) {
                w.wspawn(std::min(w.num_warps(), 8), conform_barrier_body);
                conform_barrier_body(w);
            },
            {},
            nullptr,
            [](const Memory& m, const VortexGeometry& g, const ParamMap&,
               const std::vector<vortex::ReleaseRecord>&) {
                int wrong = 0;
                for (int c = 0; c < g.cores(); ++c)
                    for (int w = 0; w < std::min(g.warps, 8); ++w)
                        wrong += word(m, kBuf + static_cast<std::uint32_t>(c * 64 + w)) != 65 + w;
                return std::vector<VortexCheck>{
                    {"buf[wid] == 65 + wid", wrong == 0, std::to_string(wrong) + " wrong"}};
            },
            {"buf[wid] == 65 + wid"}};
        k["dotproduct"] = {
            "dotproduct",
            "groups of two warps on distinct barrier ids, repeated generations",
            [](WarpApi& w) { spawn_all(w, dotproduct_body); },
            {{"generations", std::int64_t{4}, "barrier generations per group", 1, 100000}},
            nullptr,
            [](const Memory& m, const VortexGeometry& g, const ParamMap& p,
               const std::vector<vortex::ReleaseRecord>&) {
                const std::int64_t gens = std::get<std::int64_t>(p.at("generations"));
                int wrong = 0;
                for (int c = 0; c < g.cores(); ++c)
                    for (int group = 0; group < g.warps / 2; ++group) {
                        std::int32_t want = 0;
                        for (std::int64_t gen = 0; gen < gens; ++gen)
                            for (int wid = group * 2; wid < group * 2 + 2; ++wid)
                                for (int lane = 0; lane < g.threads; ++lane)
                                    want +=
                                        ((wid * g.threads + lane + static_cast<int>(gen)) % 7) * 3;
                        wrong += word(m, kOut + static_cast<std::uint32_t>(c * 16 + group)) != want;
                    }
                return std::vector<VortexCheck>{
                    {"every group's sum is right", wrong == 0, std::to_string(wrong) + " wrong"}};
            },
            {"every group's sum is right"}};
        k["split_pipeline"] = {
            "split_pipeline",
            "sgemm_async's split-phase pipeline: load, arrive, work, wait, read every tile",
            [](WarpApi& w) { spawn_all(w, split_pipeline_body); },
            {{"steps", std::int64_t{4}, "pipeline steps", 1, 100000},
             {"count", std::int64_t{0},
              "the count every arrive passes; 0 = the group's warps (bar.init(__warps_per_group))",
              0, 1 << 16},
             {"group_warps", std::int64_t{0},
              "warps per group, each group on its own barrier id; 0 = all of the core's", 0, 64},
             {"work_cycles", std::int64_t{100}, "independent work between arrive and wait", 0,
              1e9}},
            // -1: the warp never reported (it did not finish).
            [](Memory& m, const VortexGeometry& g, const ParamMap&) {
                for (int c = 0; c < g.cores(); ++c)
                    for (int wid = 0; wid < g.warps; ++wid)
                        m[kOut + static_cast<std::uint32_t>(c * 64 + wid)] = -1;
            },
            [](const Memory& m, const VortexGeometry& g, const ParamMap&,
               const std::vector<vortex::ReleaseRecord>&) {
                int wrong_reads = 0, warps = 0, unfinished = 0;
                for (int c = 0; c < g.cores(); ++c)
                    for (int wid = 0; wid < g.warps; ++wid) {
                        const std::int32_t n =
                            word(m, kOut + static_cast<std::uint32_t>(c * 64 + wid));
                        unfinished += n < 0;
                        if (n > 0) {
                            wrong_reads += n;
                            ++warps;
                        }
                    }
                std::string detail;
                if (wrong_reads)
                    detail = std::to_string(wrong_reads) + " tile read(s) of another step, by " +
                             std::to_string(warps) + " warp(s)";
                if (unfinished)
                    detail += (detail.empty() ? "" : "; ") + std::to_string(unfinished) +
                              " warp(s) never finished";
                return std::vector<VortexCheck>{{"every warp reads every tile of its step",
                                                 detail.empty(),
                                                 detail.empty() ? "all reads right" : detail}};
            },
            {"every warp reads every tile of its step"}};
        k["barrier_hang"] = {
            "barrier_hang",
            "the hang cases H1-H8 of the Vortex notes, by `case`",
            [](WarpApi& w) { spawn_all(w, hang_body); },
            {choice_param("case", "h1", "h1 .. h8",
                          {"h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}),
             {"idle_core", std::int64_t{1}, "h3: the core that never arrives", 0, 1024}},
            nullptr,
            [](const Memory&, const VortexGeometry&, const ParamMap& p,
               const std::vector<vortex::ReleaseRecord>& rel) {
                std::vector<VortexCheck> checks;
                if (std::get<std::string>(p.at("case")) == "h7")
                    checks.push_back(gbar_holds_all(rel));
                if (std::get<std::string>(p.at("case")) == "h6") {
                    // Groups {0,1} and {2,3}: a release that mixes them is the aliasing.
                    bool mixed = false;
                    for (const auto& r : rel)
                        if (!r.global && r.warps.size() == 2 && (r.warps[0] / 2 != r.warps[1] / 2))
                            mixed = true;
                    checks.push_back({"each release stays within its group", !mixed,
                                      mixed
                                          ? "ids 0 and 2 share one slot: a release mixed the groups"
                                          : "no mix"});
                }
                return checks;
            },
            {"each release stays within its group",
             "the global barrier holds every core until the last arrives"}};
    }
    for (auto& [name, entry] : k) registry.add(std::move(entry));
}

} // namespace syncsim
