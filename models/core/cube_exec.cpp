// The cube's loads and matrix multiply on local buffers.
#include "models/core/cube_exec.hpp"

#include "models/core/vector_exec.hpp"
#include "syncsim/fault.hpp"

#include <string>
#include <vector>

namespace syncsim {

std::uint64_t nz_offset(std::uint32_t r, std::uint32_t c, std::uint32_t rows, std::uint32_t c0) {
    return std::uint64_t(c / c0) * rows * c0 + std::uint64_t(r) * c0 + c % c0;
}
std::uint64_t l0a_offset(std::uint32_t r, std::uint32_t c, std::uint32_t cols, std::uint32_t c0) {
    return std::uint64_t(r / 16) * cols * 16 + std::uint64_t(c / c0) * 16 * c0 +
           std::uint64_t(r % 16) * c0 + c % c0;
}
std::uint64_t l0b_offset(std::uint32_t kk, std::uint32_t nn, std::uint32_t cols, std::uint32_t c0) {
    return std::uint64_t(kk / c0) * cols * c0 + std::uint64_t(nn / 16) * 16 * c0 +
           std::uint64_t(nn % 16) * c0 + kk % c0;
}
std::uint64_t l0c_offset(std::uint32_t r, std::uint32_t nn, std::uint32_t rows) {
    return std::uint64_t(nn / 16) * rows * 16 + std::uint64_t(r) * 16 + nn % 16;
}

namespace {

void check(const char* what, const char* buffer, LocalView view, std::uint64_t at,
           std::uint64_t bytes) {
    if (at + bytes > view.size)
        throw KernelFault(std::string(what) + ": " + buffer + " offset " + std::to_string(at) +
                          " lies outside the " + std::to_string(view.size) + "-byte buffer");
}

} // namespace

void execute_cube_load(const char* what, const CubeLoad& in, LocalView l1, LocalView l0) {
    const unsigned es = elem_bytes(in.type);
    const std::uint32_t c0 = c0_of(in.type);
    // The NZ matrix's column blocks are src_rows apart: a whole number of
    // 16-row fractals.
    if (in.src_rows % 16 != 0)
        throw KernelFault(std::string(what) + ": a source matrix of " +
                          std::to_string(in.src_rows) +
                          " rows (not a multiple of 16) is not "
                          "modelled");
    const std::uint32_t src_rows = in.src_rows;
    if (in.row0 + in.rows > src_rows || in.col0 + in.cols > align_up(in.src_cols, c0))
        throw KernelFault(std::string(what) + ": the load's window leaves its " +
                          std::to_string(in.src_rows) + " x " + std::to_string(in.src_cols) +
                          " source matrix");
    const bool left = in.dst_space == MemSpace::L0A;
    const char* dst_name = left ? "L0A" : "L0B";
    std::uint8_t e[4];
    for (std::uint32_t r = 0; r < in.rows; ++r) {
        for (std::uint32_t c = 0; c < in.cols; ++c) {
            const std::uint64_t from =
                in.src + nz_offset(in.row0 + r, in.col0 + c, src_rows, c0) * es;
            check(what, "L1", l1, from, es);
            l1.bytes.read(from, e, es);
            std::uint64_t to;
            if (left)
                to = l0a_offset(r, c, align_up(in.cols, c0), c0);
            else
                to = l0b_offset(r, c, align_up(in.cols, 16), c0);
            to = in.dst + to * es;
            check(what, dst_name, l0, to, es);
            l0.bytes.write(to, e, es);
        }
    }
}

std::uint64_t mad_steps(const MadInstr& in) {
    const std::uint32_t c0 = c0_of(in.ab_type);
    return std::uint64_t((in.m + 15) / 16) * ((in.k + c0 - 1) / c0) * ((in.n + 15) / 16);
}

void execute_mad(const char* what, const MadInstr& in, LocalView l0a, LocalView l0b,
                 LocalView l0c) {
    if (in.c_type != ElemType::F32 && in.c_type != ElemType::S32)
        throw KernelFault(std::string(what) + ": an accumulator of " + to_string(in.c_type) +
                          " is not modelled");
    const unsigned es = elem_bytes(in.ab_type), cs = elem_bytes(in.c_type);
    const std::uint32_t c0 = c0_of(in.ab_type);
    const std::uint32_t k_cols = align_up(in.k, c0), n_cols = align_up(in.n, 16),
                        m_rows = align_up(in.m, 16);
    std::uint8_t e[4];
    // An operand's rows x cols values, row-major, read through its layout.
    auto read = [&](const char* name, LocalView view, LocalAddr base, std::uint32_t rows,
                    std::uint32_t cols, auto offset) {
        std::vector<double> values(std::size_t(rows) * cols);
        for (std::uint32_t r = 0; r < rows; ++r)
            for (std::uint32_t c = 0; c < cols; ++c) {
                const std::uint64_t at = base + offset(r, c) * es;
                check(what, name, view, at, es);
                view.bytes.read(at, e, es);
                values[std::size_t(r) * cols + c] = load_element(in.ab_type, e);
            }
        return values;
    };
    const auto a = read("L0A", l0a, in.a, in.m, in.k, [&](std::uint32_t r, std::uint32_t c) {
        return l0a_offset(r, c, k_cols, c0);
    });
    const auto b = read("L0B", l0b, in.b, in.k, in.n, [&](std::uint32_t r, std::uint32_t c) {
        return l0b_offset(r, c, n_cols, c0);
    });
    for (std::uint32_t r = 0; r < in.m; ++r)
        for (std::uint32_t nn = 0; nn < in.n; ++nn) {
            const std::uint64_t at = in.c + l0c_offset(r, nn, m_rows) * cs;
            check(what, "L0C", l0c, at, cs);
            double sum = 0;
            if (in.accumulate) {
                l0c.bytes.read(at, e, cs);
                sum = load_element(in.c_type, e);
            }
            for (std::uint32_t kk = 0; kk < in.k; ++kk)
                sum += a[std::size_t(r) * in.k + kk] * b[std::size_t(kk) * in.n + nn];
            store_element(what, in.c_type, RoundMode::Rint, sum, e);
            l0c.bytes.write(at, e, cs);
        }
}

} // namespace syncsim
