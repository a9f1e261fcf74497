// The AICPU cluster's parameters, read from a platform file (node aicpu); no SystemC here, so the
// platform and the driver include only this.
#pragma once

#include <cstdint>

namespace syncsim {

struct AicpuParams {
    std::int64_t threads = 4;         // the most threads one AICPU kernel runs
    double mmio_read_ns = 100;        // one LDR of a core register (serial)
    double mmio_write_ns = 5;         // issuing one posted STR
    double dispatch_visible_ns = 140; // a DATA_MAIN_BASE store until the AICore reads it
    double cond_visible_ns = 80;      // an AICore's COND store until an LDR returns it
    double gm_store_ns = 5;           // one 8-byte store of a payload to GM
    double loop_ns = 100;             // a scheduler loop's pass with no core to read
    double gm_hit_ns = 3;             // a cacheable GM load that hits the AICPU's copy
    double gm_miss_ns = 500;          // one that misses: GM read through the interconnect
    double sys_counter_read_ns = 1;   // one read of cntvct
    double sys_counter_mhz = 50;      // the device's (Platform::sys_counter_mhz), not a key here

    template <typename Declare>
    void declare(Declare& d) {
        d(threads, "threads", "threads", "AICPU threads one AICPU kernel may run", 1, 64);
        d(mmio_read_ns, "mmio_read_ns", "ns",
          "one uncached load of an AICore register (COND): a thread has one in flight, so "
          "reading N cores takes N of these",
          1, 1e6);
        d(mmio_write_ns, "mmio_write_ns", "ns", "issuing one posted store to an AICore register", 0,
          1e6);
        d(dispatch_visible_ns, "dispatch_visible_ns", "ns",
          "from an AICPU store to DATA_MAIN_BASE until the AICore's read returns it", 0, 1e6);
        d(cond_visible_ns, "cond_visible_ns", "ns",
          "from an AICore's store to COND until an AICPU load returns it", 0, 1e6);
        d(gm_store_ns, "gm_store_ns", "ns",
          "one 8-byte store of a dispatch payload to GM (with the write barrier after a payload)",
          0, 1e6);
        d(loop_ns, "loop_ns", "ns", "one pass of a scheduler loop that has no core to poll", 1,
          1e9);
        d(gm_hit_ns, "gm_hit_ns", "ns",
          "a cacheable GM load that hits the AICPU's copy of the line (no write landed on it "
          "since it was read)",
          0, 1e6);
        d(gm_miss_ns, "gm_miss_ns", "ns",
          "a cacheable GM load that misses (a write landed on the line since, which invalidated "
          "the copy): from the load to its value",
          0, 1e6);
        d(sys_counter_read_ns, "sys_counter_read_ns", "ns",
          "one read of the system counter (cntvct)", 0, 1e6);
    }
};

} // namespace syncsim
