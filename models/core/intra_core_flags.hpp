// set_flag / wait_flag between the pipes of one core: a counter per
// (source pipe, destination pipe, event id), and one event per flag, both
// made on first use (a kernel uses a few of the 7 x 7 x ids flags; keeping
// all of them cost 3 KiB per core), so a set wakes only that flag's waiter.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <memory>
#include <systemc>
#include <unordered_map>

namespace syncsim {

class IntraCoreFlags {
  public:
    explicit IntraCoreFlags(int ids_per_pair);

    // Throws KernelFault for PIPE_ALL, a pipe paired with itself, or an id
    // outside the platform's range.
    void check(Pipe src, Pipe dst, int id) const;
    std::int64_t& count(Pipe src, Pipe dst, int id) { return flag(src, dst, id).count; }
    // set_flags issued to the source pipe that it has not reached yet.
    std::int64_t& pending(Pipe src, Pipe dst, int id) { return flag(src, dst, id).pending; }
    // For a report: (count, pending), zeros for a flag never touched.
    std::pair<std::int64_t, std::int64_t> state(Pipe src, Pipe dst, int id) const;
    sc_core::sc_event& event(Pipe src, Pipe dst, int id);
    int ids() const { return m_ids; }

  private:
    struct Flag {
        std::int64_t count = 0, pending = 0;
        std::unique_ptr<sc_core::sc_event> event;
    };
    Flag& flag(Pipe src, Pipe dst, int id);
    std::uint32_t key(Pipe src, Pipe dst, int id) const;

    int m_ids;
    std::unordered_map<std::uint32_t, Flag> m_flags; // by (src, dst, id); nodes stay put
};

} // namespace syncsim
