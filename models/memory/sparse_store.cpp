#include "models/memory/sparse_store.hpp"

#include <algorithm>
#include <cstring>

namespace syncsim {

SparseStore::Page& SparseStore::page_for_write(std::uint64_t page_index) {
    auto& slot = m_pages[page_index];
    if (!slot) {
        slot = std::make_unique<Page>();
        slot->fill(0);
    }
    return *slot;
}

void SparseStore::read(std::uint64_t addr, std::uint8_t* out, std::uint64_t len) const {
    while (len > 0) {
        const std::uint64_t offset = addr % kPageBytes;
        const std::uint64_t chunk = std::min(len, kPageBytes - offset);
        auto it = m_pages.find(addr / kPageBytes);
        if (it == m_pages.end())
            std::memset(out, 0, chunk);
        else
            std::memcpy(out, it->second->data() + offset, chunk);
        addr += chunk;
        out += chunk;
        len -= chunk;
    }
}

void SparseStore::write(std::uint64_t addr, const std::uint8_t* in, std::uint64_t len) {
    while (len > 0) {
        const std::uint64_t offset = addr % kPageBytes;
        const std::uint64_t chunk = std::min(len, kPageBytes - offset);
        std::memcpy(page_for_write(addr / kPageBytes).data() + offset, in, chunk);
        addr += chunk;
        in += chunk;
        len -= chunk;
    }
}

void SparseStore::fill(std::uint64_t addr, std::uint8_t value, std::uint64_t len) {
    while (len > 0) {
        const std::uint64_t offset = addr % kPageBytes;
        const std::uint64_t chunk = std::min(len, kPageBytes - offset);
        const std::uint64_t page = addr / kPageBytes;
        // An untouched page reads as zeros: zeroing it needs no storage, and a
        // whole page of zeros gives its storage back.
        if (value == 0 && chunk == kPageBytes) {
            m_pages.erase(page);
        } else if (value != 0 || m_pages.count(page)) {
            std::memset(page_for_write(page).data() + offset, value, chunk);
        }
        addr += chunk;
        len -= chunk;
    }
}

} // namespace syncsim
