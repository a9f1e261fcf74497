// The vendor's builtins syncsim declares but does not model
// (syncsim/vendor_unmodelled.hpp): a kernel that calls one compiles, and
// the call faults the core at run time, naming the builtin and the line
// that called it. The header gives each such builtin the symbol
// "__syncsim_unmodelled.<name>"; this pass puts a call of
// __syncsim_unmodelled_builtin(name, "file:line") in place of each call, so
// the fault names the caller's line (the pass runs before inlining).
#pragma once

#include "llvm/IR/Module.h"

namespace syncsim_pass {

bool fault_unmodelled_builtins(llvm::Module& module);

} // namespace syncsim_pass
