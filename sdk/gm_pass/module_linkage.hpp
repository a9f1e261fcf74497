// What a kernel module gives the plugin it links into. The vendor's
// compiler builds each side of a Mix kernel apart and the host code once;
// syncsim links every side's module and the host sources into one plugin,
// so it settles here who sees what:
// - device code, what the module's kernels reach (calls, taken addresses,
//   variables' initializers), is the module's own when the module is one
//   side of a Mix build, and its inline and template definitions always
//   are (another build of the same source, with another side's macros, may
//   define them otherwise);
// - host code, what no kernel reaches (a Launch* wrapper), is one function
//   of the plugin: in a side's module it is weak, so the two sides' copies
//   are one and main() calls it;
// - a device function of a side's module that is not inline (nor a kernel)
//   is also given to the host, as a weak copy under its name (the module's
//   own uses keep the side's).
#pragma once

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace syncsim_pass {

bool settle_linkage(llvm::Module& module, const std::vector<llvm::Function*>& kernels,
                    bool side_build);

} // namespace syncsim_pass
