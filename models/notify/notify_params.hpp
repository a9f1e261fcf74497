// The notify banks' parameters, read from a platform file (node notify); no SystemC here, so the
// platform and the driver include only this.
#pragma once

#include "models/notify/cnt_notify_rules.hpp"

#include <cstdint>

namespace syncsim {

struct NotifyParams {
    bool cnt_supported = false;        // aclrtCntNotify* exist (otherwise 207000)
    std::uint32_t cnt_bank_ids = 0;    // CntNotify ids, when supported
    std::uint32_t notify_bank_ids = 0; // ordinary notifies
    Mode4Semantics mode4 = Mode4Semantics::And;
    double record_cycles = 0; // a record task, from its turn on the stream to the counter update
    double wake_cycles = 0;   // from a counter update to the waiting stream going on

    template <typename Declare>
    void declare(Declare& d) {
        d(cnt_supported, "cntnotify_supported", "",
          "aclrtCntNotify* are available (otherwise 207000)");
        d(cnt_bank_ids, "cntnotify_bank_ids", "ids",
          "CntNotify ids per device, shared with one runtime id per stream that uses events", 0,
          1 << 20);
        d.choice(mode4, "cntnotify_mode4",
                 "record mode 4: and (cnt & value, as the ACL doc says) or clear_bits (cnt & "
                 "~value, as the register is named)",
                 {{"and", Mode4Semantics::And}, {"clear_bits", Mode4Semantics::ClearBits}});
        d(notify_bank_ids, "notify_bank_ids", "ids", "ordinary notify ids per device", 1, 1 << 20);
        d(record_cycles, "record_cycles", "cycles",
          "a notify or CntNotify record task, from its turn on the stream to the counter update", 0,
          1e9);
        d(wake_cycles, "wake_cycles", "cycles",
          "from a counter update to the waiting stream going on", 0, 1e9);
    }
};

} // namespace syncsim
