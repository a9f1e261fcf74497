// The host program of a plugin built by syncsim_add_kernel: the user's
// `main()` (compiled as __syncsim_host_main), run with the HostApi of the
// run, which acl/acl.h's calls reach through running_host().
#pragma once

#include "syncsim/host_api.hpp"

#include <map>
#include <vector>

namespace syncsim::sdk {

// Throws HostError outside the host program (an ACL call from a kernel).
HostApi& running_host();

// What the ACL layer keeps for the running host program.
struct AclHostState {
    int mallocs = 0;
    std::map<GmAddr, std::uint64_t> allocations; // aclrtMalloc: start -> bytes
    std::map<aclrtStream, StreamId> streams;     // created with aclrtCreateStream
    // `k<<<blocks, l2ctrl, stream>>>`: the configurations until their stubs
    // launch (a stack: an argument may itself launch), and a launch the
    // runtime refused with a code, reported by the stream's (or the
    // device's) next synchronize: the chevron has no value to return it in.
    struct Pushed {
        std::uint32_t block_dim;
        aclrtStream stream;
    };
    std::vector<Pushed> pushed;
    std::map<aclrtStream, aclError> launch_errors;
    aclError take_launch_error(aclrtStream stream);

    // Whether [p, p + bytes) lies in one aclrtMalloc allocation.
    bool is_device(const void* p, std::uint64_t bytes) const;
};
AclHostState& host_state();

} // namespace syncsim::sdk
