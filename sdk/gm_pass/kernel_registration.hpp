// `__global__` kernels register themselves: for each function carrying the
// annotation `__global__` expands to, the pass adds a thunk that calls it
// with a launch's arguments (each a 64-bit word: a GM address or an
// integer) and a module constructor that registers the thunk under the
// kernel's source-level name, with the module's build info (the side of a
// Mix build, the arch, the defines and the kernel meta). In a one-side
// module of a Mix build, every definition becomes local, so the cube and
// the vector compiles of one source link into one plugin.
#pragma once

#include "llvm/IR/Module.h"

namespace syncsim_pass {

bool register_kernels(llvm::Module& module);
bool define_pass_marker(llvm::Module& module);

} // namespace syncsim_pass
