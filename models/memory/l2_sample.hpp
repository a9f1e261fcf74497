// Polling a GM word as a sample taken at the L2: a read (or a returning add of 0)
// that has the latency of a hit but does not queue at, occupy or reorder the
// L2. It samples the word at a known instant, after every write the L2 serves
// at that instant. Because a sample changes nothing, a core may sleep
// through a run of samples that would all have seen the same value,
// and come out with the same timing and counts as if it had spun.
#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>

namespace syncsim {

struct L2SampleExtension : tlm::tlm_extension<L2SampleExtension> {
    bool atomic_path = false; // atomicAdd(c, 0): latency of the atomic unit
    bool has_sample_at = false;
    sc_core::sc_time sample_at; // absolute; otherwise arrival = now + hop
    // Filled by the L2:
    sc_core::sc_time sampled_at;
    std::uint64_t write_seq = 0; // writes to the word served so far

    tlm::tlm_extension_base* clone() const override { return new L2SampleExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const L2SampleExtension&>(other);
    }
};

// Who wants to know when a GM word changes.
class GmWatch {
  public:
    virtual ~GmWatch() = default;
    virtual const sc_core::sc_event& write_event(std::uint64_t word) = 0;
    virtual std::uint64_t write_seq(std::uint64_t word) = 0;
};

} // namespace syncsim
