#include "models/core/poll_schedule.hpp"

namespace syncsim {

sc_core::sc_time PollSchedule::issue(std::uint64_t k) const {
    // Poll k issues one period after poll k-1, plus one backoff barrier
    // whenever k is a multiple of `every`.
    const std::uint64_t backoffs = every ? k / every - first / every : 0;
    return start + static_cast<double>(k - first) * period +
           static_cast<double>(backoffs) * backoff;
}

std::uint64_t PollSchedule::polls_made_by(const sc_core::sc_time& t) const {
    std::uint64_t lo = first, hi = first + 1;
    while (issue(hi) + to_complete < t) hi = first + 2 * (hi - first);
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (issue(mid) + to_complete < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::uint64_t PollSchedule::first_sampling_at_or_after(const sc_core::sc_time& t,
                                                       std::uint64_t last) const {
    std::uint64_t lo = first, hi = last;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (sample(mid) >= t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

std::uint64_t PollSchedule::first_sampling_at_or_after(const sc_core::sc_time& t) const {
    std::uint64_t hi = first + 1;
    while (sample(hi) < t) hi = first + 2 * (hi - first + 1);
    return first_sampling_at_or_after(t, hi);
}

} // namespace syncsim
