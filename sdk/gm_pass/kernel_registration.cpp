#include "kernel_registration.hpp"

#include "module_linkage.hpp"

#include "syncsim/instrumented_abi.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace llvm;

namespace syncsim_pass {
namespace {

std::string string_of(Value* value) {
    auto* global = dyn_cast<GlobalVariable>(value->stripPointerCasts());
    if (!global || !global->hasInitializer()) return "";
    auto* data = dyn_cast<ConstantDataArray>(global->getInitializer());
    return data && data->isCString() ? data->getAsCString().str() : "";
}

// The functions annotated `__global__` (llvm.global.annotations).
std::vector<Function*> annotated_kernels(Module& module) {
    std::vector<Function*> kernels;
    GlobalVariable* annotations = module.getNamedGlobal("llvm.global.annotations");
    if (!annotations || !annotations->hasInitializer()) return kernels;
    auto* entries = dyn_cast<ConstantArray>(annotations->getInitializer());
    if (!entries) return kernels;
    for (Value* entry : entries->operands()) {
        auto* fields = dyn_cast<ConstantStruct>(entry);
        if (!fields || fields->getNumOperands() < 2) continue;
        auto* fn = dyn_cast<Function>(fields->getOperand(0)->stripPointerCasts());
        if (fn && !fn->isDeclaration() &&
            string_of(fields->getOperand(1)) == SYNCSIM_KERNEL_ANNOTATION)
            kernels.push_back(fn);
    }
    return kernels;
}

// `ns::kernel` for `_ZN2ns6kernelEPU3AS1h`; the symbol itself for extern "C".
std::string source_name(const Function& fn) {
    ItaniumPartialDemangler demangler;
    const std::string symbol = fn.getName().str();
    if (demangler.partialDemangle(symbol.c_str())) return symbol;
    size_t size = 0;
    char* name = demangler.getFunctionName(nullptr, &size);
    std::string result = name ? name : symbol;
    std::free(name);
    return result;
}

// A floating parameter a launch word carries as its bits: half, float or
// double (an x87 long double does not fit).
bool is_word_float(Type* type) {
    return type->isHalfTy() || type->isFloatTy() || type->isDoubleTy();
}

// void thunk(const uint64_t* args) { kernel(convert(args[0]), ...); }
Function* make_thunk(Module& module, Function& kernel) {
    LLVMContext& ctx = module.getContext();
    Type* i64 = Type::getInt64Ty(ctx);
    auto* type = FunctionType::get(Type::getVoidTy(ctx), {i64->getPointerTo()}, false);
    Function* thunk = Function::Create(type, GlobalValue::InternalLinkage,
                                       "__syncsim_thunk." + kernel.getName(), module);
    IRBuilder<> b(BasicBlock::Create(ctx, "entry", thunk));
    std::vector<Value*> args;
    for (Argument& param : kernel.args()) {
        Value* word =
            b.CreateLoad(i64, b.CreateConstGEP1_64(i64, thunk->getArg(0), param.getArgNo()));
        Type* want = param.getType();
        const bool by_value = param.hasByValAttr() || param.hasStructRetAttr();
        if (want->isPointerTy() && !by_value && want->getPointerAddressSpace() != 0)
            args.push_back(b.CreateIntToPtr(word, want));
        else if (want->isPointerTy() && !by_value) {
            // A host pointer: the launch's GM address would be used as one,
            // and the kernel would write the simulator's own memory.
            ctx.diagnose(DiagnosticInfoUnsupported(
                kernel, "syncsim: parameter " + Twine(param.getArgNo() + 1) + " of kernel '" +
                            source_name(kernel) +
                            "' is a host pointer: declare it __gm__ T* (or GM_ADDR)"));
            args.push_back(UndefValue::get(want));
        } else if (by_value) {
            ctx.diagnose(DiagnosticInfoUnsupported(
                kernel, "syncsim: parameter " + Twine(param.getArgNo() + 1) + " of kernel '" +
                            source_name(kernel) +
                            "' is a struct passed by value: pass a __gm__ pointer to it"));
            args.push_back(UndefValue::get(want));
        } else if (want->isIntegerTy())
            args.push_back(b.CreateTrunc(word, want));
        else if (is_word_float(want)) // its bits, in the word's low end
            args.push_back(b.CreateBitCast(
                b.CreateTrunc(word, b.getIntNTy(want->getPrimitiveSizeInBits())), want));
        else {
            ctx.diagnose(DiagnosticInfoUnsupported(
                kernel, "syncsim: a kernel parameter must be a pointer (GM_ADDR, __gm__ T*), "
                        "an integer or a half, float or double"));
            args.push_back(UndefValue::get(want));
        }
    }
    b.CreateCall(kernel.getFunctionType(), &kernel, args);
    b.CreateRetVoid();
    return thunk;
}

// The host side of `k<<<blocks, l2ctrl, stream>>>(args...)`: clang's CUDA
// host compile lowers it to __cudaPushCallConfiguration(blocks, l2ctrl,
// stream) and a call of `__device_stub__k(args...)` (for an extern "C"
// kernel). The stub packs the arguments as the launch's 64-bit words and
// hands them to the runtime, which launches with the pushed configuration.
// Both sides of a Mix build define the same stub: the linker keeps one.
void make_launch_stub(Module& module, Function& kernel) {
    if (kernel.getName().startswith("_Z")) return; // C++ names: SYNCSIM_LAUNCH only
    LLVMContext& ctx = module.getContext();
    Type* i64 = Type::getInt64Ty(ctx);
    Function* stub = Function::Create(kernel.getFunctionType(), GlobalValue::WeakODRLinkage,
                                      "__device_stub__" + kernel.getName(), module);
    stub->setVisibility(GlobalValue::HiddenVisibility);
    IRBuilder<> b(BasicBlock::Create(ctx, "entry", stub));
    const unsigned n = static_cast<unsigned>(kernel.arg_size());
    AllocaInst* words = b.CreateAlloca(i64, b.getInt32(n == 0 ? 1 : n));
    for (Argument& arg : stub->args()) {
        Type* type = arg.getType();
        Value* word =
            type->isPointerTy()   ? b.CreatePtrToInt(&arg, i64)
            : type->isIntegerTy() ? b.CreateSExtOrTrunc(&arg, i64)
            : is_word_float(type)
                ? b.CreateZExt(b.CreateBitCast(&arg, b.getIntNTy(type->getPrimitiveSizeInBits())),
                               i64)
                : nullptr;
        if (!word) return stub->eraseFromParent(); // make_thunk diagnoses the parameter
        b.CreateStore(word, b.CreateConstGEP1_64(i64, words, arg.getArgNo()));
    }
    FunctionCallee launch = module.getOrInsertFunction(
        "__syncsim_launch_pushed",
        FunctionType::get(Type::getVoidTy(ctx),
                          {Type::getInt8PtrTy(ctx), i64->getPointerTo(), Type::getInt32Ty(ctx)},
                          false));
    b.CreateCall(launch, {b.CreateGlobalStringPtr(kernel.getName()), words, b.getInt32(n)});
    b.CreateRetVoid();
}

// A one-side module of a Mix build: its build info names a side
// (module_linkage.hpp says what that changes).
bool is_side_build(const std::string& build_info) {
    return build_info.find("side=aic\n") != std::string::npos ||
           build_info.find("side=aiv\n") != std::string::npos;
}

// The integer fields of a constant, in order, with their sizes in bytes.
void integer_leaves(const Constant* value, std::vector<std::pair<uint64_t, unsigned>>& out) {
    if (const auto* number = dyn_cast<ConstantInt>(value)) {
        out.emplace_back(number->getZExtValue(), number->getBitWidth() / 8);
    } else if (const auto* data = dyn_cast<ConstantDataSequential>(value)) {
        for (unsigned i = 0; i < data->getNumElements(); ++i)
            out.emplace_back(data->getElementAsInteger(i), data->getElementByteSize());
    } else if (isa<ConstantAggregate>(value)) {
        for (const Use& element : value->operands())
            integer_leaves(cast<Constant>(element.get()), out);
    }
}

// A kernel meta as the vendor's macros write it: TLVs, each {u16 type, u16
// length, `length` bytes}. Type 1 holds the kernel type (u32), type 3 the
// Mix ratio (u16 aic, u16 aiv); others are skipped. Kernel types: pto-isa
// 3186c381 include/pto/common/kernel_meta.hpp:16-30 (1 AIC only, 4 Mix AIC
// main, 5 Mix AIV main) and asc-devkit 0da921b91
// impl/basic_api/utils/kernel_utils_macros.h:103-112 (2 AIC, 3 AIV, 6/7
// their rollback forms). Returns build-info lines, or "error=..." lines.
std::string decode_meta(const Constant* init) {
    std::vector<std::pair<uint64_t, unsigned>> leaves;
    integer_leaves(init, leaves);
    static const char* const kinds[] = {nullptr,        "aic_only",     "aic_only", "none",
                                        "mix_aic_main", "mix_aiv_main", "aic_only", "none"};
    std::string lines;
    std::vector<uint64_t> ratio;
    for (std::size_t at = 0; at + 1 < leaves.size();) {
        const uint64_t type = leaves[at].first, length = leaves[at + 1].first;
        std::vector<uint64_t> fields;
        unsigned bytes = 0;
        for (at += 2; at < leaves.size() && bytes < length; ++at) {
            fields.push_back(leaves[at].first);
            bytes += leaves[at].second;
        }
        if (type == 1 && fields.size() == 1) {
            const uint64_t kind = fields[0];
            if (kind >= 8 || !kinds[kind])
                return "error=kernel type " + std::to_string(kind) + " is not one syncsim knows\n";
            lines += std::string("meta=") + kinds[kind] + "\n";
        } else if (type == 3 && fields.size() == 2) {
            ratio = fields;
        }
    }
    if (lines.empty()) return "error=no kernel-type TLV {1, 4, ktype}\n";
    if (!ratio.empty())
        lines += "meta_aic=" + std::to_string(ratio[0]) + "\nmeta_aiv=" + std::to_string(ratio[1]) +
                 "\n";
    return lines;
}

// Registers every `.ascend.meta.<kernel>` section of the module with the
// runtime, which matches it to a kernel of the whole plugin (the kernel may
// be in another source).
void register_metas(Module& module, IRBuilder<>& b) {
    static const char* const prefix = ".ascend.meta.";
    LLVMContext& ctx = module.getContext();
    Type* i8ptr = Type::getInt8PtrTy(ctx);
    FunctionCallee register_meta =
        module.getOrInsertFunction("__syncsim_register_kernel_meta",
                                   FunctionType::get(Type::getVoidTy(ctx), {i8ptr, i8ptr}, false));
    for (GlobalVariable& var : module.globals()) {
        const StringRef section = var.getSection();
        if (!section.startswith(prefix) || !var.hasInitializer()) continue;
        b.CreateCall(register_meta,
                     {b.CreateGlobalStringPtr(section.drop_front(std::strlen(prefix))),
                      b.CreateGlobalStringPtr(decode_meta(var.getInitializer()))});
    }
}

} // namespace

bool has_metas(Module& module) {
    for (GlobalVariable& var : module.globals())
        if (var.getSection().startswith(".ascend.meta.")) return true;
    return false;
}

bool register_kernels(Module& module) {
    std::vector<Function*> kernels = annotated_kernels(module);
    // A static variable: C++ mangles its name (_ZL20__syncsim_build_info).
    GlobalVariable* info = nullptr;
    for (GlobalVariable& var : module.globals())
        if (var.getName().endswith(SYNCSIM_BUILD_INFO_SYMBOL)) info = &var;
    const std::string build_info = info ? string_of(info) : "";
    const bool linkage_changed = settle_linkage(module, kernels, is_side_build(build_info));
    if (kernels.empty() && !has_metas(module)) return linkage_changed;

    LLVMContext& ctx = module.getContext();
    Type* i8ptr = Type::getInt8PtrTy(ctx);
    Type* i64ptr = Type::getInt64Ty(ctx)->getPointerTo();
    auto* thunk_type = FunctionType::get(Type::getVoidTy(ctx), {i64ptr}, false);
    FunctionCallee register_fn = module.getOrInsertFunction(
        "__syncsim_register_kernel",
        FunctionType::get(Type::getVoidTy(ctx),
                          {i8ptr, thunk_type->getPointerTo(), Type::getInt32Ty(ctx), i8ptr},
                          false));
    FunctionCallee register_address_fn =
        module.getOrInsertFunction("__syncsim_register_kernel_address",
                                   FunctionType::get(Type::getVoidTy(ctx), {i8ptr, i8ptr}, false));
    Function* ctor =
        Function::Create(FunctionType::get(Type::getVoidTy(ctx), false),
                         GlobalValue::InternalLinkage, "__syncsim_register_module_kernels", module);
    IRBuilder<> b(BasicBlock::Create(ctx, "entry", ctor));
    Value* info_ptr =
        info ? b.CreateBitCast(info, i8ptr) : ConstantPointerNull::get(cast<PointerType>(i8ptr));
    for (Function* kernel : kernels) {
        Function* thunk = make_thunk(module, *kernel);
        make_launch_stub(module, *kernel);
        // The symbol: what the vendor's meta macros name (`extern "C"`).
        Value* name = b.CreateGlobalStringPtr(source_name(*kernel));
        b.CreateCall(register_fn, {name, thunk, b.getInt32(kernel->arg_size()), info_ptr});
        b.CreateCall(register_address_fn, {name, b.CreateBitCast(kernel, i8ptr)});
    }
    register_metas(module, b);
    b.CreateRetVoid();
    appendToGlobalCtors(module, ctor, 65535);
    return true;
}

bool define_pass_marker(Module& module) {
    Type* i8 = Type::getInt8Ty(module.getContext());
    GlobalVariable* marker = module.getNamedGlobal(SYNCSIM_PASS_MARKER_SYMBOL);
    if (marker && !marker->isDeclaration()) return false;
    if (!marker)
        marker = new GlobalVariable(module, i8, true, GlobalValue::WeakAnyLinkage, nullptr,
                                    SYNCSIM_PASS_MARKER_SYMBOL);
    marker->setInitializer(ConstantInt::get(marker->getValueType(), 1));
    marker->setLinkage(GlobalValue::WeakAnyLinkage);
    marker->setVisibility(GlobalValue::HiddenVisibility);
    return true;
}

} // namespace syncsim_pass
