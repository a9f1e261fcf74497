// A module that only names what is built inside it (a core's pipe units and
// write buffer name themselves after their owner), for tests of those parts
// without the whole core; and the kernel's time in whole ns.
#pragma once

#include <systemc>

namespace syncsim::test {

struct OwnerModule : sc_core::sc_module {
    explicit OwnerModule(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
};

// The kernel's time in whole ns (the tests' resolution is 1 ps).
inline long long kernel_ns() {
    return static_cast<long long>(sc_core::sc_time_stamp().value() / 1000);
}

} // namespace syncsim::test
