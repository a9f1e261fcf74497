// The vendor's SYNCALL system tests (pto-syncall.md 4), shared by the
// kernel (syncall_system_test_kernel.cpp) and the host program that launches
// it and checks `out` (syncall_system_test_host.cpp).
#pragma once

#include "syncsim/host_api.hpp"
#include "syncsim/kernel_api.hpp"
#include "syncsim/workload.hpp"

#include <cstdint>

namespace syncsim::system_test {

// What a launched core that does not take part writes to its slot.
constexpr std::int32_t kIdleCoreMark = 2;

// The kernel's arguments, in the order the host passes them.
enum Arg {
    kFlags,
    kOut,
    kFftsAddr,
    kUsedCores,
    kStride,
    kAicBlocks,
    kWorkspace,
    kDiag,
    kParticipants
};

void kernel(KernelContext& k);
void host(HostApi& host);
// The system test's parameters, and those its kernel reads (for other host
// programs that run the kernel).
std::vector<WorkloadParam> params();
std::vector<WorkloadParam> kernel_params();

} // namespace syncsim::system_test
