// The A5 (dav-c310) half of syncsim/vendor_unmodelled.hpp: its opaque
// vector-register, mask and narrow floating types, and the builtins of its
// vector, predicate, compare, store, cube and copy instructions that
// syncsim does not model (each faults the core that calls it, by name).
// That header includes it after the macros it defines (and including this
// one first includes that one first).
#pragma once

#include "syncsim/vendor_unmodelled.hpp"

#include <cstdint>
#include <type_traits>

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
