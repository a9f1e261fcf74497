// What the host runtime reports of a run: its streams and their last
// tasks, the CntNotify ids it created, the checks the host program made,
// where the host stands, its log and the faults it saw.
#pragma once

#include "models/report/stats.hpp"
#include "models/runtime/host_runtime.hpp"

namespace syncsim {

// The group reads `host` when the result is written; it must outlive it.
StatsGroup host_stats(const HostRuntime& host);
// The summary lines under the checks that say what each failed one is about
// (register it before every other group with a NotDone part).
StatsGroup check_explanation_stats(const HostRuntime& host);

} // namespace syncsim
