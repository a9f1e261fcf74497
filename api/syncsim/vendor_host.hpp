// What the vendor's compiler gives host sources of a kernel project, for
// host sources syncsim_add_kernel compiles: clang's CUDA host mode (-x cuda
// --cuda-host-only, no CUDA installation), so `k<<<blocks, l2ctrl,
// stream>>>(args)` is parsed and lowered to __cudaPushCallConfiguration and
// the kernel's stub, which syncsim's pass makes beside each extern "C"
// `__global__` kernel. The kernel keywords mean what they do in a host
// compile: nothing, except that `__global__` marks a kernel declaration.
#pragma once

#include "syncsim/instrumented_abi.h"

#include <stdint.h>
#include <stdlib.h> // clang's CUDA wrapper of <new> expects ::malloc declared

#define __global__ __attribute__((global))
// clang's CUDA wrappers of <algorithm>, <complex> and <new> use these.
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __aicore__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __in__
#define __out__
#ifndef GM_ADDR
#define GM_ADDR uint8_t*
#endif

// What clang's CUDA host compile calls for `<<<blocks, l2ctrl, stream>>>`:
// __cudaPushCallConfiguration where it finds a CUDA installation of 9.2 or
// later, cudaConfigureCall where it finds none (a machine without CUDA, as
// CI's). Both push the launch's configuration.
extern "C" int __cudaPushCallConfiguration(uint32_t block_dim, void* l2ctrl = nullptr,
                                           void* stream = nullptr);
extern "C" int cudaConfigureCall(uint32_t block_dim, void* l2ctrl = nullptr,
                                 void* stream = nullptr);
