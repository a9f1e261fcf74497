// The first entries of a record that grows with the run (a release per
// CntNotify wait, a line per runtime event), and how many came after them:
// a run of a million rounds keeps a bounded memory (DESIGN.md: nothing is
// kept per event for the whole run unless the user asks for it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace syncsim {

template <typename T>
class FirstEntries {
  public:
    static constexpr std::size_t kDefaultLimit = 4096;

    explicit FirstEntries(std::size_t limit = kDefaultLimit) : m_limit(limit) {}

    void push_back(T entry) {
        if (m_entries.size() < m_limit)
            m_entries.push_back(std::move(entry));
        else
            ++m_left_out;
    }
    const std::vector<T>& kept() const { return m_entries; }
    std::uint64_t left_out() const { return m_left_out; }
    std::uint64_t total() const { return m_entries.size() + m_left_out; }
    bool empty() const { return m_entries.empty(); }
    typename std::vector<T>::const_iterator begin() const { return m_entries.begin(); }
    typename std::vector<T>::const_iterator end() const { return m_entries.end(); }

  private:
    std::size_t m_limit;
    std::vector<T> m_entries;
    std::uint64_t m_left_out = 0;
};

} // namespace syncsim
