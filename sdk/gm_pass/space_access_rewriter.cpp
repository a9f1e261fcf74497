#include "space_access_rewriter.hpp"

#include "syncsim/address_spaces.hpp"
#include "syncsim/instrumented_abi.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <string>
#include <vector>

using namespace llvm;

namespace syncsim_pass {

bool is_kernel_space(unsigned space) {
    return space >= SYNCSIM_AS_GM && space <= SYNCSIM_AS_LAST;
}
bool is_scalar_space(unsigned space) {
    return space == SYNCSIM_AS_GM || space == SYNCSIM_AS_UBUF;
}
bool is_escape(unsigned from, unsigned to) {
    return is_kernel_space(from) && to == 0;
}

namespace {

const char* space_name(unsigned space) {
    static const char* const names[] = {"host",   "__gm__",   "__cbuf__", "__ca__",     "__cb__",
                                        "__cc__", "__ubuf__", "__fbuf__", "__biasbuf__"};
    static_assert(sizeof names / sizeof names[0] == SYNCSIM_AS_LAST + 1, "a name per space");
    return space <= SYNCSIM_AS_LAST ? names[space] : "an unknown address space";
}

// The pointer under bitcasts and address-space casts: a memcpy through
// `(void*)gm` still reads global memory.
Value* underlying_pointer(Value* pointer) {
    for (;;) {
        auto* op = dyn_cast<Operator>(pointer);
        if (!op || (op->getOpcode() != Instruction::BitCast &&
                    op->getOpcode() != Instruction::AddrSpaceCast))
            return pointer;
        pointer = op->getOperand(0);
    }
}

unsigned space_of(const Value* pointer) {
    return cast<PointerType>(pointer->getType())->getAddressSpace();
}

// LLVM's atomicrmw operations as the runtime's codes (instrumented_abi.h).
int rmw_code(AtomicRMWInst::BinOp op) {
    switch (op) {
    case AtomicRMWInst::Add:
        return SYNCSIM_RMW_ADD;
    case AtomicRMWInst::Sub:
        return SYNCSIM_RMW_SUB;
    case AtomicRMWInst::Xchg:
        return SYNCSIM_RMW_XCHG;
    case AtomicRMWInst::Max:
        return SYNCSIM_RMW_MAX;
    case AtomicRMWInst::Min:
        return SYNCSIM_RMW_MIN;
    default:
        return SYNCSIM_RMW_OTHER;
    }
}

} // namespace

SpaceAccessRewriter::SpaceAccessRewriter(Module& module)
    : m_module(module), m_ctx(module.getContext()), m_i64(Type::getInt64Ty(m_ctx)),
      m_i32(Type::getInt32Ty(m_ctx)), m_i8ptr(Type::getInt8PtrTy(m_ctx)) {
    Type* void_ty = Type::getVoidTy(m_ctx);
    auto declare = [&](const char* name, Type* result, ArrayRef<Type*> params) {
        return m_module.getOrInsertFunction(name, FunctionType::get(result, params, false));
    };
    m_read = declare("__syncsim_space_read", void_ty, {m_i32, m_i64, m_i8ptr, m_i32, m_i8ptr});
    m_write = declare("__syncsim_space_write", void_ty, {m_i32, m_i64, m_i8ptr, m_i32, m_i8ptr});
    m_rmw = declare("__syncsim_gm_atomic_rmw", m_i64, {m_i64, m_i32, m_i64, m_i32, m_i8ptr});
    m_copy = declare("__syncsim_space_copy", void_ty, {m_i32, m_i64, m_i32, m_i64, m_i64, m_i8ptr});
    m_set = declare("__syncsim_space_set", void_ty, {m_i32, m_i64, m_i32, m_i64, m_i8ptr});
    m_escape = declare("__syncsim_space_escape", void_ty, {m_i32, m_i64, m_i8ptr});
}

bool SpaceAccessRewriter::rewrite(Function& fn) {
    bool changed = materialize_escapes(fn);
    std::vector<Instruction*> work;
    for (Instruction& inst : instructions(fn))
        if (isa<LoadInst>(inst) || isa<StoreInst>(inst) || isa<AtomicRMWInst>(inst) ||
            isa<AtomicCmpXchgInst>(inst) || isa<MemIntrinsic>(inst))
            work.push_back(&inst);
    for (Instruction* inst : work) {
        if (auto* load = dyn_cast<LoadInst>(inst)) {
            if (!check_scalar_reachable(*inst, load->getPointerAddressSpace())) continue;
            rewrite_load(*load);
        } else if (auto* store = dyn_cast<StoreInst>(inst)) {
            if (!check_scalar_reachable(*inst, store->getPointerAddressSpace())) continue;
            rewrite_store(*store);
        } else if (auto* rmw = dyn_cast<AtomicRMWInst>(inst)) {
            if (!check_scalar_reachable(*inst, rmw->getPointerAddressSpace())) continue;
            rewrite_atomic(*rmw);
        } else if (auto* cas = dyn_cast<AtomicCmpXchgInst>(inst)) {
            if (!is_kernel_space(cas->getPointerAddressSpace())) continue;
            diagnose(*inst, "compare-and-swap through a kernel pointer is not modelled (the "
                            "device's GM atomics are st_atomic and atomicAdd)");
            continue;
        } else {
            auto* mem = cast<MemIntrinsic>(inst);
            const unsigned dst = space_of(underlying_pointer(mem->getRawDest()));
            unsigned src = 0;
            if (auto* transfer = dyn_cast<MemTransferInst>(mem))
                src = space_of(underlying_pointer(transfer->getRawSource()));
            if (!is_kernel_space(dst) && !is_kernel_space(src)) continue;
            if ((is_kernel_space(dst) && !check_scalar_reachable(*inst, dst)) ||
                (is_kernel_space(src) && !check_scalar_reachable(*inst, src)))
                continue;
            rewrite_mem_intrinsic(*mem, dst, src);
        }
        changed = true;
    }
    changed |= guard_escapes(fn);
    m_scratch.clear();
    return changed;
}

// A kernel pointer cast to a host pointer that is still used: what it
// points at is not in this process, so using it would read or write the
// simulator's own memory. The cast itself faults. Casts the rewritten
// memory intrinsics no longer need (and the pointer casts between) go.
bool SpaceAccessRewriter::guard_escapes(Function& fn) {
    for (bool erased = true; erased;) {
        erased = false;
        std::vector<Instruction*> dead;
        for (Instruction& inst : instructions(fn))
            if (inst.use_empty() && (isa<CastInst>(inst) || isa<GetElementPtrInst>(inst)) &&
                inst.getType()->isPointerTy())
                dead.push_back(&inst);
        for (Instruction* inst : dead) inst->eraseFromParent();
        erased = !dead.empty();
    }
    bool changed = false;
    for (Instruction& inst : instructions(fn))
        if (auto* cast = dyn_cast<AddrSpaceCastInst>(&inst))
            if (is_escape(cast->getSrcAddressSpace(), cast->getDestAddressSpace())) {
                guard_escape(*cast);
                changed = true;
            }
    return changed;
}

// A cast clang folded into a constant ((int*)(__gm__ int*)0x1000...)
// becomes an instruction, so guard_escapes sees it.
bool SpaceAccessRewriter::materialize_escapes(Function& fn) {
    bool changed = false;
    std::vector<Instruction*> all;
    for (Instruction& inst : instructions(fn)) all.push_back(&inst);
    for (Instruction* inst : all)
        for (unsigned i = 0; i < inst->getNumOperands(); ++i) {
            auto* expr = dyn_cast<ConstantExpr>(inst->getOperand(i));
            if (!expr || !contains_escape(expr)) continue;
            Instruction* before = inst;
            if (auto* phi = dyn_cast<PHINode>(inst))
                before = phi->getIncomingBlock(i)->getTerminator();
            inst->setOperand(i, materialize(expr, before));
            changed = true;
        }
    return changed;
}

bool SpaceAccessRewriter::contains_escape(const Constant* value) {
    const auto* expr = dyn_cast<ConstantExpr>(value);
    if (!expr) return false;
    if (expr->getOpcode() == Instruction::AddrSpaceCast &&
        is_escape(space_of(expr->getOperand(0)), space_of(const_cast<ConstantExpr*>(expr))))
        return true;
    for (const Use& operand : expr->operands())
        if (contains_escape(cast<Constant>(operand.get()))) return true;
    return false;
}

Instruction* SpaceAccessRewriter::materialize(ConstantExpr* expr, Instruction* before) {
    Instruction* inst = expr->getAsInstruction();
    inst->insertBefore(before);
    inst->setDebugLoc(before->getDebugLoc()); // the fault names the user's line
    for (unsigned i = 0; i < inst->getNumOperands(); ++i)
        if (auto* inner = dyn_cast<ConstantExpr>(inst->getOperand(i)))
            if (contains_escape(inner)) inst->setOperand(i, materialize(inner, inst));
    return inst;
}

bool SpaceAccessRewriter::check_scalar_reachable(Instruction& inst, unsigned space) {
    if (!is_kernel_space(space)) return false;
    if (is_scalar_space(space)) return true;
    diagnose(inst, Twine("a scalar access through a ") + space_name(space) +
                       " pointer: the scalar unit reaches only __gm__ and __ubuf__ (move the "
                       "data with the DMA copies)");
    return false;
}

void SpaceAccessRewriter::diagnose(Instruction& inst, const Twine& message) {
    m_ctx.diagnose(
        DiagnosticInfoUnsupported(*inst.getFunction(), "syncsim: " + message, inst.getDebugLoc()));
}

void SpaceAccessRewriter::rewrite_load(LoadInst& load) {
    IRBuilder<> b(&load);
    Type* type = load.getType();
    AllocaInst* tmp = scratch(*load.getFunction(), type);
    const uint64_t bytes = m_module.getDataLayout().getTypeStoreSize(type);
    b.CreateCall(m_read, {space_const(b, load.getPointerAddressSpace()),
                          address_of(b, load.getPointerOperand()), b.CreateBitCast(tmp, m_i8ptr),
                          b.getInt32(bytes), site(load)});
    LoadInst* value = b.CreateLoad(type, tmp);
    load.replaceAllUsesWith(value);
    load.eraseFromParent();
}

void SpaceAccessRewriter::rewrite_store(StoreInst& store) {
    IRBuilder<> b(&store);
    Type* type = store.getValueOperand()->getType();
    AllocaInst* tmp = scratch(*store.getFunction(), type);
    const uint64_t bytes = m_module.getDataLayout().getTypeStoreSize(type);
    b.CreateStore(store.getValueOperand(), tmp);
    b.CreateCall(m_write, {space_const(b, store.getPointerAddressSpace()),
                           address_of(b, store.getPointerOperand()), b.CreateBitCast(tmp, m_i8ptr),
                           b.getInt32(bytes), site(store)});
    store.eraseFromParent();
}

void SpaceAccessRewriter::rewrite_atomic(AtomicRMWInst& rmw) {
    Type* type = rmw.getValOperand()->getType();
    if (!type->isIntegerTy() || rmw.getPointerAddressSpace() != SYNCSIM_AS_GM) {
        diagnose(rmw, "an atomic read-modify-write that is not an integer in __gm__ is not "
                      "modelled");
        return;
    }
    IRBuilder<> b(&rmw);
    const uint64_t bytes = m_module.getDataLayout().getTypeStoreSize(type);
    Value* old = b.CreateCall(
        m_rmw, {address_of(b, rmw.getPointerOperand()), b.getInt32(rmw_code(rmw.getOperation())),
                b.CreateSExtOrTrunc(rmw.getValOperand(), m_i64), b.getInt32(bytes), site(rmw)});
    rmw.replaceAllUsesWith(b.CreateTrunc(old, type));
    rmw.eraseFromParent();
}

void SpaceAccessRewriter::rewrite_mem_intrinsic(MemIntrinsic& call, unsigned dst_space,
                                                unsigned src_space) {
    IRBuilder<> b(&call);
    Value* dst = address_of(b, underlying_pointer(call.getRawDest()));
    Value* length = b.CreateZExtOrTrunc(call.getLength(), m_i64);
    if (auto* set = dyn_cast<MemSetInst>(&call)) {
        b.CreateCall(m_set, {space_const(b, dst_space), dst, b.CreateZExt(set->getValue(), m_i32),
                             length, site(call)});
    } else {
        auto& transfer = cast<MemTransferInst>(call);
        Value* src = address_of(b, underlying_pointer(transfer.getRawSource()));
        b.CreateCall(m_copy, {space_const(b, dst_space), dst, space_const(b, src_space), src,
                              length, site(call)});
    }
    call.eraseFromParent();
}

void SpaceAccessRewriter::guard_escape(AddrSpaceCastInst& cast) {
    IRBuilder<> b(&cast);
    b.CreateCall(m_escape, {space_const(b, cast.getSrcAddressSpace()),
                            address_of(b, cast.getPointerOperand()), site(cast)});
}

Value* SpaceAccessRewriter::site(Instruction& inst) {
    std::string text;
    if (const DebugLoc& loc = inst.getDebugLoc())
        text = (loc->getFilename() + ":" + Twine(loc->getLine())).str();
    else
        text = "in " + demangle(inst.getFunction()->getName().str());
    auto found = m_sites.find(text);
    if (found != m_sites.end()) return found->second;
    IRBuilder<> b(m_ctx);
    Constant* global = b.CreateGlobalStringPtr(text, ".syncsim.site", 0, &m_module);
    m_sites[text] = global;
    return global;
}

AllocaInst* SpaceAccessRewriter::scratch(Function& fn, Type* type) {
    AllocaInst*& tmp = m_scratch[type];
    if (!tmp) {
        IRBuilder<> b(&*fn.getEntryBlock().getFirstInsertionPt());
        tmp = b.CreateAlloca(type, nullptr, "syncsim.access");
    }
    return tmp;
}

Value* SpaceAccessRewriter::address_of(IRBuilder<>& b, Value* pointer) {
    return b.CreatePtrToInt(pointer, m_i64);
}

Value* SpaceAccessRewriter::space_const(IRBuilder<>& b, unsigned space) {
    return b.getInt32(space);
}

} // namespace syncsim_pass
