// A dissemination barrier in GM (Hensgen, Finkel and Manber, "Two algorithms
// for barrier synchronization", IJPP 17(1), 1988; the form of Mellor-Crummey
// and Scott, ACM TOCS 9(1), 1991, section 3.3): no vendor library ships it,
// it is here as the third soft-barrier algorithm beside pto-isa's and Ascend
// C's, written only with the kernel API any workload or plugin has.
//
// N participants pass ceil(log2 N) stages. In stage s participant i signals
// participant (i + 2^s) mod N and waits until participant (i - 2^s) mod N
// has signalled it. After the last stage every participant has heard,
// directly or through others, from every other one. Each flag has one
// writer, so a plain store suffices (no atomic): the flag holds the number
// of the latest episode its writer reached, and never goes back, so a
// participant an episode ahead only raises it further and a waiter compares
// with >= (no sense reversal, no reset).
//
// What the non-coherent scalar cache asks of it: the signal is an uncached
// store (st_dev) made visible by dsb; the wait polls the flag uncached
// (ld_dev) by default. `FlagLoad::CachedAfterDcci` invalidates before each
// read and also works; `FlagLoad::Cached` is the classic bug, a waiter that
// holds the flag's line and never sees the store.
#pragma once

#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <string>

namespace syncsim::lib {

class DisseminationBarrier {
  public:
    // Each flag on its own 64-byte line, so that invalidating or polling one
    // never touches another's (a choice, not a vendor figure).
    static constexpr std::uint64_t kFlagBytes = 64;

    enum class FlagLoad { Dev, CachedAfterDcci, Cached };

    static int stages(std::int64_t n) {
        int s = 0;
        while ((std::int64_t{1} << s) < n) ++s;
        return s;
    }
    // The GM workspace N participants share, zeroed before the first episode.
    static std::uint64_t workspace_bytes(std::int64_t n) {
        return static_cast<std::uint64_t>(stages(n) * n) * kFlagBytes;
    }

    // Participant `me` of `n`, each computing n for itself (a side that
    // computes a larger n waits for a participant that does not exist).
    DisseminationBarrier(KernelContext& k, GmAddr workspace, std::int64_t n, std::int64_t me,
                         FlagLoad load = FlagLoad::Dev)
        : m_k(k), m_workspace(workspace), m_n(n), m_me(me), m_load(load) {}

    // One episode: returns once every participant has arrived at it.
    void wait() {
        ++m_episode;
        m_k.mark_barrier_round();
        for (int s = 0; s < stages(m_n); ++s) {
            const std::int64_t step = std::int64_t{1} << s;
            signal(flag(s, (m_me + step) % m_n));
            wait_for(s, (m_me - step % m_n + m_n) % m_n);
        }
        m_k.mark_barrier_release();
    }

    std::int32_t episode() const { return m_episode; }

  private:
    GmAddr flag(int stage, std::int64_t owner) const {
        return m_workspace + static_cast<GmAddr>(stage * m_n + owner) * kFlagBytes;
    }

    void signal(GmAddr to) {
        m_k.st_dev<std::int32_t>(m_episode, to);
        m_k.dsb(DSB_DDR);
    }

    void wait_for(int stage, std::int64_t from) {
        static constexpr PollLoad kLoads[] = {PollLoad::Dev, PollLoad::CachedAfterDcci,
                                              PollLoad::Cached};
        PollSpec spec;
        spec.addr = flag(stage, m_me);
        spec.load = kLoads[static_cast<int>(m_load)];
        spec.type = AtomicType::S32;
        spec.until = Cmp::GreaterEqual;
        spec.target = m_episode;
        spec.participants = m_n;
        spec.context = "dissemination barrier: N = " + std::to_string(m_n) + ", participant " +
                       std::to_string(m_me) + " in stage " + std::to_string(stage) + " of " +
                       std::to_string(stages(m_n)) + ", episode " + std::to_string(m_episode) +
                       ", waiting for participant " + std::to_string(from) + "'s signal";
        m_k.poll(spec);
    }

    KernelContext& m_k;
    GmAddr m_workspace;
    std::int64_t m_n, m_me;
    FlagLoad m_load;
    std::int32_t m_episode = 0;
};

} // namespace syncsim::lib
