// The pieces the vendor's copy builtins move (syncsim/vendor_vector.hpp's
// align copies, syncsim/vendor_cube.hpp's ND -> NZ): where each burst or
// row block comes from and goes to, as plain data a kernel-free test can
// check. A form the model does not take faults, naming the builtin.
#pragma once

#include "syncsim/fault.hpp"
#include "syncsim/local_isa.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace syncsim::vendor {

// An align copy's bursts: `len` bytes each, `src_step` and `dst_step`
// apart.
inline std::vector<CopyPiece> align_pieces(const char* what, std::uint64_t n_burst,
                                           std::uint64_t len, std::uint64_t left_pad,
                                           std::uint64_t right_pad, std::uint64_t src_step,
                                           std::uint64_t dst_step) {
    if (n_burst == 0 || len == 0)
        throw KernelFault(std::string(what) + ": a burst count and length must be positive");
    if (left_pad != 0 || right_pad != 0)
        throw KernelFault(std::string(what) +
                          ": padding a burst (leftPaddingNum, rightPaddingNum) is not modelled");
    std::vector<CopyPiece> pieces(n_burst);
    for (std::uint64_t i = 0; i < n_burst; ++i) pieces[i] = {i * src_step, i * dst_step, len};
    return pieces;
}
inline std::uint64_t whole_blocks(std::uint64_t bytes) {
    return (bytes + 31) / 32 * 32;
}

inline void refuse(const char* what, const char* feature) {
    throw KernelFault(std::string(what) + ": " + feature + " is not modelled");
}

inline std::vector<CopyPiece>
nd2nz_pieces(const char* what, unsigned elem, std::uint64_t nd_num, std::uint64_t n_value,
             std::uint64_t d_value, std::uint64_t src_matrix_stride, std::uint64_t src_d_value,
             std::uint64_t c0_stride, std::uint64_t n_stride, std::uint64_t dst_matrix_stride) {
    const std::uint64_t c0 = 32 / elem;
    if (nd_num == 0 || n_value == 0 || d_value == 0)
        throw KernelFault(std::string(what) + ": ndNum, nValue and dValue must be positive");
    // Within the largest L1 there is (512 KiB): its pieces are few.
    if (nd_num * n_value * ((d_value + c0 - 1) / c0) * 32 > (std::uint64_t{1} << 19))
        throw KernelFault(std::string(what) + ": " + std::to_string(nd_num) + " x " +
                          std::to_string(n_value) + " rows of " + std::to_string(d_value) +
                          " elements exceed any L1");
    std::vector<CopyPiece> pieces;
    pieces.reserve(nd_num * n_value * ((d_value + c0 - 1) / c0 + 1));
    for (std::uint64_t i = 0; i < nd_num; ++i)
        for (std::uint64_t r = 0; r < n_value; ++r)
            for (std::uint64_t c = 0; c < d_value; c += c0) {
                const std::uint64_t to =
                    i * dst_matrix_stride * elem + ((c / c0) * c0_stride + r * n_stride) * 32;
                const std::uint64_t bytes = std::min(c0, d_value - c) * elem;
                pieces.push_back({(i * src_matrix_stride + r * src_d_value + c) * elem, to, bytes});
                // A row's last block, when the row does not fill it, is
                // padded with zeros (the vendor's nd2nz reference).
                if (bytes < 32) pieces.push_back({0, to + bytes, 32 - bytes, true});
            }
    return pieces;
}

} // namespace syncsim::vendor
