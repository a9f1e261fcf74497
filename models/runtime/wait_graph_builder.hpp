// The run's wait-for graph (models/report/wait_graph.hpp) from what the
// summary reads at the end: the cores' reports (grouped waits and culprits),
// the scheduler's unfinished launches and who holds the cores they need, and
// the host's streams.
#pragma once

#include "models/core/core_report.hpp"
#include "models/report/wait_graph.hpp"

#include <vector>

namespace syncsim {

class TaskScheduler;
class HostRuntime;

// `host` may be null (no host program ran).
WaitGraph build_wait_graph(const std::vector<CoreReport>& cores, const TaskScheduler& scheduler,
                           const HostRuntime* host);

} // namespace syncsim
