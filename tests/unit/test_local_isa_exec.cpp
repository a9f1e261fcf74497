// The vector and cube instructions on local-buffer bytes, without a kernel:
// which elements a repeat covers, the two mask modes, conversions and their
// rounding, a conversion in place, and a matrix through L1 (NZ), L0A, L0B
// and L0C as the vendor's TLOAD / TMOV / TMATMUL leave it.
#include "models/core/cube_exec.hpp"
#include "models/core/vector_exec.hpp"
#include "syncsim/fault.hpp"
#include "syncsim/float16_bits.hpp"
#include "syncsim/vendor_copy_pieces.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

using namespace syncsim;

namespace {

template <typename T>
void put(SparseStore& s, std::uint64_t at, const std::vector<T>& values) {
    s.write(at, reinterpret_cast<const std::uint8_t*>(values.data()), values.size() * sizeof(T));
}
template <typename T>
std::vector<T> get(const SparseStore& s, std::uint64_t at, std::size_t n) {
    std::vector<T> out(n);
    s.read(at, reinterpret_cast<std::uint8_t*>(out.data()), n * sizeof(T));
    return out;
}

VectorInstr unary(VecOp op, ElemType dst, ElemType src, std::uint32_t repeat) {
    VectorInstr in;
    in.op = op, in.dst_type = dst, in.src_type = src, in.repeat = repeat;
    in.dst = 0x1000, in.src0 = 0;
    return in;
}

} // namespace

TEST_CASE("vector: a repeat is 256 bytes of the wider type, and counter mode takes N elements",
          "[isa]") {
    VectorInstr in = unary(VecOp::Adds, ElemType::F32, ElemType::F32, 2);
    CHECK(vector_lanes(in) == 64);
    in.src_type = ElemType::S8, in.dst_type = ElemType::F16;
    CHECK(vector_lanes(in) == 128);
    VectorMask counter;
    counter.count_mode = true, counter.low = 129;
    CHECK(vector_repeats(in, counter) == 2);
}

TEST_CASE("vector: vadds in normal mode touches only the masked lanes of each repeat", "[isa]") {
    SparseStore ub;
    std::vector<float> src(128);
    for (int i = 0; i < 128; ++i) src[i] = float(i);
    put(ub, 0, src);
    put(ub, 0x1000, std::vector<float>(128, -1.0f));
    VectorInstr in = unary(VecOp::Adds, ElemType::F32, ElemType::F32, 2);
    in.scalar = 0.5;
    VectorMask mask;
    mask.low = 0x5; // lanes 0 and 2 of each repeat
    execute_vector("vadds", in, mask, ub, 1 << 16);
    const auto out = get<float>(ub, 0x1000, 128);
    CHECK(out[0] == 0.5f);
    CHECK(out[1] == -1.0f);
    CHECK(out[2] == 2.5f);
    CHECK(out[64] == 64.5f);
    CHECK(out[65] == -1.0f);
}

TEST_CASE("vector: the dequant's int8 -> f16 -> f32 in place, as pto-isa's TDequant issues it",
          "[isa]") {
    // ConvertForDequant (npu/a2a3/TDequant.hpp:38-50 at 3186c381): counter
    // mode over 32 elements; s8 -> f16 with dst block stride 2 into the f32
    // row, then f16 -> f32 in place reading every other block.
    SparseStore ub;
    std::vector<std::int8_t> q(32);
    for (int i = 0; i < 32; ++i) q[i] = static_cast<std::int8_t>(i * 7 - 100);
    put(ub, 0, q);
    VectorMask counter;
    counter.count_mode = true, counter.low = 32;
    VectorInstr to_half = unary(VecOp::Convert, ElemType::F16, ElemType::S8, 0);
    to_half.dst_block_stride = 2, to_half.src0_block_stride = 1;
    to_half.dst_repeat_stride = 16, to_half.src0_repeat_stride = 4;
    execute_vector("vconv_s82f16", to_half, counter, ub, 1 << 16);
    VectorInstr to_float = unary(VecOp::Convert, ElemType::F32, ElemType::F16, 0);
    to_float.src0 = 0x1000;
    to_float.dst_block_stride = 1, to_float.src0_block_stride = 2;
    execute_vector("vconv_f162f32", to_float, counter, ub, 1 << 16);
    const auto out = get<float>(ub, 0x1000, 32);
    for (int i = 0; i < 32; ++i) CHECK(out[i] == float(i * 7 - 100));
}

TEST_CASE("vector: conversions round as their suffix says and integers saturate", "[isa]") {
    std::uint8_t b[4];
    store_element("t", ElemType::S32, RoundMode::Floor, -2.5, b);
    CHECK(load_element(ElemType::S32, b) == -3);
    store_element("t", ElemType::S32, RoundMode::Away, 2.5, b);
    CHECK(load_element(ElemType::S32, b) == 3);
    store_element("t", ElemType::S32, RoundMode::Rint, 2.5, b);
    CHECK(load_element(ElemType::S32, b) == 2);
    store_element("t", ElemType::S16, RoundMode::Trunc, 1e9, b);
    CHECK(load_element(ElemType::S16, b) == 32767);
    store_element("t", ElemType::F16, RoundMode::Rint, 1.0 + 1.0 / 4096, b);
    CHECK(load_element(ElemType::F16, b) == 1.0); // to nearest even in binary16
    CHECK_THROWS_AS(store_element("t", ElemType::F32, RoundMode::Floor, 1.5, b), KernelFault);
}

