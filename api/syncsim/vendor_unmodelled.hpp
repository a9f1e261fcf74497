// The builtins of the vendor's compiler that the vendor's instruction
// headers (pto/pto-inst.hpp for A2/A3 and A5) name and syncsim does not
// model: declared, so any kernel that includes those headers compiles, and
// faulting the core when called, naming the builtin and the line that
// called it (sdk/gm_pass/unmodelled_builtins.cpp). Never a silent no-op:
// a kernel that runs one of them stops, and the run says which.
//
// Each is a C++ variadic function (it takes whatever the vendor passes)
// whose symbol the pass recognises; its result converts to whatever the
// caller expects, though no caller ever receives it.
#pragma once

#include "syncsim/instrumented_abi.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace syncsim::vendor {
struct UnmodelledResult {
    // One arithmetic conversion, so `get_ctrl() & mask` has one meaning.
    operator std::uint64_t() const { return 0; }
    template <
        typename T,
        std::enable_if_t<std::is_class_v<T> || std::is_enum_v<T> || std::is_pointer_v<T>, int> = 0>
    operator T() const {
        return T{};
    }
};
} // namespace syncsim::vendor

#define SYNCSIM_UNMODELLED(name)                                                                   \
    syncsim::vendor::UnmodelledResult name(...) __asm__(SYNCSIM_UNMODELLED_PREFIX #name);

// The vendor compiler's function keywords (a tile function, a SIMT callee
// and entry); nothing for clang.
#define __tf__
#define __simt_callee__
#define __simt_vf__

// The fixpipe's quantisation modes (a type the instruction headers use in
// signatures and combine with integers; the numbering is syncsim's own).
enum QuantMode_t : int {
    NoQuant,
    F322F16,
    F322BF16,
    DEQF16,
    VDEQF16,
    DEQS16,
    VDEQS16,
    REQ8,
    VREQ8,
    SHIFTS322S16,
    VSHIFTS322S16,
    QF162B8_PRE,
    VQF162B8_PRE,
    QF162S16_PRE,
    VQF162S16_PRE,
    QF322B8_PRE,
    VQF322B8_PRE,
    QF322BF16_PRE,
    VQF322BF16_PRE,
    QF322F16_PRE,
    VQF322F16_PRE,
    QF322F32_PRE,
    VQF322F32_PRE,
    QF322FP8_PRE,
    VQF322FP8_PRE,
    QF322HIF8_PRE,
    VQF322HIF8_PRE,
    QS322BF16_PRE,
    VQS322BF16_PRE,
};

// A reduction's result mode (vcmax / vcmin: the value, the index, or
// both), a copy's padding mode (copy_gm_to_cbuf's last argument) and the
// vector address registers the gathers and vbrcb name (VA0..VA7); the
// values are syncsim's.
constexpr int ONLY_VALUE = 0;
constexpr int ONLY_INDEX = 1;
constexpr int VALUE_INDEX = 2;
enum pad_t : int { PAD_NONE };
enum ub_addr8_t : int { VA0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };

// The load instructions' address-calculation mode (A2/A3), as the vendor's
// compiler scopes it.
namespace __cce_scalar {
enum addr_cal_mode_t : int {};
} // namespace __cce_scalar

// ---- A2/A3 (dav-c220): vector, mask, conversion and copy instructions
SYNCSIM_UNMODELLED(copy_cbuf_to_bt)
SYNCSIM_UNMODELLED(copy_cbuf_to_fbuf)
SYNCSIM_UNMODELLED(copy_matrix_cc_to_cbuf)
SYNCSIM_UNMODELLED(copy_ubuf_to_ubuf)
SYNCSIM_UNMODELLED(create_cbuf_matrix_bf16)
SYNCSIM_UNMODELLED(get_ctrl)
SYNCSIM_UNMODELLED(get_icache_prl_st)
SYNCSIM_UNMODELLED(get_imm)
SYNCSIM_UNMODELLED(get_rsvd_cnt)
SYNCSIM_UNMODELLED(get_vms4_sr)
SYNCSIM_UNMODELLED(load_cbuf_to_ca)
SYNCSIM_UNMODELLED(load_cbuf_to_ca_transpose)
SYNCSIM_UNMODELLED(load_cbuf_to_cb)
SYNCSIM_UNMODELLED(load_cbuf_to_cb_transpose)
SYNCSIM_UNMODELLED(preload)
SYNCSIM_UNMODELLED(scatter_vnchwconv_b16)
SYNCSIM_UNMODELLED(scatter_vnchwconv_b32)
SYNCSIM_UNMODELLED(scatter_vnchwconv_b8)
SYNCSIM_UNMODELLED(set_atomic_bf16)
SYNCSIM_UNMODELLED(set_atomic_f16)
SYNCSIM_UNMODELLED(set_atomic_f32)
SYNCSIM_UNMODELLED(set_atomic_s16)
SYNCSIM_UNMODELLED(set_atomic_s8)
SYNCSIM_UNMODELLED(set_cmpmask)
SYNCSIM_UNMODELLED(set_ctrl)
SYNCSIM_UNMODELLED(set_deqscale)
SYNCSIM_UNMODELLED(set_fpc)
SYNCSIM_UNMODELLED(set_l3d_rpt)
SYNCSIM_UNMODELLED(set_mov_pad_val)
SYNCSIM_UNMODELLED(set_padding)
SYNCSIM_UNMODELLED(set_quant_pre)
SYNCSIM_UNMODELLED(set_va_reg_sb)
SYNCSIM_UNMODELLED(vaddreluconv_f162s8)
SYNCSIM_UNMODELLED(vaddreluconv_f322f16)
SYNCSIM_UNMODELLED(vaddreluconv_s162s8)
SYNCSIM_UNMODELLED(vbitsort)
SYNCSIM_UNMODELLED(vbrcb)
SYNCSIM_UNMODELLED(vcadd)
SYNCSIM_UNMODELLED(vcgadd)
SYNCSIM_UNMODELLED(vcgmin)
SYNCSIM_UNMODELLED(vcmin)
SYNCSIM_UNMODELLED(vcmp_le)
SYNCSIM_UNMODELLED(vcmpv_eq)
SYNCSIM_UNMODELLED(vcmpv_ge)
SYNCSIM_UNMODELLED(vcmpv_gt)
SYNCSIM_UNMODELLED(vcmpv_le)
SYNCSIM_UNMODELLED(vcmpv_lt)
SYNCSIM_UNMODELLED(vcmpvs_eq)
SYNCSIM_UNMODELLED(vcmpvs_ge)
SYNCSIM_UNMODELLED(vcmpvs_gt)
SYNCSIM_UNMODELLED(vcmpvs_le)
SYNCSIM_UNMODELLED(vcmpvs_lt)
SYNCSIM_UNMODELLED(vconv_deq)
SYNCSIM_UNMODELLED(vconv_f162s16a)
SYNCSIM_UNMODELLED(vconv_f162s16c)
SYNCSIM_UNMODELLED(vconv_f162s16f)
SYNCSIM_UNMODELLED(vconv_f162s16r)
SYNCSIM_UNMODELLED(vconv_f162s4)
SYNCSIM_UNMODELLED(vconv_f162s4a)
SYNCSIM_UNMODELLED(vconv_f162s4c)
SYNCSIM_UNMODELLED(vconv_f162s4f)
SYNCSIM_UNMODELLED(vconv_f162s4r)
SYNCSIM_UNMODELLED(vconv_f162s4z)
SYNCSIM_UNMODELLED(vconv_f162s8a)
SYNCSIM_UNMODELLED(vconv_f162s8c)
SYNCSIM_UNMODELLED(vconv_f162s8f)
SYNCSIM_UNMODELLED(vconv_f162s8r)
SYNCSIM_UNMODELLED(vconv_f162s8z)
SYNCSIM_UNMODELLED(vconv_f162u8a)
SYNCSIM_UNMODELLED(vconv_f162u8c)
SYNCSIM_UNMODELLED(vconv_f162u8f)
SYNCSIM_UNMODELLED(vconv_f162u8r)
SYNCSIM_UNMODELLED(vconv_f162u8z)
SYNCSIM_UNMODELLED(vconv_f322f16a)
SYNCSIM_UNMODELLED(vconv_f322f16c)
SYNCSIM_UNMODELLED(vconv_f322f16f)
SYNCSIM_UNMODELLED(vconv_f322f16o)
SYNCSIM_UNMODELLED(vconv_f322f16r)
SYNCSIM_UNMODELLED(vconv_f322f16z)
SYNCSIM_UNMODELLED(vconv_f322f32a)
SYNCSIM_UNMODELLED(vconv_f322f32c)
SYNCSIM_UNMODELLED(vconv_f322f32r)
SYNCSIM_UNMODELLED(vconv_f322s16a)
SYNCSIM_UNMODELLED(vconv_f322s16c)
SYNCSIM_UNMODELLED(vconv_f322s16f)
SYNCSIM_UNMODELLED(vconv_f322s16r)
SYNCSIM_UNMODELLED(vconv_f322s16z)
SYNCSIM_UNMODELLED(vconv_f322s32a)
SYNCSIM_UNMODELLED(vconv_f322s32c)
SYNCSIM_UNMODELLED(vconv_f322s64a)
SYNCSIM_UNMODELLED(vconv_f322s64c)
SYNCSIM_UNMODELLED(vconv_f322s64f)
SYNCSIM_UNMODELLED(vconv_f322s64r)
SYNCSIM_UNMODELLED(vconv_f322s64z)
SYNCSIM_UNMODELLED(vconv_s162f16a)
SYNCSIM_UNMODELLED(vconv_s162f16c)
SYNCSIM_UNMODELLED(vconv_s162f16f)
SYNCSIM_UNMODELLED(vconv_s162f16r)
SYNCSIM_UNMODELLED(vconv_s162f16z)
SYNCSIM_UNMODELLED(vconv_s322f32a)
SYNCSIM_UNMODELLED(vconv_s322f32c)
SYNCSIM_UNMODELLED(vconv_s322f32f)
SYNCSIM_UNMODELLED(vconv_s322f32r)
SYNCSIM_UNMODELLED(vconv_s322f32z)
SYNCSIM_UNMODELLED(vconv_s322s16)
SYNCSIM_UNMODELLED(vconv_s322s64)
SYNCSIM_UNMODELLED(vconv_s42f16)
SYNCSIM_UNMODELLED(vconv_s642f32a)
SYNCSIM_UNMODELLED(vconv_s642f32c)
SYNCSIM_UNMODELLED(vconv_s642f32f)
SYNCSIM_UNMODELLED(vconv_s642f32r)
SYNCSIM_UNMODELLED(vconv_s642f32z)
SYNCSIM_UNMODELLED(vconv_s642s32)
SYNCSIM_UNMODELLED(vconv_u82f16)
SYNCSIM_UNMODELLED(vcopy)
SYNCSIM_UNMODELLED(vcpadd)
SYNCSIM_UNMODELLED(vgather)
SYNCSIM_UNMODELLED(vgatherb)
SYNCSIM_UNMODELLED(vlrelu)
SYNCSIM_UNMODELLED(vmaddrelu)
SYNCSIM_UNMODELLED(vmla)
SYNCSIM_UNMODELLED(vmrgsort4)
SYNCSIM_UNMODELLED(vreducev2)
SYNCSIM_UNMODELLED(vrelu)
SYNCSIM_UNMODELLED(vrsqrt)
SYNCSIM_UNMODELLED(vsel)
SYNCSIM_UNMODELLED(vshl)
SYNCSIM_UNMODELLED(vshr)
SYNCSIM_UNMODELLED(vsqrt)
SYNCSIM_UNMODELLED(vsubrelu)
SYNCSIM_UNMODELLED(vsubreluconv_f162s8)
SYNCSIM_UNMODELLED(vsubreluconv_f322f16)
SYNCSIM_UNMODELLED(vsubreluconv_s162s8)

// ---- A5 (dav-c310): the vector-register, mask and narrow floating types.
// Opaque and distinct (the vendor specialises templates on each); no
// instruction that computes with them is modelled.
// A register reinterprets as another (`(vector_u32)v`) as on the device.
namespace syncsim::vendor {
struct UnmodelledValue {};
template <typename T>
constexpr bool is_unmodelled_value = std::is_base_of_v<UnmodelledValue, T>;
} // namespace syncsim::vendor
#define SYNCSIM_UNMODELLED_TYPE(name, bytes)                                                       \
    struct name : syncsim::vendor::UnmodelledValue {                                               \
        unsigned char syncsim_unmodelled_bits[bytes];                                              \
        name() = default;                                                                          \
        template <typename Other,                                                                  \
                  typename = std::enable_if_t<syncsim::vendor::is_unmodelled_value<Other>>>        \
        explicit name(const Other& other) {                                                        \
            std::memcpy(                                                                           \
                syncsim_unmodelled_bits, other.syncsim_unmodelled_bits,                            \
                std::min(sizeof syncsim_unmodelled_bits, sizeof other.syncsim_unmodelled_bits));   \
        }                                                                                          \
    };
SYNCSIM_UNMODELLED_TYPE(hifloat8_t, 1)
SYNCSIM_UNMODELLED_TYPE(float8_e4m3_t, 1)
SYNCSIM_UNMODELLED_TYPE(float8_e5m2_t, 1)
SYNCSIM_UNMODELLED_TYPE(float8_e8m0_t, 1)
SYNCSIM_UNMODELLED_TYPE(float4_e2m1x2_t, 1)
SYNCSIM_UNMODELLED_TYPE(float4_e1m2x2_t, 1)
SYNCSIM_UNMODELLED_TYPE(vector_s8, 256)
SYNCSIM_UNMODELLED_TYPE(vector_u8, 256)
SYNCSIM_UNMODELLED_TYPE(vector_s16, 256)
SYNCSIM_UNMODELLED_TYPE(vector_u16, 256)
SYNCSIM_UNMODELLED_TYPE(vector_s32, 256)
SYNCSIM_UNMODELLED_TYPE(vector_u32, 256)
SYNCSIM_UNMODELLED_TYPE(vector_s64, 256)
SYNCSIM_UNMODELLED_TYPE(vector_u64, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f16, 256)
SYNCSIM_UNMODELLED_TYPE(vector_bf16, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f32, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f8e4m3, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f8e5m2, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f8e8m0, 256)
SYNCSIM_UNMODELLED_TYPE(vector_hif8, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f4e2m1x2, 256)
SYNCSIM_UNMODELLED_TYPE(vector_f4e1m2x2, 256)
SYNCSIM_UNMODELLED_TYPE(vector_bool, 32)
SYNCSIM_UNMODELLED_TYPE(vector_align, 32)
SYNCSIM_UNMODELLED_TYPE(vector_address, 8)
#undef SYNCSIM_UNMODELLED_TYPE

// The operand modes of the A5 vector instructions (merging or zeroing,
// predicate patterns, parts, rounding, layouts): opaque values only the
// unmodelled instructions take.
namespace syncsim::vendor {
struct UnmodelledOperand {};
} // namespace syncsim::vendor
constexpr syncsim::vendor::UnmodelledOperand BLK{};
constexpr syncsim::vendor::UnmodelledOperand BRC_B16{};
constexpr syncsim::vendor::UnmodelledOperand BRC_B32{};
constexpr syncsim::vendor::UnmodelledOperand BRC_B8{};
constexpr syncsim::vendor::UnmodelledOperand Bin_N0{};
constexpr syncsim::vendor::UnmodelledOperand Bin_N1{};
constexpr syncsim::vendor::UnmodelledOperand DEC_ORDER{};
constexpr syncsim::vendor::UnmodelledOperand DINTLV_B16{};
constexpr syncsim::vendor::UnmodelledOperand DINTLV_B32{};
constexpr syncsim::vendor::UnmodelledOperand DINTLV_B8{};
constexpr syncsim::vendor::UnmodelledOperand E2B_B16{};
constexpr syncsim::vendor::UnmodelledOperand E2B_B32{};
constexpr syncsim::vendor::UnmodelledOperand HIGHER{};
constexpr syncsim::vendor::UnmodelledOperand INC_ORDER{};
constexpr syncsim::vendor::UnmodelledOperand INTLV_B32{};
constexpr syncsim::vendor::UnmodelledOperand LOWER{};
constexpr syncsim::vendor::UnmodelledOperand MODE_MERGING{};
constexpr syncsim::vendor::UnmodelledOperand MODE_STORED{};
constexpr syncsim::vendor::UnmodelledOperand MODE_ZEROING{};
constexpr syncsim::vendor::UnmodelledOperand NORM{};
constexpr syncsim::vendor::UnmodelledOperand NORM_B16{};
constexpr syncsim::vendor::UnmodelledOperand NORM_B32{};
constexpr syncsim::vendor::UnmodelledOperand NORM_B8{};
constexpr syncsim::vendor::UnmodelledOperand ONEPT_B32{};
constexpr syncsim::vendor::UnmodelledOperand PART_EVEN{};
constexpr syncsim::vendor::UnmodelledOperand PART_ODD{};
constexpr syncsim::vendor::UnmodelledOperand PART_P0{};
constexpr syncsim::vendor::UnmodelledOperand PART_P1{};
constexpr syncsim::vendor::UnmodelledOperand PART_P2{};
constexpr syncsim::vendor::UnmodelledOperand PART_P3{};
constexpr syncsim::vendor::UnmodelledOperand PAT_ALL{};
constexpr syncsim::vendor::UnmodelledOperand PAT_ALLF{};
constexpr syncsim::vendor::UnmodelledOperand PAT_H{};
constexpr syncsim::vendor::UnmodelledOperand PAT_VL1{};
constexpr syncsim::vendor::UnmodelledOperand PAT_VL16{};
constexpr syncsim::vendor::UnmodelledOperand PAT_VL32{};
constexpr syncsim::vendor::UnmodelledOperand PAT_VL8{};
constexpr syncsim::vendor::UnmodelledOperand PK{};
constexpr syncsim::vendor::UnmodelledOperand PK4_B32{};
constexpr syncsim::vendor::UnmodelledOperand PK_B16{};
constexpr syncsim::vendor::UnmodelledOperand PK_B32{};
constexpr syncsim::vendor::UnmodelledOperand PK_B64{};
constexpr syncsim::vendor::UnmodelledOperand POST_UPDATE{};
constexpr syncsim::vendor::UnmodelledOperand POS_LOWEST{};
constexpr syncsim::vendor::UnmodelledOperand ROUND_A{};
constexpr syncsim::vendor::UnmodelledOperand ROUND_F{};
constexpr syncsim::vendor::UnmodelledOperand ROUND_R{};
constexpr syncsim::vendor::UnmodelledOperand ROUND_Z{};
constexpr syncsim::vendor::UnmodelledOperand RS_DISABLE{};
constexpr syncsim::vendor::UnmodelledOperand RS_ENABLE{};
constexpr syncsim::vendor::UnmodelledOperand UNPK4_B8{};
constexpr syncsim::vendor::UnmodelledOperand UNPK_B16{};
constexpr syncsim::vendor::UnmodelledOperand UNPK_B32{};
constexpr syncsim::vendor::UnmodelledOperand UNPK_B8{};
constexpr syncsim::vendor::UnmodelledOperand US{};
constexpr syncsim::vendor::UnmodelledOperand VLD_VST{};
constexpr syncsim::vendor::UnmodelledOperand VST_VLD{};
constexpr syncsim::vendor::UnmodelledOperand VST_VST{};
namespace __cce_simd {
struct RoundAType {};
struct RoundCType {};
struct RoundFType {};
struct RoundOType {};
struct RoundRType {};
struct RoundZType {};
} // namespace __cce_simd

// The load and store distributions the A5 instruction headers pass as
// template constants (pto/npu/a5/TSel.hpp, TBinOp.hpp); the numbering is
// syncsim's.
enum class Dist { DIST_NORM, DIST_US };
enum class DistVST {
    DIST_NORM,
    DIST_NORM_B8,
    DIST_NORM_B16,
    DIST_NORM_B32,
    DIST_ONEPT,
    DIST_ONEPT_B8,
    DIST_ONEPT_B16,
    DIST_ONEPT_B32,
    DIST_PK_B16,
};

// The special registers sprclr and friends name (A5), numbered as the
// vendor's headers cast them (pto/npu/a5/TGather.hpp: SPR_AR is 74).
enum Spr : std::uint8_t { SPR_AR = 74 };

// The vector length in bytes the A5 instruction headers size their loops
// by (a register holds 256 bytes), and the elements of each width it holds.
constexpr unsigned CCE_VL = 256;
constexpr unsigned ELE_CNT_B8 = CCE_VL;
constexpr unsigned ELE_CNT_B16 = CCE_VL / 2;
constexpr unsigned ELE_CNT_B32 = CCE_VL / 4;
constexpr unsigned ELE_CNT_B64 = CCE_VL / 8;

// A vector-function region (`__VEC_SCOPE__ { ... }`): its instructions
// are the unmodelled A5 ones, so it runs as a plain block until the first
// of them faults.
#define __VEC_SCOPE__

// SIMT vector functions: their launch (cce::async_invoke) faults, so the
// thread index they read is never asked for on a modelled core.
#define LAUNCH_BOUND(threads)
struct SyncsimUnmodelledThreadIndex {
    unsigned x, y, z;
};
constexpr SyncsimUnmodelledThreadIndex threadIdx{0, 0, 0};
SYNCSIM_UNMODELLED(syncsim_cce_async_invoke)
namespace cce {
struct dim3 {
    unsigned x = 1, y = 1, z = 1;
};
template <auto Function, typename... Args>
void async_invoke(const Args&...) {
    syncsim_cce_async_invoke();
}
} // namespace cce

// ---- A5 (dav-c310): vector, predicate, compare, store, cube and copy
// instructions
SYNCSIM_UNMODELLED(atomicMax)
SYNCSIM_UNMODELLED(atomicMin)
SYNCSIM_UNMODELLED(chistv2)
SYNCSIM_UNMODELLED(copy_gm_to_cbuf_align_v2)
SYNCSIM_UNMODELLED(copy_gm_to_cbuf_multi_dn2nz)
SYNCSIM_UNMODELLED(copy_gm_to_cbuf_multi_nd2nz)
SYNCSIM_UNMODELLED(copy_gm_to_ubuf_align_v2)
SYNCSIM_UNMODELLED(copy_matrix_cc_to_ub)
SYNCSIM_UNMODELLED(copy_ubuf_to_cbuf)
SYNCSIM_UNMODELLED(load_cbuf_to_ca_mx)
SYNCSIM_UNMODELLED(load_cbuf_to_ca_s4)
SYNCSIM_UNMODELLED(load_cbuf_to_cb_mx)
SYNCSIM_UNMODELLED(load_cbuf_to_cb_s4)
SYNCSIM_UNMODELLED(mad_mx)
SYNCSIM_UNMODELLED(mem_bar)
SYNCSIM_UNMODELLED(pand)
SYNCSIM_UNMODELLED(pdintlv_b8)
SYNCSIM_UNMODELLED(pintlv_b16)
SYNCSIM_UNMODELLED(pintlv_b32)
SYNCSIM_UNMODELLED(pintlv_b8)
SYNCSIM_UNMODELLED(plds)
SYNCSIM_UNMODELLED(plt_b16)
SYNCSIM_UNMODELLED(plt_b32)
SYNCSIM_UNMODELLED(plt_b8)
SYNCSIM_UNMODELLED(pnot)
SYNCSIM_UNMODELLED(por)
SYNCSIM_UNMODELLED(ppack)
SYNCSIM_UNMODELLED(psel)
SYNCSIM_UNMODELLED(pset_b16)
SYNCSIM_UNMODELLED(pset_b32)
SYNCSIM_UNMODELLED(pset_b8)
SYNCSIM_UNMODELLED(psts)
SYNCSIM_UNMODELLED(punpack)
SYNCSIM_UNMODELLED(pxor)
SYNCSIM_UNMODELLED(set_channel_para)
SYNCSIM_UNMODELLED(set_l3d_rpt_b)
SYNCSIM_UNMODELLED(set_loop1_stride_outtol1)
SYNCSIM_UNMODELLED(set_loop1_stride_outtoub)
SYNCSIM_UNMODELLED(set_loop1_stride_ubtoout)
SYNCSIM_UNMODELLED(set_loop2_stride_outtol1)
SYNCSIM_UNMODELLED(set_loop2_stride_outtoub)
SYNCSIM_UNMODELLED(set_loop2_stride_ubtoout)
SYNCSIM_UNMODELLED(set_loop3_para)
SYNCSIM_UNMODELLED(set_loop_size_outtol1)
SYNCSIM_UNMODELLED(set_loop_size_outtoub)
SYNCSIM_UNMODELLED(set_loop_size_ubtoout)
SYNCSIM_UNMODELLED(set_mte2_nz_para)
SYNCSIM_UNMODELLED(set_pad_val_outtol1)
SYNCSIM_UNMODELLED(set_padding_b)
SYNCSIM_UNMODELLED(sprclr)
SYNCSIM_UNMODELLED(sprsts)
SYNCSIM_UNMODELLED(vabs)
SYNCSIM_UNMODELLED(vaddc)
SYNCSIM_UNMODELLED(vaddcs)
SYNCSIM_UNMODELLED(vand)
SYNCSIM_UNMODELLED(vaxpy)
SYNCSIM_UNMODELLED(vbr)
SYNCSIM_UNMODELLED(vcgmax)
SYNCSIM_UNMODELLED(vci)
SYNCSIM_UNMODELLED(vcmax)
SYNCSIM_UNMODELLED(vcmp_eq)
SYNCSIM_UNMODELLED(vcmp_ge)
SYNCSIM_UNMODELLED(vcmp_gt)
SYNCSIM_UNMODELLED(vcmp_lt)
SYNCSIM_UNMODELLED(vcmp_ne)
SYNCSIM_UNMODELLED(vcmps_eq)
SYNCSIM_UNMODELLED(vcmps_ge)
SYNCSIM_UNMODELLED(vcmps_gt)
SYNCSIM_UNMODELLED(vcmps_le)
SYNCSIM_UNMODELLED(vcmps_lt)
SYNCSIM_UNMODELLED(vcmps_ne)
SYNCSIM_UNMODELLED(vcvt)
SYNCSIM_UNMODELLED(vdintlv)
SYNCSIM_UNMODELLED(vdup)
SYNCSIM_UNMODELLED(vexp)
SYNCSIM_UNMODELLED(vexpdif)
SYNCSIM_UNMODELLED(vgather2)
SYNCSIM_UNMODELLED(vintlv)
SYNCSIM_UNMODELLED(vldas)
SYNCSIM_UNMODELLED(vlds)
SYNCSIM_UNMODELLED(vldus)
SYNCSIM_UNMODELLED(vln)
SYNCSIM_UNMODELLED(vmadd)
SYNCSIM_UNMODELLED(vmod)
SYNCSIM_UNMODELLED(vmov)
SYNCSIM_UNMODELLED(vmula)
SYNCSIM_UNMODELLED(vmull)
SYNCSIM_UNMODELLED(vneg)
SYNCSIM_UNMODELLED(vnot)
SYNCSIM_UNMODELLED(vor)
SYNCSIM_UNMODELLED(vpack)
SYNCSIM_UNMODELLED(vprelu)
SYNCSIM_UNMODELLED(vscatter)
SYNCSIM_UNMODELLED(vselr)
SYNCSIM_UNMODELLED(vshls)
SYNCSIM_UNMODELLED(vshrs)
SYNCSIM_UNMODELLED(vsqz)
SYNCSIM_UNMODELLED(vsstb)
SYNCSIM_UNMODELLED(vstar)
SYNCSIM_UNMODELLED(vstas)
SYNCSIM_UNMODELLED(vsts)
SYNCSIM_UNMODELLED(vstur)
SYNCSIM_UNMODELLED(vstus)
SYNCSIM_UNMODELLED(vsubc)
SYNCSIM_UNMODELLED(vsubcs)
SYNCSIM_UNMODELLED(vtrc)
SYNCSIM_UNMODELLED(vxor)
// The A5 forms of instructions syncsim models in their A2/A3 forms
// (syncsim/vendor_vector.hpp, vendor_cube.hpp), declared for A5 only.
#if __NPU_ARCH__ >= 3000
SYNCSIM_UNMODELLED(copy_matrix_cc_to_gm)
SYNCSIM_UNMODELLED(img2colv2_cbuf_to_ca)
SYNCSIM_UNMODELLED(mad)
SYNCSIM_UNMODELLED(set_fmatrix)
SYNCSIM_UNMODELLED(set_fmatrix_b)
SYNCSIM_UNMODELLED(set_vector_mask)
SYNCSIM_UNMODELLED(vadd)
SYNCSIM_UNMODELLED(vadds)
SYNCSIM_UNMODELLED(vdiv)
SYNCSIM_UNMODELLED(vmax)
SYNCSIM_UNMODELLED(vmaxs)
SYNCSIM_UNMODELLED(vmin)
SYNCSIM_UNMODELLED(vmins)
SYNCSIM_UNMODELLED(vmul)
SYNCSIM_UNMODELLED(vmuls)
SYNCSIM_UNMODELLED(vsub)
#endif
