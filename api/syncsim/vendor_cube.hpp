// The A2/A3 (dav-c220) cube builtins of the vendor's compiler that syncsim
// models, in the forms pto-isa 3186c381 calls them for a matrix multiply
// (TLOAD / TPOP into L1, TMOV into L0A / L0B, TMATMUL, TSTORE of the
// accumulator), with the layouts of models/core/cube_exec.hpp:
//
//   copy_gm_to_cbuf_multi_nd2nz_b<bits>(dst, src, sid, ndNum, nValue, dValue,
//       srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride, dstNzMatrixStride)
//     GM rows (ND) to L1 fractals (NZ): element c of row r of matrix i goes to
//     dst + i x dstNzMatrixStride + ((c / C0) x dstNzC0Stride + r x dstNzNStride) x C0
//     + c % C0 (elements; the two NZ strides in 32-byte blocks, the rest in
//     elements; a row's last block, if the row does not fill it, padded
//     with zeros: the vendor's CCE intrinsic reference, cceapi_0095).
//   set_fmatrix(cfg), set_fmatrix_b(cfg): the feature map an img2col load
//     reads, W in bits [15:0], H in [31:16], pads above (pto-isa
//     npu/a2a3/SetFmatrix.hpp:19-35).
//   img2colv2_cbuf_to_ca / _cb(dst, src, stepK, stepM, posK, posM, strideW,
//       strideH, Wk, Hk, dilationW, dilationH, filterW, filterH, transpose,
//       fmatrixCtrl, channelSize)
//     with a 1x1 kernel, unit strides and dilations, no pads: the L1 matrix
//     (W x H rows, channelSize columns) read from row posM, column posK,
//     stepM rows by stepK columns, into L0A (zZ) or L0B (zN). transpose
//     applies to L0A only (the reference): refused there, not modelled;
//     ignored for L0B, as the hardware does.
//   mad(c, a, b, m, k, n, unitFlag, kDirectionAlign, cmatrixSource, cmatrixInitVal)
//   set_nd_para(cfg), copy_matrix_cc_to_gm(dst, src, xm, xt)
//     the accumulator to GM as ND rows: nSize = xm[15:4], mSize = xm[31:16],
//     GM row stride dstD = xm[63:32] (elements), srcStride = xt[15:0] (L0C
//     rows), quantPre = xt[38:34], relu = xt[41:39], nz2nd = xt[43]; ndNum =
//     ND_PARA[15:0] (pto-isa common/arch/memory/tstore_common.hpp:189-219).
//
// What these forms can also ask for and syncsim does not model (a real
// convolution window, quantisation, ReLU, NZ output, several ND matrices)
// faults, naming the builtin.
#pragma once

#include "syncsim/vendor_vector.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace syncsim::vendor {

template <typename Dst, typename Src>
void img2col_load(const char* what, MemSpace space, IsaReg fmatrix, Dst dst, Src src,
                  std::uint64_t step_k, std::uint64_t step_m, std::uint64_t pos_k,
                  std::uint64_t pos_m, std::uint64_t window, bool transpose,
                  std::uint64_t channels) {
    auto& k = current_kernel();
    const std::uint64_t map = k.isa_register(fmatrix);
    if (window != 0) refuse(what, "an img2col window other than 1x1, unit stride and dilation");
    if ((map >> 32) != 0) refuse(what, "a padded feature map");
    if (transpose && space == MemSpace::L0A) refuse(what, "a transposing load into L0A");
    CubeLoad in;
    in.dst_space = space;
    in.dst = kernel_ptr::offset(dst);
    in.src = kernel_ptr::offset(src);
    in.type = elem_type_of<pointee_t<Src>>();
    in.src_rows = static_cast<std::uint32_t>((map & 0xffff) * ((map >> 16) & 0xffff));
    in.src_cols = static_cast<std::uint32_t>(channels);
    in.row0 = static_cast<std::uint32_t>(pos_m), in.col0 = static_cast<std::uint32_t>(pos_k);
    in.rows = static_cast<std::uint32_t>(step_m), in.cols = static_cast<std::uint32_t>(step_k);
    k.cube_load(what, in);
}

// The window arguments as one word: zero for a 1x1 kernel with unit
// strides and dilations.
inline std::uint64_t window_word(std::uint64_t stride_w, std::uint64_t stride_h, std::uint64_t wk,
                                 std::uint64_t hk, std::uint64_t dil_w, std::uint64_t dil_h,
                                 std::uint64_t filter_w, std::uint64_t filter_h) {
    return (stride_w ^ 1) | (stride_h ^ 1) | (wk ^ 1) | (hk ^ 1) | (dil_w ^ 1) | (dil_h ^ 1) |
           filter_w | filter_h;
}

} // namespace syncsim::vendor

#define SYNCSIM_ND2NZ(NAME, ELEM)                                                                  \
    template <typename L1, typename Gm>                                                            \
    void NAME(L1 dst, Gm src, std::uint8_t, std::uint64_t nd_num, std::uint64_t n_value,           \
              std::uint64_t d_value, std::uint64_t src_matrix_stride, std::uint64_t src_d_value,   \
              std::uint64_t c0_stride, std::uint64_t n_stride, std::uint64_t dst_matrix_stride) {  \
        syncsim::current_kernel().copy_pieces(                                                     \
            #NAME, syncsim::MemSpace::L1, syncsim::kernel_ptr::offset(dst), syncsim::MemSpace::Gm, \
            syncsim::kernel_ptr::address(src),                                                     \
            syncsim::vendor::nd2nz_pieces(#NAME, ELEM, nd_num, n_value, d_value,                   \
                                          src_matrix_stride, src_d_value, c0_stride, n_stride,     \
                                          dst_matrix_stride));                                     \
    }
