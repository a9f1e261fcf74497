// The address spaces of kernel pointers in the vendor's dialect, as numbers
// the compiler carries in the pointer's type (clang's address_space
// attribute): `__gm__ int32_t*` is an int32_t* in space 1. The numbering is
// syncsim's own (the vendor's compiler keeps its own); what matters is that
// the spaces are distinct, so a pointer into one cannot silently become a
// pointer into another or a host pointer. Plain C: the LLVM pass that
// instruments kernels (sdk/gm_pass) includes it as well as kernel code.
#ifndef SYNCSIM_ADDRESS_SPACES_HPP
#define SYNCSIM_ADDRESS_SPACES_HPP

#define SYNCSIM_AS_GM 1      /* __gm__: global memory, through the scalar cache */
#define SYNCSIM_AS_CBUF 2    /* __cbuf__: L1 */
#define SYNCSIM_AS_CA 3      /* __ca__: L0A */
#define SYNCSIM_AS_CB 4      /* __cb__: L0B */
#define SYNCSIM_AS_CC 5      /* __cc__: L0C */
#define SYNCSIM_AS_UBUF 6    /* __ubuf__: the unified buffer */
#define SYNCSIM_AS_FBUF 7    /* __fbuf__: the fixpipe buffer */
#define SYNCSIM_AS_BIASBUF 8 /* __biasbuf__: the cube's bias table */
#define SYNCSIM_AS_LAST SYNCSIM_AS_BIASBUF

#endif
