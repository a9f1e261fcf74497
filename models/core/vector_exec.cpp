// One vector instruction on a unified buffer's bytes.
#include "models/core/vector_exec.hpp"

#include "syncsim/fault.hpp"
#include "syncsim/float16_bits.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace syncsim {

namespace {

constexpr unsigned kRepeatBytes = 256, kBlockBytes = 32;

template <typename T>
T read_as(const std::uint8_t* bytes) {
    T v;
    std::memcpy(&v, bytes, sizeof v);
    return v;
}
template <typename T>
void write_as(std::uint8_t* bytes, T v) {
    std::memcpy(bytes, &v, sizeof v);
}

double rounded(RoundMode round, double v) {
    switch (round) {
    case RoundMode::Rint:
        return std::nearbyint(v); // the default mode: to nearest even
    case RoundMode::Away:
        return std::round(v);
    case RoundMode::Floor:
        return std::floor(v);
    case RoundMode::Ceil:
        return std::ceil(v);
    case RoundMode::Trunc:
        return std::trunc(v);
    case RoundMode::Odd:
        break;
    }
    const double t = std::trunc(v);
    return t == v || std::fmod(t, 2.0) != 0 ? t : t + (v > 0 ? 1 : -1);
}

template <typename Int>
void store_int(RoundMode round, double v, std::uint8_t* bytes) {
    const double r = std::isnan(v) ? 0 : rounded(round, v);
    const double lo = static_cast<double>(std::numeric_limits<Int>::min());
    const double hi = static_cast<double>(std::numeric_limits<Int>::max());
    write_as<Int>(bytes, static_cast<Int>(std::clamp(r, lo, hi)));
}

// An integer result of arithmetic keeps its low bits (two's complement
// wrap), as C's unsigned arithmetic does; a division truncates.
void store_wrapped(const char* what, ElemType type, double v, std::uint8_t* bytes) {
    if (!std::isfinite(v)) throw KernelFault(std::string(what) + ": an integer division by zero");
    const auto bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(std::trunc(v)));
    std::memcpy(bytes, &bits, elem_bytes(type)); // little-endian: the low bytes
}

double apply(VecOp op, double a, double b, double scalar) {
    switch (op) {
    case VecOp::Add:
        return a + b;
    case VecOp::Sub:
        return a - b;
    case VecOp::Mul:
        return a * b;
    case VecOp::Div:
        return a / b;
    case VecOp::Max:
        return std::max(a, b);
    case VecOp::Min:
        return std::min(a, b);
    case VecOp::Adds:
        return a + scalar;
    case VecOp::Muls:
        return a * scalar;
    case VecOp::Maxs:
        return std::max(a, scalar);
    case VecOp::Mins:
        return std::min(a, scalar);
    case VecOp::Dup:
        return scalar;
    case VecOp::Convert:
        return a;
    }
    return a;
}

bool is_float(ElemType t) {
    return t == ElemType::F16 || t == ElemType::BF16 || t == ElemType::F32;
}

bool binary(VecOp op) {
    return op == VecOp::Add || op == VecOp::Sub || op == VecOp::Mul || op == VecOp::Div ||
           op == VecOp::Max || op == VecOp::Min;
}

// Where element `lane` of repeat `r` of an operand sits.
std::uint64_t element_at(LocalAddr base, std::uint64_t r, unsigned lane, unsigned bytes,
                         std::uint32_t block_stride, std::uint32_t repeat_stride) {
    const unsigned per_block = kBlockBytes / bytes;
    return base + r * repeat_stride * kBlockBytes +
           std::uint64_t(lane / per_block) * block_stride * kBlockBytes +
           (lane % per_block) * bytes;
}

} // namespace

double load_element(ElemType type, const std::uint8_t* bytes) {
    switch (type) {
    case ElemType::S8:
        return read_as<std::int8_t>(bytes);
    case ElemType::U8:
        return read_as<std::uint8_t>(bytes);
    case ElemType::S16:
        return read_as<std::int16_t>(bytes);
    case ElemType::U16:
        return read_as<std::uint16_t>(bytes);
    case ElemType::S32:
        return read_as<std::int32_t>(bytes);
    case ElemType::U32:
        return read_as<std::uint32_t>(bytes);
    case ElemType::F16:
        return vendor::Binary16::to_float(read_as<std::uint16_t>(bytes));
    case ElemType::BF16:
        return vendor::BFloat16::to_float(read_as<std::uint16_t>(bytes));
    case ElemType::F32:
        return read_as<float>(bytes);
    }
    return 0;
}

