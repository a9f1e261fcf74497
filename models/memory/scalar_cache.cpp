#include "models/memory/scalar_cache.hpp"

#include <stdexcept>

namespace syncsim {

void CacheLine::mark_stored(std::uint64_t offset, unsigned bytes) {
    const std::uint64_t first = offset / 4, last = (offset + bytes - 1) / 4;
    if (this->bytes.size() <= 256) {
        for (std::uint64_t w = first; w <= last; ++w) stored_mask |= std::uint64_t{1} << w;
        return;
    }
    if (stored_words.empty()) stored_words.assign((this->bytes.size() + 3) / 4, false);
    for (std::uint64_t w = first; w <= last; ++w) stored_words[w] = true;
}

bool CacheLine::stored(std::uint64_t offset, unsigned bytes, bool all) const {
    const std::uint64_t first = offset / 4, last = (offset + bytes - 1) / 4;
    for (std::uint64_t w = first; w <= last; ++w) {
        const bool s = this->bytes.size() <= 256 ? (stored_mask >> w & 1) != 0
                                                 : !stored_words.empty() && stored_words[w];
        if (s != all) return s; // a stored word (any) or one not stored (all)
    }
    return all;
}

ScalarCache::ScalarCache(std::uint32_t line_bytes, std::size_t capacity_lines)
    : m_line_bytes(line_bytes), m_lru(capacity_lines) {
    if (line_bytes == 0 || (line_bytes & (line_bytes - 1)) != 0)
        throw std::invalid_argument("scalar cache line size must be a power of two");
    if (capacity_lines == 0) throw std::invalid_argument("scalar cache needs at least one line");
}

CacheLine* ScalarCache::lookup(std::uint64_t base) {
    auto it = m_lines.find(base);
    if (it == m_lines.end()) return nullptr;
    m_lru.touch(base);
    return &it->second;
}

std::optional<CacheLine> ScalarCache::install(std::uint64_t base, const std::uint8_t* data) {
    std::optional<CacheLine> written_back;
    if (auto victim = m_lru.insert(base)) {
        auto it = m_lines.find(*victim);
        if (it->second.dirty) written_back = std::move(it->second);
        m_lines.erase(it);
    }
    CacheLine& line = m_lines[base];
    line = CacheLine{};
    line.base = base;
    line.bytes.assign(data, data + m_line_bytes);
    return written_back;
}

std::optional<CacheLine> ScalarCache::maintain(std::uint64_t base, DcciMode mode,
                                               std::uint64_t at_ps) {
    auto it = m_lines.find(base);
    if (it == m_lines.end()) return std::nullopt;
    std::optional<CacheLine> written_back;
    if (it->second.dirty && mode != DcciMode::InvalidateOnly) written_back = it->second;
    if (mode == DcciMode::CleanOnly) {
        it->second.dirty = false;
        it->second.cleaned_ps = at_ps;
        it->second.clear_stored(); // what it stored is GM's now
    } else {
        m_lru.erase(base);
        m_lines.erase(it);
    }
    return written_back;
}

std::vector<CacheLine> ScalarCache::maintain_all(DcciMode mode, std::uint64_t at_ps) {
    std::vector<std::uint64_t> bases;
    bases.reserve(m_lines.size());
    for (const auto& [base, line] : m_lines) bases.push_back(base);
    std::vector<CacheLine> written_back;
    for (std::uint64_t base : bases)
        if (auto line = maintain(base, mode, at_ps)) written_back.push_back(std::move(*line));
    return written_back;
}

std::size_t ScalarCache::dirty_lines() const {
    std::size_t n = 0;
    for (const auto& [base, line] : m_lines) n += line.dirty ? 1 : 0;
    return n;
}

} // namespace syncsim
