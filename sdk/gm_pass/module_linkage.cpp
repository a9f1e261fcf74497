#include "module_linkage.hpp"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace syncsim_pass {

namespace {

// Everything the kernels reach: functions through calls and taken
// addresses, variables and what their initializers name (a table of
// function pointers), aliases and their targets.
std::set<const GlobalValue*> device_code(const std::vector<Function*>& kernels) {
    std::set<const Value*> seen;
    std::vector<const Value*> pending;
    auto add = [&](const Value* value) {
        if (seen.insert(value).second) pending.push_back(value);
    };
    for (const Function* kernel : kernels) add(kernel);
    while (!pending.empty()) {
        const Value* value = pending.back();
        pending.pop_back();
        if (const auto* fn = dyn_cast<Function>(value)) {
            for (const BasicBlock& block : *fn)
                for (const Instruction& inst : block)
                    for (const Value* operand : inst.operands())
                        if (isa<Constant>(operand)) add(operand);
        } else if (const auto* var = dyn_cast<GlobalVariable>(value)) {
            if (var->hasInitializer()) add(var->getInitializer());
        } else if (const auto* alias = dyn_cast<GlobalAlias>(value)) {
            add(alias->getAliasee());
        } else if (const auto* constant = dyn_cast<Constant>(value)) {
            for (const Value* operand : constant->operands()) add(operand);
        }
    }
    std::set<const GlobalValue*> reached;
    for (const Value* value : seen)
        if (const auto* global = dyn_cast<GlobalValue>(value)) reached.insert(global);
    return reached;
}

bool is_ours(const GlobalValue& value) {
    return value.getName().startswith("llvm.") || value.getName().startswith("__syncsim_");
}

void make_local(GlobalValue& value) {
    value.setLinkage(GlobalValue::InternalLinkage);
    if (auto* object = dyn_cast<GlobalObject>(&value)) object->setComdat(nullptr);
}

// The host's copy of a side's device function: a weak clone under its
// name; the original, renamed, stays the side's own.
void give_host_copy(Function& fn) {
    ValueToValueMapTy map;
    Function* host = CloneFunction(&fn, map);
    const std::string name = fn.getName().str();
    fn.setName(name + ".syncsim.side");
    make_local(fn);
    host->setName(name);
    host->setLinkage(GlobalValue::WeakAnyLinkage);
    host->setComdat(nullptr);
}

} // namespace

bool settle_linkage(Module& module, const std::vector<Function*>& kernels, bool side_build) {
    const std::set<const GlobalValue*> device = device_code(kernels);
    std::vector<GlobalValue*> defined;
    for (GlobalValue& value : module.global_values())
        if (!value.isDeclaration() && !value.hasLocalLinkage() && !is_ours(value))
            defined.push_back(&value);
    bool changed = false;
    for (GlobalValue* value : defined) {
        const bool reached = device.count(value) > 0;
        const bool mergeable = value->hasLinkOnceLinkage() || value->hasWeakLinkage();
        if (reached && (side_build || mergeable)) {
            auto* fn = dyn_cast<Function>(value);
            const bool kernel =
                fn && std::find(kernels.begin(), kernels.end(), fn) != kernels.end();
            if (side_build && fn && !mergeable && !kernel)
                give_host_copy(*fn);
            else
                make_local(*value);
            changed = true;
        } else if (!reached && side_build && value->hasExternalLinkage()) {
            value->setLinkage(GlobalValue::WeakAnyLinkage);
            changed = true;
        }
    }
    return changed;
}

} // namespace syncsim_pass
