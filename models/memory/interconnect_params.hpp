// The die-to-die interconnect's parameters, read from a platform file (node interconnect); no
// SystemC here, so the platform and the driver include only this.
#pragma once

namespace syncsim {

struct InterconnectParams {
    double die_hop_cycles = 0; // one way, between two dies

    template <typename Declare>
    void declare(Declare& d) {
        d(die_hop_cycles, "die_hop_cycles", "cycles",
          "one-way latency of the die-to-die link, added to an access whose line another die "
          "homes and to an FFTS message or flag set that crosses dies",
          0, 1e6);
    }
};

} // namespace syncsim
