// A core's instructions on its local buffers (syncsim/local_isa.hpp): the
// control registers the scalar unit writes (vector mask, feature-map
// shapes, fixpipe parameters) and the vector and cube instructions, issued
// to their pipes with their time and run on the buffers when the pipe
// reaches them. What each computes is plain code (vector_exec, cube_exec).
#pragma once

#include "models/core/core_params.hpp"
#include "models/core/pipe_set.hpp"
#include "syncsim/local_isa.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace syncsim {

class LocalIsa {
  public:
    LocalIsa(const CoreConfig& config, PipeSet& pipes) : m_config(config), m_pipes(pipes) {}

    std::uint64_t& reg(IsaReg r) { return m_regs[static_cast<int>(r)]; }
    // A block starts with the registers as after reset: normal mask mode,
    // every lane enabled.
    void block_started();
    // On PIPE_V, with the mask as the scalar unit left it at issue.
    void vector(const char* what, const VectorInstr& in);
    // On PIPE_MTE1: L1 -> L0A / L0B.
    void cube_load(const char* what, const CubeLoad& in);
    // On PIPE_M: L0A x L0B -> L0C.
    void mad(const char* what, const MadInstr& in);
    // A copy as pieces, on the pipe of its direction (copy_route).
    void copy(const char* what, MemSpace dst_space, std::uint64_t dst, MemSpace src_space,
              std::uint64_t src, std::vector<CopyPiece> pieces);
    // A5's byte-granular UB -> GM copy; faults where the platform has none.
    void copy_ubuf_to_gm_align_v2(GmAddr gm, LocalAddr ub, std::uint32_t n_burst,
                                  std::uint32_t len_burst, std::uint64_t dst_stride,
                                  std::uint32_t src_stride);

  private:
    const CoreConfig& m_config;
    PipeSet& m_pipes;
    static constexpr std::array<std::uint64_t, kIsaRegCount> kResetRegs{0, ~0ull, ~0ull, 0, 0, 0};
    std::array<std::uint64_t, kIsaRegCount> m_regs = kResetRegs;
};

} // namespace syncsim
