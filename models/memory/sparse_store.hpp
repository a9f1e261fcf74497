// Sparse byte store for global memory and local buffers: pages exist only
// once written with something other than zeros, so a 128 GiB HBM or a 1 GiB
// unified buffer per core costs nothing until a kernel writes to it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>

namespace syncsim {

class SparseStore {
  public:
    static constexpr std::uint64_t kPageBytes = 4096;

    void read(std::uint64_t addr, std::uint8_t* out, std::uint64_t len) const;
    void write(std::uint64_t addr, const std::uint8_t* in, std::uint64_t len);
    void fill(std::uint64_t addr, std::uint8_t value, std::uint64_t len);
    std::size_t pages_touched() const { return m_pages.size(); }

  private:
    using Page = std::array<std::uint8_t, kPageBytes>;
    Page& page_for_write(std::uint64_t page_index);
    std::map<std::uint64_t, std::unique_ptr<Page>> m_pages;
};

} // namespace syncsim
