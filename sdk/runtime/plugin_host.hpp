// The host program of a plugin built by syncsim_add_kernel: the user's
// `main()` (compiled as __syncsim_host_main), run with the HostApi of the
// run, which acl/acl.h's calls reach through running_host().
#pragma once

#include "syncsim/host_api.hpp"

#include <map>
#include <stdexcept>
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

// A runtime call of the host program, `call()`. When the run ends while
// the call waits, SystemC kills the host's thread by throwing through it,
// and a host program that catches everything (GoogleTest runs each case in
// a catch (...)) would swallow that and abort the simulator. So the kill
// crosses the user's frames as HostKilled, which anything may catch; every
// later call throws it again at once, and the kill resumes as SystemC's own
// when main() returns (run_host_main).
struct HostKilled : std::runtime_error {
    HostKilled()
        : std::runtime_error("the simulation ended while the host program was waiting in a "
                             "runtime call") {}
};
bool host_killed();
[[noreturn]] void note_host_killed(); // in a catch block of SystemC's kill
bool catching_systemc_kill();         // in a catch block: is it SystemC's kill?

template <typename Call>
decltype(auto) host_call(Call&& call) {
    if (host_killed()) throw HostKilled();
    try {
        return call();
    } catch (...) {
        if (catching_systemc_kill()) note_host_killed();
        throw;
    }
}

} // namespace syncsim::sdk
