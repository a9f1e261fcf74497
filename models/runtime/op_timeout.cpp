#include "models/runtime/op_timeout.hpp"

#include <algorithm>

namespace syncsim {

OpTimeout::OpTimeout(const OpTimeoutParams& params)
    : m_floor_us(static_cast<std::uint64_t>(params.floor_us)),
      m_max_us(std::max(m_floor_us, static_cast<std::uint64_t>(params.max_us))),
      m_current_us(static_cast<std::uint64_t>(params.default_us)) {}

std::uint64_t OpTimeout::set(std::uint64_t requested_us) {
    m_current_us = requested_us == 0 ? m_max_us : std::clamp(requested_us, m_floor_us, m_max_us);
    return m_current_us;
}

const TimeoutCode& timeout_code(bool holds_cube_cores) {
    static const TimeoutCode kCodes[] = {
        {acl::kRtVectorCoreTimeout, "ACL_ERROR_RT_VECTOR_CORE_TIMEOUT", "vector core timeout",
         0x30},
        {acl::kRtAicoreTimeout, "ACL_ERROR_RT_AICORE_TIMEOUT", "aicore timeout", 0x25},
    };
    return kCodes[holds_cube_cores ? 1 : 0];
}

} // namespace syncsim
