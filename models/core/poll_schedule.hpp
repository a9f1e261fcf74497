// When the polls of a fast-forwarded poll loop happen. A core whose polled
// word has not been written since its last sample sleeps instead of
// spinning; the schedule says when each poll it would have made issues,
// samples and completes, so waking on a write (or at the poll limit) lands
// exactly where spinning would have. Plain arithmetic on sc_time: no process.
#pragma once

#include <cstdint>
#include <systemc>

namespace syncsim {

struct PollSchedule {
    sc_core::sc_time start;       // issue time of poll `first`
    sc_core::sc_time period;      // one poll: to the sample, back, and the compare
    sc_core::sc_time backoff;     // the pipe_barrier made every `every` polls
    sc_core::sc_time to_sample;   // issue -> the moment the L2 samples the word
    sc_core::sc_time to_complete; // issue -> the answer is back
    std::uint64_t first = 0;      // failed polls made before the sleep began
    std::uint64_t every = 0;      // 0: no backoff barrier

    // Issue time of poll k (k failed polls before it).
    sc_core::sc_time issue(std::uint64_t k) const;
    sc_core::sc_time sample(std::uint64_t k) const { return issue(k) + to_sample; }
    // Polls whose answer is back before `t` (a poll counts once it completes,
    // as when spinning).
    std::uint64_t polls_made_by(const sc_core::sc_time& t) const;
    // The first poll, from `first` up to `last`, whose sample falls at or
    // after `t`: the first to see a write made at `t`.
    std::uint64_t first_sampling_at_or_after(const sc_core::sc_time& t, std::uint64_t last) const;
    // The same with no limit.
    std::uint64_t first_sampling_at_or_after(const sc_core::sc_time& t) const;
};

} // namespace syncsim
