// What the models tell the race detector (issue 28 item 4) from where a
// thing happens: the FFTS hub a flag set it makes for the cores whose
// messages caused it (the detector joins what each sender published when
// its message left into the target's clock: a barrier's arrivers, delivered
// to each released core), and an L2 a write at the moment it takes effect
// (a poll served after it must see it, whenever its writer hears back).
#pragma once

#include "models/races/vector_clock.hpp"

#include <cstdint>
#include <vector>

namespace syncsim {

// What a core tells about one write beyond its requester, riding on the
// write's transport: the source line of the store it carries (a line
// write-back: the line's last store), and for a DMA copy the release it
// counts as made at (issued: the FFTS message its pipe triggers covers it).
// An uncached store (st_dev) is a synchronising access: it does not race
// with ld_dev and atomics (the coherent word's own protocol), only with
// plain accesses.
// A posted scalar write (a write-back, st_dev) carries the release of its
// post: it is ordered before the writer's later releases only once a dsb
// fenced it (program order, not landing order).
struct RaceTag {
    const char* site = nullptr;
    const Release* issued = nullptr;
    bool coherent = false; // st_dev: a synchronising store, as ld_dev is a load
    bool posted = false;   // `issued` is a scalar post's, not a DMA copy's
};

class GmWriteObserver {
  public:
    virtual ~GmWriteObserver() = default;
    // `agent`: the writing core's SoC id; an atomic (or an accumulating
    // copy's elements) is a read-modify-write.
    virtual void gm_written(int agent, std::uint64_t addr, std::uint64_t len, const char* what,
                            const RaceTag* tag, bool atomic, std::uint64_t time_ps) = 0;
};

class FlagSetObserver {
  public:
    virtual ~FlagSetObserver() = default;
    // The hub sets each target's flag `id` (`space` 0: FFTS, 1: intra-block)
    // for these messages: what each sender released when it sent its own
    // (carried with the message, so a sender's later messages do not count).
    // A target learns it when its wait takes the flag, not before.
    virtual void flags_set(const std::vector<Release>& sent, const std::vector<int>& targets,
                           int space, int id) = 0;
};

} // namespace syncsim
