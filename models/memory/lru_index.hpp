// Least-recently-used index over keys: the replacement policy shared by the
// scalar data cache and the L2 tag store. Kernel-free so it is unit-tested alone.
#pragma once

#include <cstdint>
#include <list>
#include <optional>
#include <unordered_map>

namespace syncsim {

class LruIndex {
  public:
    explicit LruIndex(std::size_t capacity) : m_capacity(capacity) {}

    bool contains(std::uint64_t key) const { return m_where.count(key) != 0; }
    std::size_t size() const { return m_where.size(); }
    std::size_t capacity() const { return m_capacity; }

    // Marks key most recently used; returns false if absent.
    bool touch(std::uint64_t key) {
        auto it = m_where.find(key);
        if (it == m_where.end()) return false;
        m_order.splice(m_order.begin(), m_order, it->second);
        return true;
    }

    // Inserts key as most recently used; returns the key it displaced, if any.
    std::optional<std::uint64_t> insert(std::uint64_t key) {
        if (touch(key)) return std::nullopt;
        std::optional<std::uint64_t> victim;
        if (m_where.size() >= m_capacity && !m_order.empty()) {
            victim = m_order.back();
            erase(*victim);
        }
        m_order.push_front(key);
        m_where[key] = m_order.begin();
        return victim;
    }

    void erase(std::uint64_t key) {
        auto it = m_where.find(key);
        if (it == m_where.end()) return;
        m_order.erase(it->second);
        m_where.erase(it);
    }

  private:
    std::size_t m_capacity;
    std::list<std::uint64_t> m_order;
    std::unordered_map<std::uint64_t, std::list<std::uint64_t>::iterator> m_where;
};

// An L2's tag store: which of a request's lines it holds (a hit) and which
// it must bring from HBM (a miss, then held), as lines of `line_bytes`.
class LineTags {
  public:
    LineTags(std::size_t lines, std::uint32_t line_bytes) : m_lru(lines), m_line(line_bytes) {}
    // The lines of [addr, addr + len) it did not hold, now held.
    std::uint64_t missed_lines(std::uint64_t addr, std::uint64_t len) {
        std::uint64_t missed = 0;
        for (std::uint64_t line = addr / m_line; line <= (addr + len - 1) / m_line; ++line)
            if (!m_lru.touch(line)) {
                m_lru.insert(line);
                ++missed;
            }
        return missed;
    }

  private:
    LruIndex m_lru;
    std::uint32_t m_line;
};

} // namespace syncsim
