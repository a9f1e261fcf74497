// Barrier episodes on AIV blocks with a soft barrier written in GM, and a
// check that no participant ever leaves an episode before every other one
// has arrived: before each episode a participant stores its episode number
// in its `arrived` word (uncached); after it, it reads every participant's
// word and records in `out` the first episode in which one was behind. Odd
// and even episodes use two sets of words, so that the check of episode e
// never reads a word a faster participant is writing for e + 1 (a correct
// barrier then orders every access: the race detector finds none). The
// algorithm is a row of kAlgorithms: one of syncsim's own (the dissemination
// barrier), or pto-isa's GM atomic counter for comparison. A participant can
// come late to each episode, and the participants' count can be set apart
// from the launch's blocks (a count beyond them is a misuse that hangs).
#include "syncsim/barriers/dissemination.hpp"
#include "syncsim/pto/syncall.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

namespace syncsim {

namespace {

constexpr std::uint64_t kWordBytes = 64; // one line per participant's word
enum class BarrierRoundsArg { Workspace, Arrived, Out };

// Participant i's word in a per-participant buffer.
GmAddr word_of(const KernelContext& k, BarrierRoundsArg buffer, std::int64_t i) {
    return k.arg(static_cast<std::size_t>(buffer)) + static_cast<GmAddr>(i) * kWordBytes;
}

// A barrier as one participant holds it: a call per episode.
using Episode = std::function<void()>;

struct Algorithm {
    const char* name;
    std::uint64_t (*workspace_bytes)(std::int64_t n);
    Episode (*join)(KernelContext& k, GmAddr workspace, std::int64_t n, std::int64_t me);
};

lib::DisseminationBarrier::FlagLoad flag_load(const KernelContext& k) {
    static const char* const names[] = {"dev", "cached_dcci", "cached"};
    const std::string& load = std::get<std::string>(k.param("flag_load"));
    const auto* at = std::find(std::begin(names), std::end(names), load);
    return static_cast<lib::DisseminationBarrier::FlagLoad>(at - std::begin(names));
}

const Algorithm kAlgorithms[] = {
    {"dissemination", lib::DisseminationBarrier::workspace_bytes,
     [](KernelContext& k, GmAddr ws, std::int64_t n, std::int64_t me) -> Episode {
         auto barrier = std::make_shared<lib::DisseminationBarrier>(k, ws, n, me, flag_load(k));
         return [barrier] { barrier->wait(); };
     }},
    {"pto_atomic_counter", [](std::int64_t) { return kWordBytes; },
     [](KernelContext& k, GmAddr ws, std::int64_t n, std::int64_t) -> Episode {
         return [&k, ws, n] {
             k.mark_barrier_round();
             lib::detail::soft_barrier(k, ws, static_cast<std::int32_t>(n));
             k.mark_barrier_release();
         };
     }},
};

const Algorithm& algorithm(const std::string& name) {
    for (const Algorithm& a : kAlgorithms)
        if (name == a.name) return a;
    return kAlgorithms[0]; // unreachable: the parameter's choices are the table's names
}

std::vector<std::string> algorithm_names() {
    std::vector<std::string> names;
    for (const Algorithm& a : kAlgorithms) names.push_back(a.name);
    return names;
}

std::int64_t participants(std::int64_t block_dim, std::int64_t asked) {
    return asked > 0 ? asked : block_dim;
}
std::int64_t participants(std::int64_t block_dim, const ParamMap& p) {
    return participants(block_dim, std::get<std::int64_t>(p.at("participants")));
}

// The first episode after which a participant was still behind (0: none):
// every `arrived` word read with one DMA into UB and scanned there, so the
// check costs about one GM round trip, not N.
std::int32_t first_early_release(KernelContext& k, std::int64_t n, std::int32_t episode) {
    constexpr LocalAddr kArrivedUb = 0;
    k.copy_gm_to_ubuf(kArrivedUb, word_of(k, BarrierRoundsArg::Arrived, episode % 2 * n), 0, 1,
                      static_cast<int>(n * kWordBytes / 32), 0, 0);
    k.set_flag(Pipe::MTE2, Pipe::S, 0);
    k.wait_flag(Pipe::MTE2, Pipe::S, 0);
    for (std::int64_t i = 0; i < n; ++i)
        if (k.ub_ld<std::int32_t>(kArrivedUb + static_cast<LocalAddr>(i) * kWordBytes) < episode)
            return episode;
    return 0;
}

void gm_barrier_rounds(KernelContext& k) {
    const std::int64_t me = k.get_block_idx();
    const std::int64_t n = participants(k.get_block_num(), k.param_int("participants"));
    const Episode episode = algorithm(std::get<std::string>(k.param("barrier")))
                                .join(k, word_of(k, BarrierRoundsArg::Workspace, 0), n, me);
    std::int32_t early = 0;
    for (std::int32_t e = 1; e <= k.param_int("rounds"); ++e) {
        if (me == k.param_int("late_participant"))
            k.scalar_work(static_cast<double>(k.param_int("late_cycles")));
        k.st_dev<std::int32_t>(e, word_of(k, BarrierRoundsArg::Arrived, e % 2 * n + me));
        k.dsb(DSB_DDR);
        episode();
        if (early == 0) early = first_early_release(k, n, e);
    }
    k.st_dev<std::int32_t>(early, word_of(k, BarrierRoundsArg::Out, me));
    k.dsb(DSB_DDR);
}

std::uint64_t words(std::int64_t block_dim, const ParamMap& p) {
    return static_cast<std::uint64_t>(std::max(block_dim, participants(block_dim, p))) * kWordBytes;
}

} // namespace

void register_gm_barrier_rounds(WorkloadRegistry& r) {
    r.add(KernelEntry{
        "gm_barrier_rounds",
        "AIV blocks pass barrier episodes of a soft barrier in GM; out[i] is the first episode "
        "participant i left early (0: none)",
        gm_barrier_rounds,
        {choice_param("barrier", "dissemination",
                      "the algorithm: dissemination (ceil(log2 N) stages of one-writer flags, "
                      "syncsim/barriers/dissemination.hpp) or pto_atomic_counter (pto-isa's GM "
                      "atomic epoch counter, syncsim/pto/syncall.hpp)",
                      algorithm_names()),
         {"rounds", std::int64_t{8}, "barrier episodes", 1, 1e6},
         {"participants", std::int64_t{0},
          "N as every participant computes it; 0 = the launch's blocks (more is a misuse)", 0,
          2048},
         choice_param("flag_load", "dev",
                      "how a dissemination waiter reads its flag: dev (ld_dev), cached_dcci "
                      "(dcci, then a cached load) or cached (a cached load alone: never sees the "
                      "signal once the line is held)",
                      {"dev", "cached_dcci", "cached"}),
         {"late_participant", std::int64_t{-1},
          "the participant that works before arriving at each episode; -1 = none", -1, 1e6},
         {"late_cycles", std::int64_t{2000}, "its work, in scalar cycles", 0, 1e9}},
        {{"workspace",
          [](std::int64_t block_dim, const ParamMap& p) {
              const std::int64_t n = participants(block_dim, p);
              return std::max(kWordBytes,
                              algorithm(std::get<std::string>(p.at("barrier"))).workspace_bytes(n));
          }},
         {"arrived",
          [](std::int64_t block_dim, const ParamMap& p) { return 2 * words(block_dim, p); }},
         {"out", words}}});
}

} // namespace syncsim
