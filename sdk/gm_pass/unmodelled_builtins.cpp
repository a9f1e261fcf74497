#include "unmodelled_builtins.hpp"

#include "syncsim/instrumented_abi.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace syncsim_pass {

namespace {

std::string call_site(CallBase& call) {
    if (const DebugLoc& loc = call.getDebugLoc())
        return (loc->getFilename() + ":" + Twine(loc->getLine())).str();
    return "in " + call.getFunction()->getName().str();
}

} // namespace

bool fault_unmodelled_builtins(Module& module) {
    LLVMContext& ctx = module.getContext();
    Type* i8_ptr = Type::getInt8PtrTy(ctx);
    FunctionCallee fault = module.getOrInsertFunction(
        SYNCSIM_UNMODELLED_BUILTIN_FN,
        FunctionType::get(Type::getVoidTy(ctx), {i8_ptr, i8_ptr}, false));
    SmallVector<Function*, 8> builtins;
    for (Function& fn : module)
        if (fn.isDeclaration() && fn.getName().startswith(SYNCSIM_UNMODELLED_PREFIX))
            builtins.push_back(&fn);
    for (Function* fn : builtins) {
        const StringRef name =
            fn->getName().drop_front(StringRef(SYNCSIM_UNMODELLED_PREFIX).size());
        SmallVector<CallBase*, 8> calls;
        for (User* user : fn->users())
            if (auto* call = dyn_cast<CallBase>(user); call && call->getCalledOperand() == fn)
                calls.push_back(call);
        for (CallBase* call : calls) {
            IRBuilder<> b(call);
            b.CreateCall(fault, {b.CreateGlobalStringPtr(name, ".syncsim.builtin"),
                                 b.CreateGlobalStringPtr(call_site(*call), ".syncsim.site")});
            if (!call->getType()->isVoidTy())
                call->replaceAllUsesWith(UndefValue::get(call->getType()));
            if (auto* invoke = dyn_cast<InvokeInst>(call)) {
                // The fault unwinds from the call above; this block no
                // longer reaches the landing pad.
                invoke->getUnwindDest()->removePredecessor(invoke->getParent());
                b.CreateBr(invoke->getNormalDest());
            }
            call->eraseFromParent();
        }
        if (fn->use_empty()) {
            fn->eraseFromParent();
        } else { // its address was taken: a call through it faults without a line
            fn->setLinkage(GlobalValue::InternalLinkage);
            IRBuilder<> b(BasicBlock::Create(ctx, "entry", fn));
            b.CreateCall(fault, {b.CreateGlobalStringPtr(name, ".syncsim.builtin"),
                                 b.CreateGlobalStringPtr("through a pointer", ".syncsim.site")});
            b.CreateUnreachable();
        }
    }
    return !builtins.empty();
}

} // namespace syncsim_pass
