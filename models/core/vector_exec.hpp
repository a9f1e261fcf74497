// What one vector instruction does to the bytes of a unified buffer: which
// elements each repeat covers (the vendor's block and repeat strides), which
// the mask enables (normal: a bit per element of a repeat; counter mode: the
// first N elements of the whole instruction), and the value each element
// gets, converted and rounded as the instruction says. Plain data and
// arithmetic, tested without a kernel (tests/unit/test_vector_exec.cpp).
#pragma once

#include "models/memory/sparse_store.hpp"
#include "syncsim/local_isa.hpp"

#include <cstdint>

namespace syncsim {

struct VectorMask {
    bool count_mode = false;
    std::uint64_t high = ~0ull, low = ~0ull; // counter mode: low is the element count
};

// Elements per repeat: 256 bytes of the wider of the two element types.
unsigned vector_lanes(const VectorInstr& in);
// Repeats the instruction runs: its own count, or in counter mode as many
// as the element count needs.
std::uint64_t vector_repeats(const VectorInstr& in, const VectorMask& mask);

// Applies `in` to `ub` (of `ub_bytes`). Throws KernelFault, naming `what`,
// for an access outside the buffer or a conversion syncsim does not model.
void execute_vector(const char* what, const VectorInstr& in, const VectorMask& mask,
                    SparseStore& ub, std::uint64_t ub_bytes);

// An element's value as a double (every type here converts exactly), and a
// double stored as `type` with rounding `round` (integers saturate).
double load_element(ElemType type, const std::uint8_t* bytes);
void store_element(const char* what, ElemType type, RoundMode round, double value,
                   std::uint8_t* bytes);

} // namespace syncsim
