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

namespace syncsim::vendor {
struct UnmodelledResult {
    template <typename T>
    operator T() const {
        return T{};
    }
};
} // namespace syncsim::vendor

#define SYNCSIM_UNMODELLED(name)                                                                   \
    syncsim::vendor::UnmodelledResult name(...) __asm__(SYNCSIM_UNMODELLED_PREFIX #name);

// The vendor compiler's keyword for a tile function; nothing for clang.
#define __tf__

// The fixpipe's quantisation modes (a type the instruction headers use in
// signatures; the numbering is syncsim's own).
enum class QuantMode_t {
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

// The load instructions' address-calculation mode (A2/A3), as the vendor's
// compiler scopes it.
namespace __cce_scalar {
enum addr_cal_mode_t : int {};
} // namespace __cce_scalar

// ---- A2/A3 (dav-c220): vector, mask, conversion and copy instructions
SYNCSIM_UNMODELLED(copy_gm_to_ubuf_align_b32)
SYNCSIM_UNMODELLED(copy_ubuf_to_gm_align_b32)
SYNCSIM_UNMODELLED(copy_ubuf_to_ubuf)
SYNCSIM_UNMODELLED(set_cmpmask)
SYNCSIM_UNMODELLED(set_l3d_rpt)
SYNCSIM_UNMODELLED(set_vector_mask)
SYNCSIM_UNMODELLED(vadd)
SYNCSIM_UNMODELLED(vadds)
SYNCSIM_UNMODELLED(vcmpvs_lt)
SYNCSIM_UNMODELLED(vconv_f162s16z)
SYNCSIM_UNMODELLED(vconv_f162s32a)
SYNCSIM_UNMODELLED(vconv_f162s32c)
SYNCSIM_UNMODELLED(vconv_f162s32f)
SYNCSIM_UNMODELLED(vconv_f162s32r)
SYNCSIM_UNMODELLED(vconv_f162s32z)
SYNCSIM_UNMODELLED(vconv_f322f16)
SYNCSIM_UNMODELLED(vconv_f322f32f)
SYNCSIM_UNMODELLED(vconv_f322f32z)
SYNCSIM_UNMODELLED(vconv_f322s32f)
SYNCSIM_UNMODELLED(vconv_f322s32r)
SYNCSIM_UNMODELLED(vconv_f322s32z)
SYNCSIM_UNMODELLED(vconv_s162f16)
SYNCSIM_UNMODELLED(vconv_s322f32)
SYNCSIM_UNMODELLED(vdiv)
SYNCSIM_UNMODELLED(vector_dup)
SYNCSIM_UNMODELLED(vmax)
SYNCSIM_UNMODELLED(vmul)
SYNCSIM_UNMODELLED(vmuls)
SYNCSIM_UNMODELLED(vsel)
SYNCSIM_UNMODELLED(vsub)
