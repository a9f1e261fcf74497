// Lets the simulator's exceptions cross kernel code that is noexcept. The
// device has no exceptions; in syncsim a kernel's code runs on a SystemC
// thread, and the simulator ends a block by unwinding that thread (a kill at
// a fault beside it or at the end of a run) or by a KernelFault. The
// vendor's code waits inside destructors (pto-isa's ~TPipe drains its free
// credits with wait_flag_dev, include/pto/npu/a2a3/TPush.hpp:505-510 at
// 3186c381), and a destructor is noexcept: an unwinding that reaches it
// there would call std::terminate and end the simulator. This rewrite, on
// every module the pass sees: drops `nounwind` from functions and calls
// (not from LLVM intrinsics), and turns each landing pad that leads to
// __clang_call_terminate into a clean-up that resumes the unwinding. (A
// call clang emitted as a plain call, its callee being noexcept, has no
// landing pad: an exception passes it without the caller's clean-ups.)
#pragma once

#include "llvm/IR/Module.h"

namespace syncsim_pass {

bool let_exceptions_cross_noexcept(llvm::Module& module);

} // namespace syncsim_pass
