// The host program a config gets when it names a kernel instead of a host
// program: allocate the kernel's buffers zeroed, launch it once as the
// config's `launch` says, and synchronise.
#pragma once

#include "syncsim/host_api.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

struct DefaultLaunch {
    std::int64_t block_dim;
    std::string target;
    BuildFlavour flavour;
    KernelMeta meta;
    int meta_aic, meta_aiv;
    std::map<std::string, std::int64_t> defines;
};

HostProgram default_host_program(const KernelEntry& kernel, const DefaultLaunch& launch,
                                 const ParamMap& params);

} // namespace syncsim
