// Rewrites loads, stores, atomics and memory intrinsics through pointers in
// the kernel address spaces into calls of the plugin-side runtime:
//
//   load  T, T addrspace(1)* p   ->  __syncsim_space_read(1, p, &tmp, sizeof T, site)
//   store v, T addrspace(6)* p   ->  __syncsim_space_write(6, p, &tmp, sizeof T, site)
//   atomicrmw add i32 addrspace(1)* p, v  ->  __syncsim_gm_atomic_rmw(p, op, v, 4, site)
//   memcpy/memmove/memset with an operand in a kernel space -> __syncsim_space_copy/set
//   addrspacecast from a kernel space to a host pointer -> __syncsim_space_escape (a fault)
//
// `site` names the source line (with -g) or the function, for the fault
// message. Accesses the device's scalar unit cannot make (L1, L0, the
// fixpipe buffer) and compare-and-swap on GM are compile errors.
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

namespace syncsim_pass {

class SpaceAccessRewriter {
  public:
    explicit SpaceAccessRewriter(llvm::Module& module);
    bool rewrite(llvm::Function& fn);

  private:
    void rewrite_load(llvm::LoadInst& load);
    void rewrite_store(llvm::StoreInst& store);
    void rewrite_atomic(llvm::AtomicRMWInst& rmw);
    void rewrite_mem_intrinsic(llvm::MemIntrinsic& call, unsigned dst_space, unsigned src_space);
    void guard_escape(llvm::AddrSpaceCastInst& cast);
    bool guard_escapes(llvm::Function& fn);
    bool materialize_escapes(llvm::Function& fn);
    static bool contains_escape(const llvm::Constant* value);
    static llvm::Instruction* materialize(llvm::ConstantExpr* expr, llvm::Instruction* before);
    bool check_scalar_reachable(llvm::Instruction& inst, unsigned space);
    void diagnose(llvm::Instruction& inst, const llvm::Twine& message);

    llvm::Value* site(llvm::Instruction& inst);
    llvm::AllocaInst* scratch(llvm::Function& fn, llvm::Type* type);
    llvm::Value* address_of(llvm::IRBuilder<>& b, llvm::Value* pointer);
    llvm::Value* space_const(llvm::IRBuilder<>& b, unsigned space);

    llvm::Module& m_module;
    llvm::LLVMContext& m_ctx;
    llvm::Type* m_i64;
    llvm::Type* m_i32;
    llvm::PointerType* m_i8ptr;
    llvm::FunctionCallee m_read, m_write, m_rmw, m_copy, m_set, m_escape;
    llvm::StringMap<llvm::Constant*> m_sites;
    llvm::DenseMap<llvm::Type*, llvm::AllocaInst*> m_scratch; // per function
};

// A kernel address space (__gm__, __ubuf__, ...) as opposed to a host pointer.
bool is_kernel_space(unsigned space);
// The spaces the scalar unit loads from and stores to (GM, UB).
bool is_scalar_space(unsigned space);
// A cast from a kernel space to a host pointer.
bool is_escape(unsigned from, unsigned to);

} // namespace syncsim_pass
