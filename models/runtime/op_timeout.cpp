#include "models/runtime/op_timeout.hpp"

#include <algorithm>
#include <cmath>

namespace syncsim {

OpTimeout::OpTimeout(const OpTimeoutParams& params)
    : m_interval_ps(static_cast<std::uint64_t>(std::llround(params.interval_us * 1e6))),
      m_max_credits(params.max_credits),
      m_credits(std::min(params.default_credits, params.max_credits)) {}

std::int64_t OpTimeout::credits_of(std::uint64_t timeout_us) const {
    if (timeout_us == 0) return m_max_credits;
    // ceil(timeout / interval), in picoseconds: a request past the maximum
    // (or too large to count) gets the maximum.
    const std::uint64_t kMaxUs = UINT64_MAX / 1000000;
    if (timeout_us > kMaxUs) return m_max_credits;
    const std::uint64_t ps = timeout_us * 1000000;
    const std::uint64_t credits = ps / m_interval_ps + (ps % m_interval_ps ? 1 : 0);
    return static_cast<std::int64_t>(
        std::min<std::uint64_t>(credits, static_cast<std::uint64_t>(m_max_credits)));
}

std::uint64_t OpTimeout::set(std::uint64_t requested_us) {
    m_credits = credits_of(requested_us);
    return duration_us(m_credits);
}

std::int64_t OpTimeout::credits_for(std::optional<std::uint64_t> launch_timeout_us) const {
    if (!launch_timeout_us) return m_credits;
    return *launch_timeout_us == 0 ? kNeverTimeoutCredits : credits_of(*launch_timeout_us);
}

std::optional<std::uint64_t> OpTimeout::duration_ps(std::int64_t credits) const {
    if (credits >= kNeverTimeoutCredits) return std::nullopt;
    return static_cast<std::uint64_t>(credits) * m_interval_ps;
}

std::uint64_t OpTimeout::duration_us(std::int64_t credits) const {
    const auto ps = duration_ps(credits);
    return ps ? *ps / 1000000 : UINT64_MAX;
}

const TimeoutCode& timeout_code(bool vector_task) {
    static const TimeoutCode kCodes[] = {
        {acl::kRtAicoreTimeout, "ACL_ERROR_RT_AICORE_TIMEOUT", "aicore timeout", 0x25},
        {acl::kRtVectorCoreTimeout, "ACL_ERROR_RT_VECTOR_CORE_TIMEOUT", "vector core timeout",
         0x30},
    };
    return kCodes[vector_task ? 1 : 0];
}

} // namespace syncsim