TEST_CASE("vector: an element outside the UB faults, naming the instruction", "[isa]") {
    SparseStore ub;
    VectorInstr in = unary(VecOp::Adds, ElemType::F32, ElemType::F32, 1);
    in.dst = 4096 - 8;
    CHECK_THROWS_WITH(execute_vector("vadds", in, VectorMask{}, ub, 4096),
                      Catch::Contains("vadds") && Catch::Contains("outside the 4096-byte"));
}

TEST_CASE("cube: NZ in L1, img2col into L0A / L0B, mad and the L0C layout give A x B", "[isa]") {
    // A: 16 x 16 floats, B: 16 x 32 floats, both NZ in L1 (16-row x 8 fractals).
    const std::uint32_t m = 16, k = 16, n = 32, c0 = 8;
    SparseStore l1, l0a, l0b, l0c;
    std::vector<float> a(m * k), b(k * n);
    for (std::uint32_t i = 0; i < m * k; ++i) a[i] = float(int(i % 7) - 3);
    for (std::uint32_t i = 0; i < k * n; ++i) b[i] = float(int(i % 5) - 2) * 0.5f;
    const std::uint64_t b_at = 0x4000;
    for (std::uint32_t r = 0; r < m; ++r)
        for (std::uint32_t c = 0; c < k; ++c)
            l1.write(nz_offset(r, c, m, c0) * 4, reinterpret_cast<std::uint8_t*>(&a[r * k + c]), 4);
    for (std::uint32_t r = 0; r < k; ++r)
        for (std::uint32_t c = 0; c < n; ++c)
            l1.write(b_at + nz_offset(r, c, k, c0) * 4,
                     reinterpret_cast<std::uint8_t*>(&b[r * n + c]), 4);
    CubeLoad la;
    la.dst_space = MemSpace::L0A, la.src_rows = m, la.src_cols = k, la.rows = m, la.cols = k;
    execute_cube_load("img2colv2_cbuf_to_ca", la, {l1, 1 << 20}, {l0a, 1 << 16});
    CubeLoad lb;
    lb.dst_space = MemSpace::L0B, lb.src = b_at, lb.src_rows = k, lb.src_cols = n;
    lb.rows = k, lb.cols = n;
    execute_cube_load("img2colv2_cbuf_to_cb", lb, {l1, 1 << 20}, {l0b, 1 << 16});
    MadInstr mad;
    mad.m = m, mad.k = k, mad.n = n;
    execute_mad("mad", mad, {l0a, 1 << 16}, {l0b, 1 << 16}, {l0c, 1 << 17});
    mad.accumulate = true; // C += A x B: twice the product
    execute_mad("mad", mad, {l0a, 1 << 16}, {l0b, 1 << 16}, {l0c, 1 << 17});
    for (std::uint32_t r = 0; r < m; ++r)
        for (std::uint32_t c = 0; c < n; ++c) {
            float want = 0;
            for (std::uint32_t i = 0; i < k; ++i) want += a[r * k + i] * b[i * n + c];
            float got;
            l0c.read(l0c_offset(r, c, m) * 4, reinterpret_cast<std::uint8_t*>(&got), 4);
            CHECK(got == Approx(2 * want));
        }
    CHECK(mad_steps(mad) == 1 * 2 * 2);
}

TEST_CASE("cube: a load whose window leaves its matrix faults", "[isa]") {
    SparseStore l1, l0;
    CubeLoad in;
    in.src_rows = 16, in.src_cols = 8, in.rows = 16, in.cols = 16;
    CHECK_THROWS_WITH(execute_cube_load("img2colv2_cbuf_to_ca", in, {l1, 1 << 20}, {l0, 1 << 16}),
                      Catch::Contains("window leaves"));
}

TEST_CASE("nd2nz: each row's 32-byte pieces go to their column block's fractal, a short "
          "last block padded with zeros",
          "[isa]") {
    // 2 rows of 16 floats, rows 20 floats apart in GM; C0 stride 16 blocks.
    const auto pieces = vendor::nd2nz_pieces("nd2nz", 4, 1, 2, 16, 0, 20, 16, 1, 0);
    REQUIRE(pieces.size() == 4);
    CHECK(pieces[1].src == 8 * 4);
    CHECK(pieces[1].dst == 16 * 32); // column block 1
    CHECK(pieces[2].src == 20 * 4);  // row 1
    CHECK(pieces[2].dst == 32);
    // A row of 12 floats: its second block holds 4 and 16 bytes of zeros.
    const auto padded = vendor::nd2nz_pieces("nd2nz", 4, 1, 1, 12, 0, 12, 16, 1, 0);
    REQUIRE(padded.size() == 3);
    CHECK(padded[1].bytes == 16);
    CHECK(padded[2].zeros);
    CHECK(padded[2].dst == 16 * 32 + 16);
    CHECK(padded[2].bytes == 16);
}