SYNCSIM_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b8, 1)
SYNCSIM_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b16, 2)
SYNCSIM_ND2NZ(copy_gm_to_cbuf_multi_nd2nz_b32s, 4)
#undef SYNCSIM_ND2NZ

inline void set_fmatrix(std::uint64_t config) {
    syncsim::current_kernel().isa_register(syncsim::IsaReg::Fmatrix) = config;
}
inline void set_fmatrix_b(std::uint64_t config) {
    syncsim::current_kernel().isa_register(syncsim::IsaReg::FmatrixB) = config;
}
inline void set_nd_para(std::uint64_t config) {
    syncsim::current_kernel().isa_register(syncsim::IsaReg::NdPara) = config;
}

#define SYNCSIM_IMG2COL(NAME, SPACE)                                                               \
    template <typename Dst, typename Src>                                                          \
    void NAME(Dst dst, Src src, std::uint64_t step_k, std::uint64_t step_m, std::uint64_t pos_k,   \
              std::uint64_t pos_m, std::uint64_t stride_w, std::uint64_t stride_h,                 \
              std::uint64_t wk, std::uint64_t hk, std::uint64_t dil_w, std::uint64_t dil_h,        \
              std::uint64_t filter_w, std::uint64_t filter_h, bool transpose,                      \
              std::uint64_t fmatrix_ctrl, std::uint64_t channels) {                                \
        using namespace syncsim::vendor;                                                           \
        img2col_load(#NAME, syncsim::MemSpace::SPACE,                                              \
                     fmatrix_ctrl ? syncsim::IsaReg::FmatrixB : syncsim::IsaReg::Fmatrix, dst,     \
                     src, step_k, step_m, pos_k, pos_m,                                            \
                     window_word(stride_w, stride_h, wk, hk, dil_w, dil_h, filter_w, filter_h),    \
                     transpose, channels);                                                         \
    }
SYNCSIM_IMG2COL(img2colv2_cbuf_to_ca, L0A)
SYNCSIM_IMG2COL(img2colv2_cbuf_to_cb, L0B)
#undef SYNCSIM_IMG2COL

template <typename C, typename A, typename B>
void mad(C c, A a, B b, std::uint16_t m, std::uint16_t k, std::uint16_t n, std::uint8_t,
         bool k_direction_align, bool cmatrix_source, bool cmatrix_init_val) {
    using namespace syncsim::vendor;
    if (cmatrix_source) refuse("mad", "an initial C from the bias table (cmatrixSource)");
    syncsim::MadInstr in;
    in.c = syncsim::kernel_ptr::offset(c);
    in.a = syncsim::kernel_ptr::offset(a);
    in.b = syncsim::kernel_ptr::offset(b);
    in.m = m, in.k = k, in.n = n;
    in.ab_type = elem_type_of<pointee_t<A>>();
    in.c_type = elem_type_of<pointee_t<C>>();
    if (k_direction_align && syncsim::elem_bytes(in.ab_type) == 4)
        refuse("mad", "K aligned to 16 for 32-bit inputs (kDirectionAlign)");
    in.accumulate = !cmatrix_init_val;
    syncsim::current_kernel().mad("mad", in);
}

template <typename Gm, typename Cc>
void copy_matrix_cc_to_gm(Gm dst, Cc src, std::uint64_t xm, std::uint64_t xt) {
    using namespace syncsim::vendor;
    const char* what = "copy_matrix_cc_to_gm";
    auto& kernel = syncsim::current_kernel();
    const std::uint64_t n_size = (xm >> 4) & 0xfff, m_size = (xm >> 16) & 0xffff, dst_d = xm >> 32,
                        src_stride = xt & 0xffff;
    if (((xt >> 34) & 0x1f) != 0) refuse(what, "quantisation on the way out (quantPre)");
    if (((xt >> 39) & 0x7) != 0) refuse(what, "ReLU on the way out (reluPre)");
    if (((xt >> 43) & 1) == 0) refuse(what, "NZ output (nz2nd off)");
    if ((kernel.isa_register(syncsim::IsaReg::NdPara) & 0xffff) > 1)
        refuse(what, "several ND matrices (ND_PARA ndNum above 1)");
    if (n_size == 0 || m_size == 0)
        throw syncsim::KernelFault(std::string(what) + ": nSize and mSize must be positive");
    const std::uint64_t elem = sizeof(pointee_t<Cc>);
    if (sizeof(pointee_t<Gm>) != elem)
        refuse(what, "a GM element of another size than L0C's without quantisation");
    // Within the largest L0C there is (256 KiB): its pieces are few.
    if (m_size * ((n_size + 15) / 16) * 16 * elem > (std::uint64_t{1} << 18))
        throw syncsim::KernelFault(std::string(what) + ": " + std::to_string(m_size) + " x " +
                                   std::to_string(n_size) + " elements exceed any L0C");
    std::vector<syncsim::CopyPiece> pieces;
    for (std::uint64_t m = 0; m < m_size; ++m)
        for (std::uint64_t n = 0; n < n_size; n += 16)
            pieces.push_back({((n / 16) * src_stride + m) * 16 * elem, (m * dst_d + n) * elem,
                              std::min<std::uint64_t>(16, n_size - n) * elem});
    kernel.copy_pieces(what, syncsim::MemSpace::Gm, syncsim::kernel_ptr::address(dst),
                       syncsim::MemSpace::L0C, syncsim::kernel_ptr::offset(src), std::move(pieces));
}
