// A distribution of non-negative integer values (latencies in ps) that
// answers min, max and rank queries in memory bounded by the number of
// distinct values, not by how many were added. It counts values exactly
// while at most kExactLimit distinct values have been seen; past that it
// folds them into logarithmic buckets of ratio kBucketRatio (the
// DDSketch scheme of Masson, Rim and Lee, VLDB 2019), where a rank query
// returns its bucket's geometric centre: at most 0.5 % from the true value.
// min and max stay exact either way. Kernel-free.
#pragma once

#include <cstdint>
#include <map>

namespace syncsim {

class ValueDistribution {
  public:
    static constexpr std::size_t kExactLimit = 4096;
    static constexpr double kBucketRatio = 1.01;

    void add(std::uint64_t value);
    std::uint64_t count() const { return m_count; }
    std::uint64_t min() const { return m_min; }
    std::uint64_t max() const { return m_max; }
    // The value at 0-based rank `rank` of the sorted values (rank < count()).
    std::uint64_t at_rank(std::uint64_t rank) const;
    // lat[n / 2] of the sorted values (the upper median for even n).
    std::uint64_t median() const { return at_rank(m_count / 2); }
    // Nearest-rank percentile: the ceil(p/100 * n)-th smallest value.
    std::uint64_t percentile(double p) const;
    // True once values have been folded into buckets.
    bool estimated() const { return m_folded; }

  private:
    void fold();
    int bucket_of(std::uint64_t value) const;
    std::uint64_t bucket_centre(int bucket) const;

    std::map<std::uint64_t, std::uint64_t> m_exact; // value -> count, until folded
    std::map<int, std::uint64_t> m_buckets;         // bucket -> count, after
    std::uint64_t m_zeros = 0;                      // 0 has no logarithm
    std::uint64_t m_count = 0, m_min = 0, m_max = 0;
    bool m_folded = false;
};

} // namespace syncsim
