// The LLVM pass that lets kernel code in the vendor's dialect run on the
// model: clang compiles `__gm__ T*` and `__ubuf__ T*` as pointers in their
// own address spaces (syncsim/address_spaces.hpp), and this pass rewrites
// every access through them into a call into the running core's model
// (sdk/runtime/instrumented_access.cpp), which is what gm_ptr<T> and
// ub_ptr<T> do in the g++ path. It also turns each `__global__` kernel into a
// registered entry (kernel_registration.cpp). Loaded with
// clang++ -fpass-plugin=libsyncsim_gm_pass.so; runs first in the pipeline,
// so each access the source writes is one access to the model, at -O0 as at
// -O2.
#include "exceptions_cross_noexcept.hpp"
#include "kernel_registration.hpp"
#include "space_access_rewriter.hpp"
#include "unmodelled_builtins.hpp"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

namespace {

class GmAccessPass : public PassInfoMixin<GmAccessPass> {
  public:
    PreservedAnalyses run(Module& module, ModuleAnalysisManager&) {
        bool changed = syncsim_pass::register_kernels(module);
        changed |= syncsim_pass::fault_unmodelled_builtins(module);
        changed |= syncsim_pass::let_exceptions_cross_noexcept(module);
        syncsim_pass::SpaceAccessRewriter rewriter(module);
        for (Function& fn : module)
            if (!fn.isDeclaration()) changed |= rewriter.rewrite(fn);
        changed |= syncsim_pass::define_pass_marker(module);
        return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
    }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
    return {LLVM_PLUGIN_API_VERSION, "syncsim-gm-access", "1", [](PassBuilder& builder) {
                builder.registerPipelineStartEPCallback(
                    [](ModulePassManager& passes, OptimizationLevel) {
                        passes.addPass(GmAccessPass());
                    });
            }};
}
