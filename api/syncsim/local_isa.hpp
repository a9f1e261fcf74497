// The instructions an AI core runs on its local buffers, as plain data: the
// vector unit's element-wise operations and conversions on the unified
// buffer, the cube's loads into L0A/L0B and its matrix multiply into L0C,
// and copies whose bytes move as a list of pieces (the layout-changing
// copies between GM and the local buffers). The vendor's builtins
// (syncsim/vendor_isa.hpp) fill them in; the core model runs them on its
// pipes, with their time (models/core/local_isa.hpp).
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>

namespace syncsim {

// Where bytes live: global memory, or one of a core's local buffers (an AIV
// owns a UB; an AIC owns L1, L0A, L0B and L0C).
enum class MemSpace : std::uint8_t { Gm, Ub, L1, L0A, L0B, L0C };
constexpr int kMemSpaceCount = 6;
inline const char* to_string(MemSpace s) {
    static const char* const names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C"};
    return names[static_cast<int>(s)];
}

// One piece of a copy: `bytes` from source offset `src` to destination
// offset `dst`, both relative to the copy's base addresses; or, with
// `zeros`, that many zero bytes written at `dst` (a padding the copy makes,
// reading nothing).
struct CopyPiece {
    std::uint64_t src = 0, dst = 0, bytes = 0;
    bool zeros = false;
};

enum class ElemType : std::uint8_t { S8, U8, S16, U16, S32, U32, F16, BF16, F32 };
inline unsigned elem_bytes(ElemType t) {
    static const unsigned bytes[] = {1, 1, 2, 2, 4, 4, 2, 2, 4};
    return bytes[static_cast<int>(t)];
}
inline const char* to_string(ElemType t) {
    static const char* const names[] = {"s8",  "u8",  "s16",  "u16", "s32",
                                        "u32", "f16", "bf16", "f32"};
    return names[static_cast<int>(t)];
}

// How a conversion rounds (the suffix of the vendor's vconv_*: r to nearest
// even, a to nearest away from zero, f down, c up, z toward zero, o to odd).
enum class RoundMode : std::uint8_t { Rint, Away, Floor, Ceil, Trunc, Odd };

enum class VecOp : std::uint8_t {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min, // dst = src0 op src1
    Adds,
    Muls,
    Maxs,
    Mins,   // dst = src0 op scalar
    Dup,    // dst = scalar
    Convert // dst = src0 converted to dst_type
};

// One vector instruction in the vendor's repeat form: each repeat covers
// 256 bytes of its wider operand (8 blocks of 32 bytes); an operand's blocks
// are `block_stride` blocks apart inside a repeat and its repeats
// `repeat_stride` blocks apart. The vector mask (IsaReg) picks the elements.
struct VectorInstr {
    VecOp op = VecOp::Add;
    ElemType dst_type = ElemType::F32, src_type = ElemType::F32;
    RoundMode round = RoundMode::Rint;
    LocalAddr dst = 0, src0 = 0, src1 = 0;
    double scalar = 0;
    std::uint32_t repeat = 0;
    std::uint32_t dst_block_stride = 1, src0_block_stride = 1, src1_block_stride = 1;
    std::uint32_t dst_repeat_stride = 8, src0_repeat_stride = 8, src1_repeat_stride = 8;
};

// A core's instruction-control registers, written by the scalar unit and
// read by the instructions issued after: the vector mask and its mode, the
// feature-map shapes of the cube's loads, the fixpipe's ND parameters.
enum class IsaReg : std::uint8_t { MaskCountMode, MaskHigh, MaskLow, Fmatrix, FmatrixB, NdPara };
constexpr int kIsaRegCount = 6;

// A load of a matrix from L1 into L0A or L0B as the cube reads it: `rows` x
// `cols` elements of `type`, from a matrix stored in L1 as 16-row fractals
// of 32 bytes (NZ), into the destination's fractal order.
struct CubeLoad {
    MemSpace dst_space = MemSpace::L0A;
    LocalAddr dst = 0, src = 0;
    ElemType type = ElemType::F32;
    std::uint32_t src_rows = 0, src_cols = 0; // the L1 matrix (NZ), in elements
    std::uint32_t row0 = 0, col0 = 0;         // where the load starts in it
    std::uint32_t rows = 0, cols = 0;         // what it loads
};

// c (L0C, m x n, 16x16 fractals) = [c +] a (L0A, m x k) * b (L0B, k x n).
struct MadInstr {
    LocalAddr c = 0, a = 0, b = 0;
    std::uint32_t m = 0, k = 0, n = 0;
    ElemType ab_type = ElemType::F32, c_type = ElemType::F32;
    bool accumulate = false;
};

} // namespace syncsim
