#include "models/memory/die_interconnect.hpp"

#include <optional>

#include "models/memory/extensions.hpp"

namespace syncsim {

DieInterconnect::DieInterconnect(sc_core::sc_module_name name, DieLinks links, const Clock& clock,
                                 std::vector<L2Cache*> l2s, std::uint32_t line_bytes)
    : sc_module(name), target("target"), to_l2("to_l2"), m_links(std::move(links)), m_clock(clock),
      m_l2s(std::move(l2s)), m_line_bytes(line_bytes) {
    target.register_b_transport(this, &DieInterconnect::b_transport);
    for (L2Cache* l2 : m_l2s) to_l2.bind(l2->target);
}

void DieInterconnect::b_transport(int port, tlm::tlm_generic_payload& trans,
                                  sc_core::sc_time& delay) {
    const int home = home_die(trans.get_address());
    const int from = m_requester_die.at(static_cast<std::size_t>(port));
    const sc_core::sc_time hop =
        from != home ? m_clock.cycles(m_links.hop_cycles(from, home)) : sc_core::SC_ZERO_TIME;
    // The requester names its slot on the link; the link is this port.
    RequesterExtension* requester = nullptr;
    trans.get_extension(requester);
    RequesterExtension own;
    std::optional<AttachedExtension<RequesterExtension>> attached;
    if (!requester) {
        requester = &own;
        attached.emplace(trans, own);
    }
    requester->port = port * kRequestersPerLink + requester->slot;
    requester->numbered = true;
    delay += hop;
    to_l2[home]->b_transport(trans, delay);
    delay += hop;
}

} // namespace syncsim
