// What the vendor's compiler gives every kernel source without an include,
// for kernels syncsim_add_kernel compiles with clang and syncsim's pass: it
// force-includes this header. The builtins (syncsim/cce_builtins.hpp), the
// address spaces, and the module's build info the pass hands to the
// registration of its `__global__` kernels: the side of a Mix build
// (__DAV_CUBE__ / __DAV_VEC__), the target, and the user's -D defines
// (SYNCSIM_KERNEL_DEFINES, a "NAME=VALUE;..." list the build function
// passes), so a launch uses what the kernel was compiled with.
#pragma once

#if !defined(SYNCSIM_INSTRUMENTED)
#error "syncsim/vendor_kernel.hpp is for kernels compiled by syncsim_add_kernel"
#endif

#include "syncsim/cce_builtins.hpp"

#if defined(SYNCSIM_ONE_SIDE_BUILD) // -vec or -cube: the only build of its kernels
#define SYNCSIM_KERNEL_SIDE ""
#elif defined(__DAV_CUBE__) && !defined(__DAV_VEC__)
#define SYNCSIM_KERNEL_SIDE "side=aic\n"
#elif defined(__DAV_VEC__) && !defined(__DAV_CUBE__)
#define SYNCSIM_KERNEL_SIDE "side=aiv\n"
#else
#define SYNCSIM_KERNEL_SIDE ""
#endif
#ifndef SYNCSIM_KERNEL_TARGET
#define SYNCSIM_KERNEL_TARGET ""
#endif
#ifndef SYNCSIM_KERNEL_DEFINES
#define SYNCSIM_KERNEL_DEFINES ""
#endif

// Internal: each module has its own; the pass finds it by name.
__attribute__((used)) static const char __syncsim_build_info[] =
    SYNCSIM_KERNEL_SIDE "target=" SYNCSIM_KERNEL_TARGET "\n" SYNCSIM_KERNEL_DEFINES;

// Defined by the pass: without it this reference does not link, so a
// kernel built with the address spaces but not instrumented cannot run.
extern "C" const char __syncsim_gm_pass_ran;
__attribute__((used)) static const char* const __syncsim_pass_ran_ref = &__syncsim_gm_pass_ran;
