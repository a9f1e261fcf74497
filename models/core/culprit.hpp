// Names the cores that did not come to what the stuck cores wait on, and
// what each did instead (finished, waits elsewhere, faulted, never ran), then
// the waiters, grouped by what they wait on. Kernel-free: it reads the
// cores' reports at the run's end.
#pragma once

#include "models/core/core_report.hpp"

#include <string>
#include <vector>

namespace syncsim {

// One group of waiters and who it waits for, as the wait-for graph draws it.
struct WaitGroupInfo {
    std::uint64_t launch = 0;
    std::string object, detail;
    std::uint32_t round = 0; // 0: not inside a barrier round
    std::string waiters;     // as ranges: "aiv0-4, aiv6-8"
    std::size_t waiter_count = 0;
    // The participants that did not arrive, grouped (ranges) with what they did.
    std::vector<std::pair<std::string, std::string>> missing;
    std::int64_t undispatched = 0; // participants never dispatched to a core
    std::string nobody_can;        // why no participant signals it
};

struct CulpritReport {
    // One line per participant that did not signal: "aiv5 did not arrive at
    // flag 14 in round 3: it finished its kernel at 5.932 us after 2 barrier
    // rounds"; or why nobody can.
    std::vector<std::string> culprits;
    // One line per group of waiters: "17 cores wait in round 3 on flag 14
    // (...): aiv0-8, aiv36-43".
    std::vector<std::string> waits;
    // Stuck cores whose wait names no signaller (their own pipes, a poll
    // outside a barrier round): shown one by one.
    std::vector<const CoreReport*> unexplained;
    std::vector<WaitGroupInfo> groups; // in the order of `waits`
};

CulpritReport find_culprits(const std::vector<CoreReport>& cores);

// Core names as ranges: {aiv0, aiv1, aiv2, aiv5} -> "aiv0-2, aiv5".
std::string core_ranges(const std::vector<std::string>& names);

} // namespace syncsim
