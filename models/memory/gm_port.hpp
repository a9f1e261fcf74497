// A core's initiator side of the GM interconnect. Every caller is a model
// thread; each call returns once the access has completed in simulated time.
// A core has one socket (a GmLink) that its requesters (the scalar unit,
// each pipe, the write buffer) share: b_transport may be entered by several
// threads at once, and each access carries its requester's slot so the L2
// still orders simultaneous arrivals by requester. One socket per requester
// cost 8 TLM sockets per core.
#pragma once

#include "models/memory/atomic.hpp"
#include "models/memory/extensions.hpp"
#include "models/memory/l2_poll.hpp"
#include "models/races/sync_observer.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

namespace syncsim {

class GmLink {
  public:
    explicit GmLink(const char* name) : socket(name), m_names(kRequestersPerLink) {}
    tlm_utils::simple_initiator_socket<GmLink> socket;
    // What the requester in `slot` is ("PIPE_MTE2"), as its port named
    // itself: a write's provenance says who on the core wrote it.
    std::string requester_name(int slot) const;

  private:
    friend class GmPort;
    std::vector<std::string> m_names; // by slot; empty: no port there
};

class GmPort {
  public:
    // `slot` tells the requesters of one link apart (below kRequestersPerLink);
    // `name` is what the requester is, for whoever reports its accesses.
    GmPort(GmLink& link, int slot, std::string name);

    void read(std::uint64_t addr, std::uint8_t* out, std::uint64_t len);
    // `what` names the operation in the write's provenance (a string literal);
    // `race` what the race detector needs of it (sync_observer.hpp).
    void write(std::uint64_t addr, const std::uint8_t* in, std::uint64_t len,
               const char* what = "write", const RaceTag* race = nullptr);
    std::int64_t atomic(std::uint64_t addr, AtomicType type, AtomicOp op, std::int64_t operand,
                        const RaceTag* race = nullptr);
    // The requester's atomic store mode: while an operation is set, every
    // write combines its elements (of the mode's type) with GM's at the L2.
    void set_store_atomic(AtomicType type) { m_store_atomic_type = type; }
    void set_store_atomic(std::optional<AtomicOp> op) { m_store_atomic_op = op; }
    // A poll of `len` bytes (its path in `poll`); the L2 reports in `poll`.
    void poll(std::uint64_t addr, std::uint8_t* out, std::uint64_t len, PollExtension& poll);
    // Bulk traffic of `bytes_per_cycle` in bursts of `burst_bytes` through
    // the L2 of `addr` until `until` (a share of its paths, not requests).
    void stream(std::uint64_t addr, double bytes_per_cycle, double burst_bytes,
                const sc_core::sc_time& until);
    // What every request of this requester spends on its way out before the
    // interconnect's hop (the scalar unit's load/store path).
    void set_path_latency(const sc_core::sc_time& t) { m_path_latency = t; }

  private:
    void transport(tlm::tlm_generic_payload& trans, const char* what,
                   const RaceTag* race = nullptr);

    GmLink& m_link;
    int m_slot;
    AtomicType m_store_atomic_type = AtomicType::S32;
    std::optional<AtomicOp> m_store_atomic_op;
    sc_core::sc_time m_path_latency = sc_core::SC_ZERO_TIME;
};

} // namespace syncsim
