// A core's asynchronous pipes (V, M, MTE1..3, FIX), the set_flag/wait_flag
// flags between them, its local buffers (a UB on an AIV, L1 on an AIC) and
// the DMA (MTE) copies that move data through them. The scalar unit issues
// work to a pipe and goes on; a pipe runs its work in order on its own thread.
#pragma once

#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/core_report.hpp"
#include "models/core/dma_transfer.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/intra_core_flags.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_unit.hpp"
#include "models/memory/sparse_store.hpp"
#include "syncsim/local_isa.hpp"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

class PipeSet {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    PipeSet(const PipeSet&) = delete;
    PipeSet& operator=(const PipeSet&) = delete;
    using Space = MemSpace;
    // A UB, L1, L0A, L0B or L0C: its size, and its bytes stored sparsely (a large buffer
    // costs nothing until written).
    struct LocalBuffer {
        std::uint64_t size = 0;
        SparseStore bytes;
    };

    PipeSet(const sc_core::sc_object& core, const CoreConfig& config, LocalTime& time,
            CoreActivity& activity, GmAccessPath& memory);

    // A cube reaches a unified buffer only through subblock 0 of its cluster.
    void set_ub_peer(PipeSet* peer) { m_ub_peer = peer; }

    PipeUnit& unit(Pipe pipe);
    // Runs `action` when `pipe` reaches it: now on PIPE_S, otherwise after the
    // work already issued to that pipe.
    void when_reaches(Pipe pipe, const char* what, std::function<void()> action);
    // The same for an action that takes effect at a time it is given (an
    // FFTS message): nothing need wake to perform it.
    template <typename Post>
    void post_when_reaches(Pipe pipe, const char* what, Post post) {
        // An idle pipe (and PIPE_S) reaches it at the core's own time: the
        // core posts it stamped with that time and goes on, waking nobody.
        if (pipe == Pipe::S || unit(pipe).drained()) {
            post(m_time.now());
        } else {
            unit(pipe).issue(
                {m_time.now(), what, [post = std::move(post)] { post(sc_core::sc_time_stamp()); }});
        }
        m_time.advance(m_config.timing.pipe_issue);
    }
    // Waits until every pipe has drained.
    void drain();
    void barrier(Pipe pipe); // pipe_barrier
    void compute(Pipe pipe, double cycles);
    void stream_gm(GmAddr addr, std::uint64_t bytes, double bytes_per_cycle,
                   std::uint32_t burst_bytes);
    void set_flag(Pipe src, Pipe dst, int event_id);
    void wait_flag(Pipe src, Pipe dst, int event_id);
    // What an intra-core flag wait waits for, as of now.
    std::string describe_flag(WaitReason reason) const;

    // The buffer `space` names for this core (a cube reaches a UB through
    // its peer); throws KernelFault naming `what` if the core has none.
    LocalBuffer& local_buffer(Space space, const char* what);
    LocalBuffer& own_ub() { return m_local[static_cast<int>(Space::Ub)]; }
    void check_local_range(const LocalBuffer& buf, std::uint64_t offset, std::uint64_t extent,
                           const char* what) const;
    void dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
             std::uint64_t src, int n_burst, int len_burst, int src_gap, int dst_gap);
    void dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
             std::uint64_t src, const DmaShape& shape);
    // A copy as a list of pieces (a layout-changing copy: ND to NZ and back).
    void dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
             std::uint64_t src, std::vector<CopyPiece> pieces);
    // An instruction that computes on local buffers: `cycles` on `pipe`,
    // then `effect` (which reads and writes the buffers).
    void local_op(Pipe pipe, const char* what, double cycles, std::function<void()> effect);
    void create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value);
    void ub_access(LocalAddr offset, void* data, unsigned bytes, bool write);

    // The pipes with work and the local instructions run, for a report.
    void report_into(CoreReport& r) const;
    // The block was killed: queued work is dropped.
    void kill();

  private:
    void issue_dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
                   std::uint64_t src, std::vector<CopyPiece> pieces);
    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    GmAccessPath& m_memory;
    std::array<LocalBuffer, kMemSpaceCount> m_local; // [0] (GM) unused
    // In the set, not behind pointers: pipe_barrier looks at every pipe.
    std::array<std::optional<PipeUnit>, kPipeCount> m_pipes; // [0] (PIPE_S) unused
    IntraCoreFlags m_intra_flags;
    PipeSet* m_ub_peer = nullptr;
    std::array<std::uint64_t, kPipeCount> m_local_ops{}; // local_op per pipe
};

} // namespace syncsim
