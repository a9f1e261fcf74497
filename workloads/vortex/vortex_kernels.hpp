// Warp programs for the vortex platform, registered by name, with the
// memory they start from and the host-side check of their results.
#pragma once

#include "syncsim/workload.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

class WorkloadRegistry;
// Registers the built-in warp programs.
void register_vortex_kernels(WorkloadRegistry& r);

} // namespace syncsim
