// A vector kernel source in the vendor's form: its headers include the
// vendor-like type.hpp and memory.hpp, it uses half and bfloat16_t, and it
// ends with the host function that launches it with chevrons. Block i
// writes 100 + i, the vendor-like pad values and the half round trip of
// 1.5 into its line; built with VENDOR_LAUNCHERS_FAULT, block 0 first calls
// vadd, a builtin syncsim declares but does not model.
#include "acl/acl.h"
#include <pto/common/memory.hpp>
#include <pto/common/type.hpp>

#include <stdint.h>

PTO_INTERNAL void WriteLine(__gm__ int32_t* line, int32_t value) {
    line[0] = value;
    line[1] = static_cast<int32_t>(pto::PadValue<half>::value);
    line[2] = static_cast<int32_t>(pto::PadValue<bfloat16_t>::value);
    const half h = 1.5f;
    const bfloat16_t b = h + 1.0f;
    line[3] = static_cast<int32_t>(static_cast<float>(b) * 10); // 25
    line[4] = pto::LayoutName(true)[0];                         // 'N'
    dcci(line, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

// Never called: the A5 instruction headers' register, mask and operand
// types and an A5 instruction compile (as declarations syncsim gives).
inline void A5VectorCode(__ubuf__ float* ub) {
    vector_f32 v;
    vector_bool mask = plt_b32(8, POST_UPDATE);
    vlds(v, ub, 0, NORM);
    vector_u32 bits = (vector_u32)v;
    vsts(bits, ub, 0, NORM_B32, mask);
}

extern "C" __global__ AICORE void vendor_vec(__gm__ int32_t* out) {
    const int32_t idx = get_block_idx();
#if defined(VENDOR_LAUNCHERS_FAULT)
    if (idx == 0) {
        __ubuf__ half* ub = reinterpret_cast<__ubuf__ half*>(0);
        vsel(ub, ub, ub, 1, 1, 1, 1, 8, 8, 8, 0);
    }
#endif
    WriteLine(out + idx * 16, 100 + idx);
}

void LaunchVendorVec(int32_t* out, int32_t blocks, void* stream) {
    vendor_vec<<<static_cast<uint32_t>(blocks), nullptr, stream>>>(out);
}
