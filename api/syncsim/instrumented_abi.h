/* The calls the instrumenting pass (sdk/gm_pass) puts in place of accesses
   through kernel pointers, and the registration of `__global__` kernels.
   The plugin-side runtime (sdk/runtime) defines them. Plain C: the pass
   includes it too. Addresses are the pointer's value (a GM address, a UB
   offset, or for space 0 a host address); `site` is "file:line" or
   "in function". */
#ifndef SYNCSIM_INSTRUMENTED_ABI_H
#define SYNCSIM_INSTRUMENTED_ABI_H

#include <stdint.h>

/* atomicrmw operations */
#define SYNCSIM_RMW_ADD 0
#define SYNCSIM_RMW_SUB 1
#define SYNCSIM_RMW_XCHG 2
#define SYNCSIM_RMW_MAX 3
#define SYNCSIM_RMW_MIN 4
#define SYNCSIM_RMW_OTHER 5

/* The annotation `__global__` puts on a kernel, and the global a kernel
   source defines with how it was built (side, arch, defines, meta). */
#define SYNCSIM_KERNEL_ANNOTATION "syncsim.global"
#define SYNCSIM_BUILD_INFO_SYMBOL "__syncsim_build_info"
/* Defined by the pass in every module it instruments; referenced by
   syncsim/cce.hpp in the instrumented mode, so a kernel compiled with the
   address spaces but without the pass fails to link instead of running
   accesses as host loads. */
#define SYNCSIM_PASS_MARKER_SYMBOL "__syncsim_gm_pass_ran"

/* A builtin of the vendor's compiler that syncsim declares but does not
   model (syncsim/vendor_unmodelled.hpp) has the symbol PREFIX<name>; the
   pass replaces each call with a call of the FN below. */
#define SYNCSIM_UNMODELLED_PREFIX "__syncsim_unmodelled."
#define SYNCSIM_UNMODELLED_BUILTIN_FN "__syncsim_unmodelled_builtin"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*syncsim_kernel_thunk)(const uint64_t* args);

void __syncsim_space_read(int32_t space, uint64_t addr, void* out, int32_t bytes, const char* site);
void __syncsim_space_write(int32_t space, uint64_t addr, const void* in, int32_t bytes,
                           const char* site);
int64_t __syncsim_gm_atomic_rmw(uint64_t addr, int32_t op, int64_t value, int32_t bytes,
                                const char* site);
void __syncsim_space_copy(int32_t dst_space, uint64_t dst, int32_t src_space, uint64_t src,
                          int64_t bytes, const char* site);
void __syncsim_space_set(int32_t space, uint64_t dst, int32_t value, int64_t bytes,
                         const char* site);
void __syncsim_space_escape(int32_t space, uint64_t addr, const char* site);
/* One call per `__global__` kernel, from a constructor the pass adds:
   its source-level name, the thunk that calls it with the launch's
   arguments, its parameter count and the module's build info (or null). */
void __syncsim_register_kernel(const char* name, syncsim_kernel_thunk thunk, uint32_t nargs,
                               const char* build_info);
/* After each registration: the kernel function's address in this module,
   so a launch that names the kernel by address (a <<<>>> in a kernel
   source, whose kernel may have a C++ or template name) finds it. */
void __syncsim_register_kernel_address(const char* name, const void* address);
/* One call per `.ascend.meta.<kernel>` section: the name the section gives
   and the meta decoded as build-info lines ("error=..." when it cannot be).
   The runtime matches it to a kernel of the plugin when it registers. */
void __syncsim_register_kernel_meta(const char* kernel, const char* lines);

/* Faults the running core: the kernel called a builtin syncsim does not
   model, at `site`. */
void __syncsim_unmodelled_builtin(const char* name, const char* site);

/* The host side of `k<<<blocks, l2ctrl, stream>>>(args)` (clang's CUDA
   host compile of host sources, syncsim/vendor_host.hpp): after
   __cudaPushCallConfiguration, the kernel's stub (made by the pass) hands
   over the arguments as 64-bit words. */
void __syncsim_launch_pushed(const char* kernel, const uint64_t* args, uint32_t nargs);
/* The same for a <<<>>> in a kernel source: the kernel by its address (as
   written, `written`, for the messages). */
void __syncsim_launch_pushed_at(const void* kernel, const char* written, const uint64_t* args,
                                uint32_t nargs);

#ifdef __cplusplus
}
#endif

#endif
