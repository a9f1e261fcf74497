// Polling GM: a word by ld_dev, or by atomicAdd(c, 0) where the atomic
// returns the old value, or an extent of slots by one DMA read into UB (the
// per-slot soft barrier). A poll is a request the L2 range of its first byte
// serves like any other (it queues, holds the range for its occupancy and is
// answered), but it changes nothing (the add of 0 writes back what it read)
// and neither consults nor fills the L2's tags (ld_dev is uncached; the
// atomic executes in the range; a polled extent, read every iteration, is
// taken to stay in the L2). The L2 reports when it served the poll and how
// many writes to the extent had landed before: what a core needs to hand the
// rest of its loop to the range (PollSleep) and sleep until a poll can see a
// change.
#pragma once

#include "models/memory/sleeping_polls.hpp"

#include <cstdint>
#include <optional>
#include <systemc>
#include <tlm>

namespace syncsim {

enum class PollPath { Dev, AtomicAddZero, Dma };
inline const char* to_string(PollPath p) {
    static const char* const names[] = {"ld_dev", "atomicAdd(c, 0)", "copy_gm_to_ubuf"};
    return names[static_cast<int>(p)];
}

struct PollExtension : tlm::tlm_extension<PollExtension> {
    PollPath path = PollPath::Dev;
    // Filled by the L2:
    int port = 0; // the requester number it was ordered by
    sc_core::sc_time arrived_at, started_at, occupancy;
    std::uint64_t write_seq = 0; // writes to the extent landed before it

    tlm::tlm_extension_base* clone() const override { return new PollExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const PollExtension&>(other);
    }
};

// Where a core asleep in a poll loop leaves its polls: the L2 of its extent.
class PollSleep {
  public:
    virtual ~PollSleep() = default;
    // `wake` is notified at the start of the first poll that sees a write to
    // the extent, or at the answer of the last poll allowed; `out` says which,
    // and is set as soon as the slice knows (possibly before the wake time:
    // a run may end in between). Returns the sleep's ticket.
    virtual int sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
                      std::optional<PollWake>& out) = 0;
    // The sleeper leaves now (its block was killed); its polls until now
    // have been made.
    virtual void cancel(std::uint64_t word, int ticket) = 0;
    // Polls of the sleep answered before `t` (for the result at a run's end),
    // while its end is not yet known (`out` unset).
    virtual std::uint64_t answered_before(std::uint64_t word, int ticket,
                                          const sc_core::sc_time& t) = 0;
    // The extent as it is now: a woken poll reads it at its service start.
    virtual void read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) = 0;
};

} // namespace syncsim
