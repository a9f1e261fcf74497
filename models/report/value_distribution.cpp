#include "models/report/value_distribution.hpp"

#include <algorithm>
#include <cmath>

namespace syncsim {

void ValueDistribution::add(std::uint64_t value) {
    m_min = m_count == 0 ? value : std::min(m_min, value);
    m_max = m_count == 0 ? value : std::max(m_max, value);
    ++m_count;
    if (!m_folded) {
        ++m_exact[value];
        if (m_exact.size() > kExactLimit) fold();
        return;
    }
    if (value == 0)
        ++m_zeros;
    else
        ++m_buckets[bucket_of(value)];
}

void ValueDistribution::fold() {
    m_folded = true;
    for (const auto& [value, n] : m_exact) {
        if (value == 0)
            m_zeros += n;
        else
            m_buckets[bucket_of(value)] += n;
    }
    m_exact.clear();
}

int ValueDistribution::bucket_of(std::uint64_t value) const {
    return static_cast<int>(
        std::ceil(std::log(static_cast<double>(value)) / std::log(kBucketRatio)));
}

std::uint64_t ValueDistribution::bucket_centre(int bucket) const {
    // Bucket i holds (r^(i-1), r^i]; 2 r^i / (r + 1) is within (r-1)/(r+1) of all of it.
    return static_cast<std::uint64_t>(
        std::llround(2.0 * std::pow(kBucketRatio, bucket) / (kBucketRatio + 1.0)));
}

std::uint64_t ValueDistribution::at_rank(std::uint64_t rank) const {
    std::uint64_t seen = 0;
    if (!m_folded) {
        for (const auto& [value, n] : m_exact) {
            seen += n;
            if (rank < seen) return value;
        }
        return m_max;
    }
    if (rank < m_zeros) return 0;
    seen = m_zeros;
    for (const auto& [bucket, n] : m_buckets) {
        seen += n;
        // The extremes are known exactly; a centre never lies outside them.
        if (rank < seen) return std::clamp(bucket_centre(bucket), m_min, m_max);
    }
    return m_max;
}

std::uint64_t ValueDistribution::percentile(double p) const {
    if (m_count == 0) return 0;
    const double rank = std::ceil(p / 100.0 * static_cast<double>(m_count));
    return at_rank(static_cast<std::uint64_t>(std::max(1.0, rank)) - 1);
}

} // namespace syncsim