// A result computed exactly in double and rounded once to a float type is
// what the hardware's own rounding gives for +, -, x, / (53 >= 2 x 24 + 2).
void store_element(const char* what, ElemType type, RoundMode round, double v,
                   std::uint8_t* bytes) {
    if (is_float(type) && round != RoundMode::Rint)
        throw KernelFault(std::string(what) + ": rounding a float result other than to nearest " +
                          "even is not modelled");
    switch (type) {
    case ElemType::S8:
        return store_int<std::int8_t>(round, v, bytes);
    case ElemType::U8:
        return store_int<std::uint8_t>(round, v, bytes);
    case ElemType::S16:
        return store_int<std::int16_t>(round, v, bytes);
    case ElemType::U16:
        return store_int<std::uint16_t>(round, v, bytes);
    case ElemType::S32:
        return store_int<std::int32_t>(round, v, bytes);
    case ElemType::U32:
        return store_int<std::uint32_t>(round, v, bytes);
    case ElemType::F16:
        return write_as(bytes, vendor::Binary16::from_float(static_cast<float>(v)));
    case ElemType::BF16:
        return write_as(bytes, vendor::BFloat16::from_float(static_cast<float>(v)));
    case ElemType::F32:
        return write_as(bytes, static_cast<float>(v));
    }
}

unsigned vector_lanes(const VectorInstr& in) {
    return kRepeatBytes / std::max(elem_bytes(in.dst_type), elem_bytes(in.src_type));
}

std::uint64_t vector_repeats(const VectorInstr& in, const VectorMask& mask) {
    if (!mask.count_mode) return in.repeat;
    const unsigned lanes = vector_lanes(in);
    return (mask.low + lanes - 1) / lanes;
}

void execute_vector(const char* what, const VectorInstr& in, const VectorMask& mask,
                    SparseStore& ub, std::uint64_t ub_bytes) {
    const unsigned lanes = vector_lanes(in);
    // The mask has a bit for each of 128 lanes: an 8-bit operation's 256 are
    // beyond what is modelled.
    if (lanes > 128)
        throw KernelFault(std::string(what) + ": an element-wise operation on 8-bit elements is "
                                              "not modelled");
    const bool wraps = in.op != VecOp::Convert && !is_float(in.dst_type);
    const unsigned dst_bytes = elem_bytes(in.dst_type), src_bytes = elem_bytes(in.src_type);
    const std::uint64_t repeats = vector_repeats(in, mask);
    auto check = [&](std::uint64_t at, unsigned bytes) {
        if (at + bytes > ub_bytes)
            throw KernelFault(std::string(what) + ": element at UB offset " + std::to_string(at) +
                              " lies outside the " + std::to_string(ub_bytes) + "-byte buffer");
    };
    auto enabled = [&](std::uint64_t r, unsigned lane) {
        if (mask.count_mode) return r * lanes + lane < mask.low;
        return lane < 64 ? ((mask.low >> lane) & 1) != 0 : ((mask.high >> (lane - 64)) & 1) != 0;
    };
    // vconv_f322f32f / z: a float rounded to an integral value, kept a float.
    const bool to_integral = in.op == VecOp::Convert && in.round != RoundMode::Rint &&
                             is_float(in.dst_type) && is_float(in.src_type);
    const RoundMode store_round = to_integral ? RoundMode::Rint : in.round;
    std::vector<double> results(lanes);
    std::uint8_t bytes[8];
    for (std::uint64_t r = 0; r < repeats; ++r) {
        // A repeat reads all its sources before it writes: a conversion in
        // place (the dequant's f16 -> f32 over its own row) is well defined.
        for (unsigned lane = 0; lane < lanes; ++lane) {
            if (!enabled(r, lane)) continue;
            double a = 0, b = 0;
            if (in.op != VecOp::Dup) {
                const auto at = element_at(in.src0, r, lane, src_bytes, in.src0_block_stride,
                                           in.src0_repeat_stride);
                check(at, src_bytes);
                ub.read(at, bytes, src_bytes);
                a = load_element(in.src_type, bytes);
            }
            if (binary(in.op)) {
                const auto at = element_at(in.src1, r, lane, src_bytes, in.src1_block_stride,
                                           in.src1_repeat_stride);
                check(at, src_bytes);
                ub.read(at, bytes, src_bytes);
                b = load_element(in.src_type, bytes);
            }
            results[lane] = to_integral ? rounded(in.round, a) : apply(in.op, a, b, in.scalar);
        }
        for (unsigned lane = 0; lane < lanes; ++lane) {
            if (!enabled(r, lane)) continue;
            const auto at =
                element_at(in.dst, r, lane, dst_bytes, in.dst_block_stride, in.dst_repeat_stride);
            check(at, dst_bytes);
            if (wraps)
                store_wrapped(what, in.dst_type, results[lane], bytes);
            else
                store_element(what, in.dst_type, store_round, results[lane], bytes);
            ub.write(at, bytes, dst_bytes);
        }
    }
}

} // namespace syncsim
