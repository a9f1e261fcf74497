// The host program a config gets when it names a kernel instead of a host
// program: allocate the kernel's buffers zeroed, launch it once as the
// config's `launch` says, and synchronise.
#pragma once

#include "syncsim/host_api.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

// `launch` is the config's launch; the kernel and its buffers are added.
HostProgram default_host_program(const KernelEntry& kernel, const KernelLaunch& launch,
                                 const ParamMap& params);

} // namespace syncsim
