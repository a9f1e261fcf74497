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

#include "syncsim/vendor_unmodelled_c310.hpp"
