// Which kernel the running SystemC process is: each core's scalar unit
// enters itself when its thread starts, so the vendor-style free functions
// of syncsim/cce.hpp (syncsim/current_kernel.hpp) reach the right core. All
// processes share one OS thread: this is a map, not thread_local.
#pragma once

#include "syncsim/kernel_api.hpp"

#include <systemc>

namespace syncsim {

class RunningKernels {
  public:
    static void enter(const sc_core::sc_object* process, KernelContext* kernel);
    static void leave(const sc_core::sc_object* process);
};

// The kernel context of the core whose kernel the running SystemC process
// is, or null.
KernelContext* running_kernel();

} // namespace syncsim
