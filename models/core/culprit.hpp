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
    // One line per group of participants that did not signal and did the
    // same instead: "aiv5 (block 5) did not arrive at flag 14 in round 3: it
    // finished its kernel after 2 barrier rounds (at 8.726 us)"; or why
    // nobody can.
    std::vector<std::string> culprits;
    // One line per group of waiters: "17 cores wait in round 3 on flag 14
    // (...): aiv0-8, aiv36-43".
    std::vector<std::string> waits;
    // Stuck cores whose wait names no signaller (their own pipes, a poll
    // outside a barrier round): shown one by one.
    std::vector<const CoreReport*> unexplained;
    std::vector<WaitGroupInfo> groups; // in the order of `waits`
};

// Culprits are named only when every stuck core waits on another agent or
// polls (nothing it does itself can end the wait); `launch` (0: all) keeps
// the groups of one launch (any core may still be its participant).
CulpritReport find_culprits(const std::vector<CoreReport>& cores, std::uint64_t launch = 0);

// Core names as ranges: {aiv0, aiv1, aiv2, aiv5} -> "aiv0-2, aiv5".
std::string core_ranges(const std::vector<std::string>& names);

} // namespace syncsim
