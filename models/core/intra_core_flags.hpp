// set_flag / wait_flag between the pipes of one core: a counter per
// (source pipe, destination pipe, event id), and one event per flag made on
// first use, so a set wakes only that flag's waiter.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

namespace syncsim {

class IntraCoreFlags {
  public:
    explicit IntraCoreFlags(int ids_per_pair);

    // Throws KernelFault for PIPE_ALL, a pipe paired with itself, or an id
    // outside the platform's range.
    void check(Pipe src, Pipe dst, int id) const;
    std::int64_t& count(Pipe src, Pipe dst, int id) { return m_counts[index(src, dst, id)]; }
    sc_core::sc_event& event(Pipe src, Pipe dst, int id);
    int ids() const { return m_ids; }

  private:
    std::size_t index(Pipe src, Pipe dst, int id) const;

    int m_ids;
    std::vector<std::int64_t> m_counts;
    std::vector<std::unique_ptr<sc_core::sc_event>> m_events;
};

} // namespace syncsim
