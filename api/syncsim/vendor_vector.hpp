// The A2/A3 (dav-c220) vector builtins of the vendor's compiler that syncsim
// models: the vector mask and its modes, element-wise arithmetic,
// duplication and conversions on the unified buffer, and the byte-length
// ("align") copies between GM and the UB. Each fills in a plain instruction
// (syncsim/local_isa.hpp) that the running core issues to its pipe.
//
// The forms are the vendor's, as pto-isa 3186c381 calls them and its cost
// model (include/pto/costmodel/a2a3/cce_costmodel/) declares them:
//   vadd(dst, src0, src1, repeat, dstBlkStride, src0BlkStride, src1BlkStride,
//        dstRepStride, src0RepStride, src1RepStride)
//   vadds(dst, src, scalar, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride)
//   vector_dup(dst, scalar, repeat, dstBlkStride, srcBlkStride, dstRepStride, srcRepStride)
//   vconv_<from>2<to>[mode](dst, src, repeat, dstBlkStride, srcBlkStride, dstRepStride,
//                           srcRepStride)
//   copy_gm_to_ubuf_align_b<bits>(dst, src, sid, nBurst, lenBurst, leftPad, rightPad,
//                                 gmGap, ubGap)
//   copy_ubuf_to_gm_align_b<bits>(dst, src, sid, nBurst, lenBurst, leftPad, rightPad,
//                                 ubGap, gmGap)
// Strides count 32-byte blocks; an align copy's lengths and GM gaps count
// bytes, its UB gaps blocks, and each burst starts a block in the UB.
#pragma once

#include "syncsim/current_kernel.hpp"
#include "syncsim/fault.hpp"
#include "syncsim/kernel_pointers.hpp"
#include "syncsim/local_isa.hpp"
#include "syncsim/vendor_copy_pieces.hpp"
#include "syncsim/vendor_types.hpp"

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace syncsim::vendor {

template <typename T>
constexpr ElemType elem_type_of() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, float>)
        return ElemType::F32;
    else if constexpr (std::is_same_v<U, half>)
        return ElemType::F16;
    else if constexpr (std::is_same_v<U, bfloat16_t>)
        return ElemType::BF16;
    else if constexpr (std::is_same_v<U, std::int8_t>)
        return ElemType::S8;
    else if constexpr (std::is_same_v<U, std::uint8_t>)
        return ElemType::U8;
    else if constexpr (std::is_same_v<U, std::int16_t>)
        return ElemType::S16;
    else if constexpr (std::is_same_v<U, std::uint16_t>)
        return ElemType::U16;
    else if constexpr (std::is_same_v<U, std::int32_t>)
        return ElemType::S32;
    else {
        static_assert(std::is_same_v<U, std::uint32_t>, "syncsim: no vector element type");
        return ElemType::U32;
    }
}

// The element type a local-buffer pointer points at (without its address
// space).
template <typename P>
struct pointee;
template <typename T>
struct pointee<ub_ptr<T>> {
    using type = T;
};
#if defined(SYNCSIM_INSTRUMENTED)
#define SYNCSIM_POINTEE_IN(SPACE)                                                                  \
    template <typename T>                                                                          \
    struct pointee<SPACE T*> {                                                                     \
        using type = T;                                                                            \
    };
SYNCSIM_POINTEE_IN(__ubuf__)
SYNCSIM_POINTEE_IN(__cbuf__)
SYNCSIM_POINTEE_IN(__ca__)
SYNCSIM_POINTEE_IN(__cb__)
SYNCSIM_POINTEE_IN(__cc__)
SYNCSIM_POINTEE_IN(__gm__)
#undef SYNCSIM_POINTEE_IN
#endif
template <typename P>
using pointee_t = std::remove_cv_t<typename pointee<P>::type>;

// A scalar operand as the instruction's element type holds it (a float
// scalar of a half instruction rounded to half, of an int32 one truncated).
template <typename Elem, typename T>
double scalar_value(T v) {
    const Elem as_elem = static_cast<Elem>(v);
    if constexpr (std::is_same_v<Elem, half> || std::is_same_v<Elem, bfloat16_t>)
        return static_cast<double>(static_cast<float>(as_elem));
    else
        return static_cast<double>(as_elem);
}

// Element-wise arithmetic takes one element type (the vendor's compiler
// checks the pointer types).
template <typename Dst, typename... Srcs>
constexpr bool same_elements = (std::is_same_v<pointee_t<Dst>, pointee_t<Srcs>> && ...);

template <typename Dst, typename Src>
VectorInstr vector_instr(VecOp op, Dst dst, Src src0, std::uint8_t repeat) {
    VectorInstr in;
    in.op = op;
    in.dst_type = elem_type_of<pointee_t<Dst>>();
    in.src_type = elem_type_of<pointee_t<Src>>();
    in.dst = kernel_ptr::offset(dst);
    in.src0 = kernel_ptr::offset(src0);
    in.repeat = repeat;
    return in;
}

} // namespace syncsim::vendor

