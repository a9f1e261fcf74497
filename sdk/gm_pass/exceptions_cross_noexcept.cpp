#include "exceptions_cross_noexcept.hpp"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace syncsim_pass {

namespace {

bool drop_nounwind(Module& module) {
    bool changed = false;
    for (Function& fn : module) {
        if (fn.isIntrinsic()) continue;
        if (fn.hasFnAttribute(Attribute::NoUnwind)) {
            fn.removeFnAttr(Attribute::NoUnwind);
            changed = true;
        }
        for (BasicBlock& block : fn)
            for (Instruction& inst : block) {
                auto* call = dyn_cast<CallBase>(&inst);
                if (!call || !call->hasFnAttr(Attribute::NoUnwind)) continue;
                const Function* callee = call->getCalledFunction();
                if (callee && callee->isIntrinsic()) continue;
                call->removeFnAttr(Attribute::NoUnwind);
                changed = true;
            }
    }
    return changed;
}

// Every call of __clang_call_terminate(exception) - what clang calls where
// an exception would leave a noexcept function - goes to a function that
// rethrows the exception instead: `catch (...) { throw; }`.
bool rethrow_instead_of_terminate(Module& module, Function& terminate) {
    LLVMContext& context = module.getContext();
    auto* bytes = Type::getInt8PtrTy(context);
    auto* type = FunctionType::get(Type::getVoidTy(context), {bytes}, false);
    Function* rethrow = Function::Create(type, GlobalValue::InternalLinkage,
                                         "__syncsim_rethrow_past_noexcept", module);
    rethrow->addFnAttr(Attribute::NoReturn);
    rethrow->addFnAttr(Attribute::NoInline);
    auto* body = BasicBlock::Create(context, "", rethrow);
    IRBuilder<> build(body);
    build.CreateCall(module.getOrInsertFunction("__cxa_begin_catch", bytes, bytes),
                     {rethrow->getArg(0)});
    build.CreateCall(module.getOrInsertFunction("__cxa_rethrow", Type::getVoidTy(context)));
    build.CreateUnreachable();
    if (terminate.getFunctionType() != type) return false;
    terminate.replaceAllUsesWith(rethrow);
    return true;
}

} // namespace

bool let_exceptions_cross_noexcept(Module& module) {
    bool changed = drop_nounwind(module);
    if (Function* terminate = module.getFunction("__clang_call_terminate"))
        changed |= rethrow_instead_of_terminate(module, *terminate);
    return changed;
}

} // namespace syncsim_pass
