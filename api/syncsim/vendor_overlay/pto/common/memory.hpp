// The vendor's pto/common/memory.hpp, read as it is, for kernels built by
// syncsim_add_kernel. It returns string literals (layout and tile-type
// names) as `const __gm__ char*`: the vendor's compiler allows that, clang
// does not once __gm__ is an address space. Those names are its only
// __gm__ uses, so it is read with __gm__ empty; what it includes is read
// first, with __gm__ as everywhere else.
#pragma once

#if __has_include(<pto/common/arch_macro.hpp>)
#include <pto/common/arch_macro.hpp>
#endif
#include <pto/common/type.hpp>
#include <stdint.h>
#include <type_traits>

#pragma push_macro("__gm__")
#undef __gm__
#define __gm__
#include_next <pto/common/memory.hpp>
#pragma pop_macro("__gm__")
