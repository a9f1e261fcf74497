#include "exceptions_cross_noexcept.hpp"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <set>
#include <vector>

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

// Does the exception path from `pad` reach `terminate` - through clean-up
// blocks, not into a handler (a block that calls __cxa_begin_catch)?
bool leads_to(LandingPadInst& pad, const Function& terminate) {
    std::vector<BasicBlock*> work{pad.getParent()};
    std::set<BasicBlock*> seen{pad.getParent()};
    while (!work.empty()) {
        BasicBlock* block = work.back();
        work.pop_back();
        bool handler = false;
        for (Instruction& inst : *block)
            if (auto* call = dyn_cast<CallInst>(&inst)) {
                const Function* callee = call->getCalledFunction();
                if (callee == &terminate) return true;
                handler = handler || (callee && callee->getName() == "__cxa_begin_catch");
            }
        if (handler) continue;
        for (BasicBlock* succ : successors(block))
            if (seen.insert(succ).second) work.push_back(succ);
    }
    return false;
}

// What clang emits where an exception would leave a noexcept function - a
// landing pad that catches everything, then __clang_call_terminate - becomes
// a clean-up that resumes the unwinding: the frame is no handler, and the
// exception goes on to the caller as from any other frame.
bool resume_instead_of_terminate(Function& terminate) {
    bool changed = false;
    for (User* user : std::vector<User*>(terminate.user_begin(), terminate.user_end())) {
        auto* call = dyn_cast<CallInst>(user);
        if (!call || call->getCalledFunction() != &terminate || call->arg_size() != 1) continue;
        Function& fn = *call->getFunction();
        StructType* pad_type = nullptr;
        for (BasicBlock& block : fn) {
            auto* pad = dyn_cast<LandingPadInst>(block.getFirstNonPHI());
            if (!pad || pad->getNumClauses() != 1 || !pad->isCatch(0) ||
                !isa<ConstantPointerNull>(pad->getClause(0)) || !leads_to(*pad, terminate))
                continue;
            auto* cleanup = LandingPadInst::Create(pad->getType(), 0, "", pad);
            cleanup->setCleanup(true);
            pad->replaceAllUsesWith(cleanup);
            pad->eraseFromParent();
            pad_type = cast<StructType>(cleanup->getType());
        }
        if (!pad_type) continue; // no pad of its own leads here: leave the call
        BasicBlock* block = call->getParent();
        while (&block->back() != call) block->back().eraseFromParent();
        Value* exception = call->getArgOperand(0);
        call->eraseFromParent();
        Value* caught =
            InsertValueInst::Create(UndefValue::get(pad_type), exception, {0}, "", block);
        caught = InsertValueInst::Create(caught, ConstantInt::get(pad_type->getElementType(1), 0),
                                         {1}, "", block);
        ResumeInst::Create(caught, block);
        changed = true;
    }
    return changed;
}

} // namespace

bool let_exceptions_cross_noexcept(Module& module) {
    bool changed = drop_nounwind(module);
    if (Function* terminate = module.getFunction("__clang_call_terminate"))
        changed |= resume_instead_of_terminate(*terminate);
    return changed;
}

} // namespace syncsim_pass
