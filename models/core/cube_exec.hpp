// What the cube's instructions do to the bytes of L1, L0A, L0B and L0C, in
// the fractal layouts the cube works on (C0 = the elements of 32 bytes):
//
// - L1 holds a matrix as NZ: 16-row x C0 fractals, column block after
//   column block; element (r, c) of an R-row matrix (R a multiple of 16) at
//   element (c / C0) x R x C0 + r x C0 + c % C0.
// - L0A holds the left operand (m x k) as zZ: fractals row band after row
//   band, each row-major: (r / 16) x K x 16 + (c / C0) x 16 x C0 + (r % 16) x
//   C0 + c % C0 for K columns.
// - L0B holds the right operand (k x n) as fractals of C0 k by 16 n, k
//   block after k block, each holding 16 columns of C0 k:
//   (kk / C0) x N x C0 + (nn / 16) x 16 x C0 + (nn % 16) x C0 + kk % C0.
// - L0C holds the result (m x n) as NZ of 16 x 16 fractals:
//   (nn / 16) x M x 16 + r x 16 + nn % 16 for M rows.
//
// Plain code on byte stores, tested without a kernel.
#pragma once

#include "models/memory/sparse_store.hpp"
#include "syncsim/local_isa.hpp"

#include <cstdint>

namespace syncsim {

struct LocalView {
    SparseStore& bytes;
    std::uint64_t size;
};

inline std::uint32_t c0_of(ElemType t) {
    return 32 / elem_bytes(t);
}
inline std::uint32_t align_up(std::uint32_t v, std::uint32_t to) {
    return (v + to - 1) / to * to;
}

// Element offsets of the layouts above.
std::uint64_t nz_offset(std::uint32_t r, std::uint32_t c, std::uint32_t rows, std::uint32_t c0);
std::uint64_t l0a_offset(std::uint32_t r, std::uint32_t c, std::uint32_t cols, std::uint32_t c0);
std::uint64_t l0b_offset(std::uint32_t kk, std::uint32_t nn, std::uint32_t cols, std::uint32_t c0);
std::uint64_t l0c_offset(std::uint32_t r, std::uint32_t nn, std::uint32_t rows);

// L1 (NZ) -> L0A or L0B. Throws KernelFault naming `what` for a range
// outside either buffer.
void execute_cube_load(const char* what, const CubeLoad& in, LocalView l1, LocalView l0);
// L0A x L0B -> L0C (float accumulation). Throws KernelFault naming `what`.
void execute_mad(const char* what, const MadInstr& in, LocalView l0a, LocalView l0b, LocalView l0c);
// The steps a mad takes: 16 x C0 x 16 blocks of its m x k x n.
std::uint64_t mad_steps(const MadInstr& in);

} // namespace syncsim
