// Between the cores and the L2s of a device with one or more dies. Every
// global-memory line has a home die (lines interleave across the dies), and
// only that die's L2 serves it. An access from a core on another die crosses
// the die-to-die link both ways and pays its hop each way. Cores bind their
// GM ports here in port order; the L2 still orders simultaneous arrivals by
// the requester's port.
#pragma once

#include "models/memory/interconnect_params.hpp"
#include "models/memory/l2_cache.hpp"
#include "models/memory/l2_poll.hpp"
#include "models/systemc/simulation_time.hpp"

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <vector>

namespace syncsim {

// How the dies connect: the one-way hop between each pair (a link table;
// a die to itself costs nothing).
class DieLinks {
  public:
    explicit DieLinks(int dies, double every_link_cycles = 0)
        : m_dies(dies), m_cycles(static_cast<std::size_t>(dies * dies), every_link_cycles) {
        for (int d = 0; d < dies; ++d) set(d, d, 0);
    }
    int dies() const { return m_dies; }
    void set(int a, int b, double cycles) {
        m_cycles[index(a, b)] = cycles;
        m_cycles[index(b, a)] = cycles;
    }
    double hop_cycles(int from, int to) const { return m_cycles[index(from, to)]; }

  private:
    std::size_t index(int a, int b) const { return static_cast<std::size_t>(a * m_dies + b); }
    int m_dies;
    std::vector<double> m_cycles;
};

class DieInterconnect : public sc_core::sc_module, public PollSleep {
  public:
    tlm_utils::multi_passthrough_target_socket<DieInterconnect> target;
    tlm_utils::multi_passthrough_initiator_socket<DieInterconnect> to_l2; // one binding per die

    // `l2s[d]` is die d's L2; a line is homed on die (line / line_bytes) % dies.
    DieInterconnect(sc_core::sc_module_name name, DieLinks links, const Clock& clock,
                    std::vector<L2Cache*> l2s, std::uint32_t line_bytes);

    // The die of the link that binds next to `target` (call in bind order).
    void add_requester(int die) { m_requester_die.push_back(die); }
    int home_die(std::uint64_t addr) const {
        return static_cast<int>((addr / m_line_bytes) % m_l2s.size());
    }

    // PollSleep: a word is polled (and written) only at its home L2.
    int sleep(const SleepingPoll& poll, sc_core::sc_event& wake,
              std::optional<PollWake>& out) override {
        return home_l2(poll.word).sleep(poll, wake, out);
    }
    void cancel(std::uint64_t word, int ticket) override { home_l2(word).cancel(word, ticket); }
    std::uint64_t answered_before(std::uint64_t word, int ticket,
                                  const sc_core::sc_time& t) override {
        return home_l2(word).answered_before(word, ticket, t);
    }
    void read_now(std::uint64_t addr, std::uint8_t* out, unsigned len) override {
        home_l2(addr).read_now(addr, out, len);
    }

  private:
    L2Cache& home_l2(std::uint64_t addr) { return *m_l2s[home_die(addr)]; }
    void b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);

    DieLinks m_links;
    Clock m_clock;
    std::vector<L2Cache*> m_l2s;
    std::uint32_t m_line_bytes;
    std::vector<int> m_requester_die;
};

} // namespace syncsim