// ---- the mask: normal (a bit per element of a repeat) or counter mode (the
// first N elements of an instruction, N in the low word)
inline void set_mask_count() {
    syncsim::current_kernel().isa_register(syncsim::IsaReg::MaskCountMode) = 1;
}
inline void set_mask_norm() {
    syncsim::current_kernel().isa_register(syncsim::IsaReg::MaskCountMode) = 0;
}
inline void set_vector_mask(std::uint64_t high, std::uint64_t low) {
    auto& k = syncsim::current_kernel();
    k.isa_register(syncsim::IsaReg::MaskHigh) = high;
    k.isa_register(syncsim::IsaReg::MaskLow) = low;
}

// ---- element-wise arithmetic
#define SYNCSIM_VECTOR_BINARY(NAME, OP)                                                            \
    template <typename Dst, typename Src0, typename Src1>                                          \
    void NAME(Dst dst, Src0 src0, Src1 src1, std::uint8_t repeat, std::uint16_t dst_blk,           \
              std::uint16_t src0_blk, std::uint16_t src1_blk, std::uint16_t dst_rep,               \
              std::uint16_t src0_rep, std::uint16_t src1_rep) {                                    \
        static_assert(syncsim::vendor::same_elements<Dst, Src0, Src1>, #NAME ": operand types");   \
        auto in = syncsim::vendor::vector_instr(syncsim::VecOp::OP, dst, src0, repeat);            \
        in.src1 = syncsim::kernel_ptr::offset(src1);                                               \
        in.dst_block_stride = dst_blk, in.src0_block_stride = src0_blk;                            \
        in.src1_block_stride = src1_blk, in.dst_repeat_stride = dst_rep;                           \
        in.src0_repeat_stride = src0_rep, in.src1_repeat_stride = src1_rep;                        \
        syncsim::current_kernel().vector_op(#NAME, in);                                            \
    }
SYNCSIM_VECTOR_BINARY(vadd, Add)
SYNCSIM_VECTOR_BINARY(vsub, Sub)
SYNCSIM_VECTOR_BINARY(vmul, Mul)
SYNCSIM_VECTOR_BINARY(vdiv, Div)
SYNCSIM_VECTOR_BINARY(vmax, Max)
SYNCSIM_VECTOR_BINARY(vmin, Min)
#undef SYNCSIM_VECTOR_BINARY

#define SYNCSIM_VECTOR_SCALAR(NAME, OP)                                                            \
    template <typename Dst, typename Src, typename Scalar>                                         \
    void NAME(Dst dst, Src src, Scalar scalar, std::uint8_t repeat, std::uint16_t dst_blk,         \
              std::uint16_t src_blk, std::uint16_t dst_rep, std::uint16_t src_rep) {               \
        static_assert(syncsim::vendor::same_elements<Dst, Src>, #NAME ": operand types");          \
        auto in = syncsim::vendor::vector_instr(syncsim::VecOp::OP, dst, src, repeat);             \
        in.scalar = syncsim::vendor::scalar_value<syncsim::vendor::pointee_t<Dst>>(scalar);        \
        in.dst_block_stride = dst_blk, in.src0_block_stride = src_blk;                             \
        in.dst_repeat_stride = dst_rep, in.src0_repeat_stride = src_rep;                           \
        syncsim::current_kernel().vector_op(#NAME, in);                                            \
    }
SYNCSIM_VECTOR_SCALAR(vadds, Adds)
SYNCSIM_VECTOR_SCALAR(vmuls, Muls)
SYNCSIM_VECTOR_SCALAR(vmaxs, Maxs)
SYNCSIM_VECTOR_SCALAR(vmins, Mins)
#undef SYNCSIM_VECTOR_SCALAR

template <typename Dst, typename Scalar>
void vector_dup(Dst dst, Scalar scalar, std::uint8_t repeat, std::uint16_t dst_blk, std::uint16_t,
                std::uint16_t dst_rep, std::uint16_t) {
    auto in = syncsim::vendor::vector_instr(syncsim::VecOp::Dup, dst, dst, repeat);
    in.scalar = syncsim::vendor::scalar_value<syncsim::vendor::pointee_t<Dst>>(scalar);
    in.dst_block_stride = dst_blk, in.dst_repeat_stride = dst_rep;
    syncsim::current_kernel().vector_op("vector_dup", in);
}

// ---- conversions: vconv_<from>2<to>[mode]; the pointer types must be the
// instruction's, as the vendor's compiler checks them
#define SYNCSIM_VCONV(NAME, FROM, TO, ROUND)                                                       \
    template <typename Dst, typename Src>                                                          \
    void NAME(Dst dst, Src src, std::uint8_t repeat, std::uint16_t dst_blk, std::uint16_t src_blk, \
              std::uint16_t dst_rep, std::uint16_t src_rep) {                                      \
        auto in = syncsim::vendor::vector_instr(syncsim::VecOp::Convert, dst, src, repeat);        \
        static_assert(syncsim::vendor::elem_type_of<syncsim::vendor::pointee_t<Src>>() ==          \
                              syncsim::ElemType::FROM &&                                           \
                          syncsim::vendor::elem_type_of<syncsim::vendor::pointee_t<Dst>>() ==      \
                              syncsim::ElemType::TO,                                               \
                      #NAME ": source and destination pointer types");                             \
        in.round = syncsim::RoundMode::ROUND;                                                      \
        in.dst_block_stride = dst_blk, in.src0_block_stride = src_blk;                             \
        in.dst_repeat_stride = dst_rep, in.src0_repeat_stride = src_rep;                           \
        syncsim::current_kernel().vector_op(#NAME, in);                                            \
    }
SYNCSIM_VCONV(vconv_f162f32, F16, F32, Rint)
SYNCSIM_VCONV(vconv_f162s16z, F16, S16, Trunc)
SYNCSIM_VCONV(vconv_f162s32a, F16, S32, Away)
SYNCSIM_VCONV(vconv_f162s32c, F16, S32, Ceil)
SYNCSIM_VCONV(vconv_f162s32f, F16, S32, Floor)
SYNCSIM_VCONV(vconv_f162s32r, F16, S32, Rint)
SYNCSIM_VCONV(vconv_f162s32z, F16, S32, Trunc)
SYNCSIM_VCONV(vconv_f322f16, F32, F16, Rint)
SYNCSIM_VCONV(vconv_f322f32f, F32, F32, Floor)
SYNCSIM_VCONV(vconv_f322f32z, F32, F32, Trunc)
SYNCSIM_VCONV(vconv_f322s32f, F32, S32, Floor)
SYNCSIM_VCONV(vconv_f322s32r, F32, S32, Rint)
SYNCSIM_VCONV(vconv_f322s32z, F32, S32, Trunc)
SYNCSIM_VCONV(vconv_s162f16, S16, F16, Rint)
SYNCSIM_VCONV(vconv_s162f32, S16, F32, Rint)
SYNCSIM_VCONV(vconv_s322f32, S32, F32, Rint)
SYNCSIM_VCONV(vconv_s82f16, S8, F16, Rint)
#undef SYNCSIM_VCONV

// ---- byte-length copies between GM and the UB
#define SYNCSIM_ALIGN_COPY_IN(NAME)                                                                \
    template <typename Ub, typename Gm>                                                            \
    void NAME(Ub dst, Gm src, std::uint8_t, std::uint16_t n_burst, std::uint32_t len_burst,        \
              std::uint8_t left_pad, std::uint8_t right_pad, std::uint32_t gm_gap,                 \
              std::uint32_t ub_gap) {                                                              \
        using namespace syncsim::vendor;                                                           \
        syncsim::current_kernel().copy_pieces(                                                     \
            #NAME, syncsim::MemSpace::Ub, syncsim::kernel_ptr::offset(dst), syncsim::MemSpace::Gm, \
            syncsim::kernel_ptr::address(src),                                                     \
            align_pieces(#NAME, n_burst, len_burst, left_pad, right_pad,                           \
                         std::uint64_t(len_burst) + gm_gap,                                        \
                         whole_blocks(len_burst) + std::uint64_t(ub_gap) * 32));                   \
    }
#define SYNCSIM_ALIGN_COPY_OUT(NAME)                                                               \
    template <typename Gm, typename Ub>                                                            \
    void NAME(Gm dst, Ub src, std::uint8_t, std::uint16_t n_burst, std::uint32_t len_burst,        \
              std::uint8_t left_pad, std::uint8_t right_pad, std::uint32_t ub_gap,                 \
              std::uint32_t gm_gap) {                                                              \
        using namespace syncsim::vendor;                                                           \
        syncsim::current_kernel().copy_pieces(                                                     \
            #NAME, syncsim::MemSpace::Gm, syncsim::kernel_ptr::address(dst),                       \
            syncsim::MemSpace::Ub, syncsim::kernel_ptr::offset(src),                               \
            align_pieces(#NAME, n_burst, len_burst, left_pad, right_pad,                           \
                         whole_blocks(len_burst) + std::uint64_t(ub_gap) * 32,                     \
                         std::uint64_t(len_burst) + gm_gap));                                      \
    }
SYNCSIM_ALIGN_COPY_IN(copy_gm_to_ubuf_align_b8)
SYNCSIM_ALIGN_COPY_IN(copy_gm_to_ubuf_align_b16)
SYNCSIM_ALIGN_COPY_IN(copy_gm_to_ubuf_align_b32)
SYNCSIM_ALIGN_COPY_OUT(copy_ubuf_to_gm_align_b8)
SYNCSIM_ALIGN_COPY_OUT(copy_ubuf_to_gm_align_b16)
SYNCSIM_ALIGN_COPY_OUT(copy_ubuf_to_gm_align_b32)
#undef SYNCSIM_ALIGN_COPY_IN
#undef SYNCSIM_ALIGN_COPY_OUT
