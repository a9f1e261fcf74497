// TLM extensions that ride on a core's payload for one transport, and the
// guard that attaches one for exactly that long.
#pragma once

#include "models/races/sync_observer.hpp"

#include <tlm>

namespace syncsim {

// Requesters that share one initiator socket (a core's link) at most.
constexpr int kRequestersPerLink = 16;

// Which requester an access comes from: its slot on its link (set by the
// requester) and, once through the die interconnect, its number across the
// SoC (link binding x kRequestersPerLink + slot). The L2 orders simultaneous
// arrivals by that number, as it orders requesters bound to it directly by
// their port.
struct RequesterExtension : tlm::tlm_extension<RequesterExtension> {
    int slot = 0;
    int port = 0;
    bool numbered = false;         // port set (by the interconnect)
    const char* what = "";         // the operation, for the write's provenance
    const RaceTag* race = nullptr; // what the race detector needs of a write (null: nothing)

    tlm::tlm_extension_base* clone() const override { return new RequesterExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        slot = static_cast<const RequesterExtension&>(other).slot;
        port = static_cast<const RequesterExtension&>(other).port;
        numbered = static_cast<const RequesterExtension&>(other).numbered;
        what = static_cast<const RequesterExtension&>(other).what;
        race = static_cast<const RequesterExtension&>(other).race;
    }
};

// Bulk traffic a kernel streams through GM and the model does not make
// request by request (KernelContext::stream_gm): the L2 of the address
// counts it as a share of its data path and of its way to HBM until `until`.
struct StreamExtension : tlm::tlm_extension<StreamExtension> {
    double bytes_per_cycle = 0;
    double burst_bytes = 0;
    sc_core::sc_time until;

    tlm::tlm_extension_base* clone() const override { return new StreamExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const StreamExtension&>(other);
    }
};

// An extension that lives on the caller's stack, attached for one transport.
// The payload's destructor would free() any extension still attached, so it
// is detached on every path out, a thrown KernelFault or a killed process's
// unwinding included.
template <typename Extension>
class AttachedExtension {
  public:
    AttachedExtension(tlm::tlm_generic_payload& trans, Extension& ext)
        : m_trans(trans), m_ext(ext) {
        m_trans.set_extension(&m_ext);
    }
    ~AttachedExtension() { m_trans.clear_extension(&m_ext); }
    AttachedExtension(const AttachedExtension&) = delete;
    AttachedExtension& operator=(const AttachedExtension&) = delete;

  private:
    tlm::tlm_generic_payload& m_trans;
    Extension& m_ext;
};

} // namespace syncsim
