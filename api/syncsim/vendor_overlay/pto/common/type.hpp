// The vendor's pto/common/type.hpp, read as it is, for kernels built by
// syncsim_add_kernel (which puts this folder before the user's INCLUDES).
// Unless __CPU_SIM or __COSTMODEL is defined, that file spells AICORE as
// `[aicore]`, the vendor compiler's own attribute syntax, which clang
// rejects; with __CPU_SIM it leaves AICORE, OP_NAME and OP_TYPE empty, and
// its include guard keeps it from being read again. It then typedefs half
// and bfloat16_t as _Float16, which clang-14 cannot compute with on x86 and
// which would make the two one type: those typedefs land on names of our
// own (each naming syncsim's half), and syncsim/vendor_types.hpp gives half
// and bfloat16_t as two distinct 16-bit types. (Vendor files include this one as <pto/...> or by a
// quoted path that misses beside them, so every include reaches this one.)
#pragma once

#pragma push_macro("__CPU_SIM")
#pragma push_macro("half")
#pragma push_macro("bfloat16_t")
#pragma push_macro("float16_t")
#pragma push_macro("aclFloat16")
#pragma push_macro("_Float16")
// HalfUnion names half before the file's typedef.
using syncsim_vendor_type_half_placeholder = ::half;
#undef __CPU_SIM
#define __CPU_SIM 1
#define half syncsim_vendor_type_half_placeholder
#define bfloat16_t syncsim_vendor_type_bfloat16_placeholder
#define float16_t syncsim_vendor_type_float16_placeholder
#define aclFloat16 syncsim_vendor_type_aclfloat16_placeholder
#define _Float16 syncsim_vendor_type_half_placeholder
#include_next <pto/common/type.hpp>
#pragma pop_macro("_Float16")
#pragma pop_macro("aclFloat16")
#pragma pop_macro("float16_t")
#pragma pop_macro("bfloat16_t")
#pragma pop_macro("half")
#pragma pop_macro("__CPU_SIM")
