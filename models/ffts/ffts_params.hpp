// The FFTS hub's parameters, read from a platform file (node ffts); no SystemC here, so the
// platform and the driver include only this.
#pragma once

#include "models/ffts/flag_counter.hpp"

#include <vector>

namespace syncsim {

struct FftsParams {
    int flag_ids = 16;
    int counter_bits = 4;
    OverflowPolicy overflow = OverflowPolicy::Wrap;
    std::vector<int> modes{0, 1, 2}; // 4 is set_intra_block's path; messages carry 0-3
    bool intra_block = false;
    bool needs_base_address = true;    // A2/A3: set_ffts_base_addr before any message
    bool base_count_increments = true; // bits[3:0] are the increment (else always 1)
    bool reset_flags_per_launch = false;
    double signal_cycles = 0; // core <-> hub, one way, on the hub's die
    // How the hub aggregates: one serial server (a message at a time, a flag
    // set at a time), or arrivals counted in parallel and a release
    // broadcast to every target at once.
    bool parallel_aggregation = false;
    double process_cycles = 0;   // serial: hub, per incoming message
    double deliver_cycles = 0;   // serial: hub, per outgoing flag set
    double aggregate_cycles = 0; // parallel: from an arrival to its count
    double broadcast_cycles = 0; // parallel: from a release to every target's flag
    double intra_block_cycles = 0;

    template <typename Declare>
    void declare(Declare& d) {
        d.choice(
            modes, "modes",
            "cross-core sync modes the FFTS supports (4 is set_intra_block's per-subblock path)",
            {{"0,1,2", {0, 1, 2}}, {"0,1,2,4", {0, 1, 2, 4}}});
        d(intra_block, "intra_block", "", "set_intra_block/wait_intra_block flags exist (A5)");
        d(flag_ids, "flag_ids", "ids", "FFTS flag ids per core", 1, 16);
        d(counter_bits, "counter_bits", "bits", "width of each FFTS flag counter", 1, 16);
        d.choice(overflow, "counter_overflow",
                 "a flag set past the counter maximum wraps or saturates (and is reported as a "
                 "hardware error)",
                 {{"wrap", OverflowPolicy::Wrap}, {"saturate", OverflowPolicy::Saturate}});
        d.choice(base_count_increments, "base_count",
                 "bits[3:0] of the message: the increment, or ignored (always +1)",
                 {{"increment", true}, {"ignored", false}});
        d(needs_base_address, "base_addr_required", "",
          "messages count only after set_ffts_base_addr with the rtGetC2cCtrlAddr address (A2/A3); "
          "otherwise rtGetC2cCtrlAddr returns 207000");
        d(reset_flags_per_launch, "reset_flags_per_launch", "",
          "a core's flag counters are cleared when a new launch starts on it");
        d(signal_cycles, "signal_cycles", "cycles",
          "one-way signal path between a core on the hub's die and the FFTS hub (a core on another "
          "die adds interconnect.die_hop_cycles)",
          0, 1e6);
        d.choice(parallel_aggregation, "aggregation",
                 "serial: the hub handles one message, then sets one flag, at a time (a release of "
                 "N cores costs N x (process + deliver)); parallel: arrivals are counted as they "
                 "come and a release reaches every target at once (aggregate + broadcast, "
                 "whatever N)",
                 {{"serial", false}, {"parallel", true}});
        d(process_cycles, "process_cycles", "cycles",
          "serial aggregation: FFTS hub time per incoming message (messages serialise)", 0, 1e6);
        d(deliver_cycles, "deliver_cycles", "cycles",
          "serial aggregation: FFTS hub time per outgoing flag set (a release to N cores takes N)",
          0, 1e6);
        d(aggregate_cycles, "aggregate_cycles", "cycles",
          "parallel aggregation: from a message's arrival at the hub to its count", 0, 1e6);
        d(broadcast_cycles, "broadcast_cycles", "cycles",
          "parallel aggregation: from the last count to every target's flag set (plus its path)", 0,
          1e6);
        d(intra_block_cycles, "intra_block_cycles", "cycles",
          "set_intra_block to the paired core's flag (A5)", 0, 1e6);
    }
};

} // namespace syncsim
