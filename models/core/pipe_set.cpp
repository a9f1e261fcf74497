// The core's pipes: issuing work to them, barriers, set_flag/wait_flag
// between them, DMA (MTE) copies and the local buffers they move through.
#include "models/core/pipe_set.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <cstring>

namespace syncsim {

PipeSet::PipeSet(const sc_core::sc_object& core, const CoreConfig& config, LocalTime& time,
                 CoreActivity& activity, GmAccessPath& memory)
    : m_config(config), m_time(time), m_activity(activity), m_memory(memory),
      m_intra_flags(config.intra_core_flag_ids) {
    auto size = [this](Space space) -> std::uint64_t& {
        return m_local[static_cast<int>(space)].size;
    };
    if (config.type == CoreType::AIV) {
        size(Space::Ub) = config.ub_bytes;
    } else {
        size(Space::L1) = config.l1_bytes;
        size(Space::L0A) = config.l0a_bytes;
        size(Space::L0B) = config.l0b_bytes;
        size(Space::L0C) = config.l0c_bytes;
    }
    auto on_fault = [&activity](const std::string& what) { activity.fault_once(what); };
    // Pipes are plain objects; their threads start on first use, so within a
    // delta they run in the order they were started.
    static const char* const pipe_names[] = {"s", "v", "m", "mte1", "mte2", "mte3", "fix"};
    for (int p = 1; p < kPipeCount; ++p) m_pipes[p].emplace(core, pipe_names[p], on_fault);
}

void PipeSet::kill() {
    for (int p = 1; p < kPipeCount; ++p) m_pipes[p]->kill();
}

void PipeSet::report_into(CoreReport& r) const {
    r.vector_instructions = m_local_ops[static_cast<int>(Pipe::V)];
    r.cube_instructions =
        m_local_ops[static_cast<int>(Pipe::M)] + m_local_ops[static_cast<int>(Pipe::MTE1)];
    std::vector<PipeReport>& busy = r.busy_pipes;
    for (int p = 1; p < kPipeCount; ++p) {
        const PipeUnit& unit = *m_pipes[p];
        if (!unit.drained())
            busy.push_back(
                {static_cast<Pipe>(p), unit.current(), unit.queued(), unit.blocked_on()});
    }
}

PipeUnit& PipeSet::unit(Pipe pipe) {
    if (pipe == Pipe::S || pipe == Pipe::ALL)
        throw KernelFault(std::string("no asynchronous unit for ") + to_string(pipe));
    return *m_pipes[static_cast<int>(pipe)];
}

void PipeSet::when_reaches(Pipe pipe, const char* what, std::function<void()> action) {
    if (pipe == Pipe::S) {
        m_time.sync();
        action();
    } else {
        unit(pipe).issue({m_time.now(), what, std::move(action)});
    }
    m_time.advance(m_config.timing.pipe_issue);
}

void PipeSet::drain() {
    for (int p = 1; p < kPipeCount; ++p) {
        PipeUnit& unit = *m_pipes[p];
        if (!unit.drained()) {
            m_time.sync();
            while (!unit.drained()) wait_on(unit.drained_event());
        }
    }
}

void PipeSet::barrier(Pipe pipe) {
    m_activity.enter("pipe_barrier");
    if (pipe == Pipe::S) {
        m_time.advance(m_config.timing.scalar_op);
        return;
    }
    const int first = pipe == Pipe::ALL ? 1 : static_cast<int>(pipe);
    const int last = pipe == Pipe::ALL ? kPipeCount - 1 : static_cast<int>(pipe);
    bool drained = true; // the usual case: nothing to wait for
    for (int p = first; p <= last && drained; ++p) drained = m_pipes[p]->drained();
    if (drained) {
        m_time.advance(m_config.timing.pipe_barrier);
        return;
    }
    WaitReason reason;
    reason.kind = WaitReason::Kind::PipeDrain;
    for (int p = first; p <= last; ++p) {
        PipeUnit& unit = *m_pipes[p];
        reason.pipe = static_cast<Pipe>(p);
        m_activity.block_until([&unit] { return unit.drained(); }, unit.drained_event(),
                               CoreState::Blocked, reason);
    }
    m_time.advance(m_config.timing.pipe_barrier);
}

void PipeSet::compute(Pipe pipe, double cycles) {
    m_activity.enter("compute");
    const sc_core::sc_time busy = m_time.cycles(cycles);
    unit(pipe).issue({m_time.now(), "compute", [busy] { wait_for(busy); }});
    m_time.advance(m_config.timing.pipe_issue);
}

void PipeSet::stream_gm(GmAddr addr, std::uint64_t bytes, double bytes_per_cycle,
                        std::uint32_t burst_bytes) {
    m_activity.enter("stream_gm");
    if (!(bytes_per_cycle > 0) || burst_bytes == 0)
        throw KernelFault("stream_gm: the rate and the burst must be positive");
    const sc_core::sc_time busy = m_time.cycles(double(bytes) / bytes_per_cycle);
    GmPort& port = m_memory.pipe_port(kDmaRoutes.gm_to_ub);
    unit(kDmaRoutes.gm_to_ub).issue({m_time.now(), "stream_gm", [=, &port] {
                                         port.stream(addr, bytes_per_cycle, burst_bytes,
                                                     sc_core::sc_time_stamp() + busy);
                                         wait_for(busy);
                                     }});
    m_time.advance(m_config.timing.pipe_issue);
}

// ---------------------------------------------------------------- intra-core flags

void PipeSet::set_flag(Pipe src, Pipe dst, int event_id) {
    m_activity.enter("set_flag");
    m_intra_flags.check(src, dst, event_id);
    ++m_intra_flags.pending(src, dst, event_id);
    auto signal = [this, src, dst, event_id] {
        --m_intra_flags.pending(src, dst, event_id);
        ++m_intra_flags.count(src, dst, event_id);
        m_intra_flags.event(src, dst, event_id).notify(sc_core::SC_ZERO_TIME);
    };
    when_reaches(src, "set_flag", signal);
}

void PipeSet::wait_flag(Pipe src, Pipe dst, int event_id) {
    m_activity.enter("wait_flag");
    m_intra_flags.check(src, dst, event_id);
    std::int64_t& count = m_intra_flags.count(src, dst, event_id);
    WaitReason reason;
    reason.kind = WaitReason::Kind::IntraCoreFlag;
    reason.pipe = dst;
    reason.src = src;
    reason.dst = dst;
    reason.id = event_id;
    const sc_core::sc_event& set = m_intra_flags.event(src, dst, event_id);
    if (dst == Pipe::S) {
        m_activity.block_until([&count] { return count > 0; }, set, CoreState::Blocked, reason);
        --count;
        m_time.advance(m_config.timing.scalar_op);
        return;
    }
    PipeUnit& waiter = unit(dst);
    waiter.issue({m_time.now(), "wait_flag", [this, &waiter, &count, &set, reason] {
                      if (count == 0) {
                          waiter.set_blocked_on([this, reason] { return describe_flag(reason); });
                          while (count == 0) wait_on(set);
                      }
                      --count;
                  }});
    m_time.advance(m_config.timing.pipe_issue);
}

// What an intra-core flag wait waits for, as of now: the flag's count and
// the set_flags issued to its source pipe that it has not reached.
std::string PipeSet::describe_flag(WaitReason reason) const {
    const auto [count, pending] = m_intra_flags.state(reason.src, reason.dst, reason.id);
    reason.count = count;
    if (pending > 0) {
        reason.text = std::to_string(pending) + " set_flag pending on " + to_string(reason.src);
        if (reason.src != Pipe::S) {
            const PipeUnit& source = *m_pipes[static_cast<int>(reason.src)];
            if (source.current()) reason.text += std::string(", queued behind ") + source.current();
        }
    }
    return reason.describe();
}

// ---------------------------------------------------------------- local buffers and DMA

PipeSet::LocalBuffer& PipeSet::local_buffer(Space space, const char* what) {
    // AIV owns a UB; AIC owns L1 and L0A/B/C and reaches a UB only through
    // its paired AIV.
    if (space == Space::Ub) {
        if (m_config.type == CoreType::AIV) return own_ub();
        if (m_ub_peer) return m_ub_peer->own_ub();
        throw KernelFault(std::string(what) + ": this AIC has no paired AIV unified buffer");
    }
    LocalBuffer& buf = m_local[static_cast<int>(space)];
    if (space != Space::Gm && m_config.type == CoreType::AIC && buf.size > 0) return buf;
    throw KernelFault(std::string(what) + ": " +
                      (m_config.type == CoreType::AIV ? "an AIV" : "this AIC") + " has no " +
                      to_string(space));
}

void PipeSet::check_local_range(const LocalBuffer& buf, std::uint64_t offset, std::uint64_t extent,
                                const char* what) const {
    if (offset + extent > buf.size)
        throw KernelFault(std::string(what) + ": local range [" + hex_address(offset) + ", " +
                          hex_address(offset + extent) + ") exceeds the " +
                          std::to_string(buf.size) + "-byte buffer");
}

void PipeSet::dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
                  std::uint64_t src, int n_burst, int len_burst, int src_gap, int dst_gap) {
    dma(what, pipe, dst_space, dst, src_space, src,
        DmaShape::of(what, n_burst, len_burst, src_gap, dst_gap));
}

void PipeSet::dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
                  std::uint64_t src, const DmaShape& shape) {
    m_activity.enter(what);
    // The local side bounds the bursts, before they are listed.
    if (src_space != Space::Gm)
        check_local_range(local_buffer(src_space, what), src, shape.src_extent(), what);
    if (dst_space != Space::Gm)
        check_local_range(local_buffer(dst_space, what), dst, shape.dst_extent(), what);
    issue_dma(what, pipe, dst_space, dst, src_space, src, shape.pieces());
}

void PipeSet::dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
                  std::uint64_t src, std::vector<CopyPiece> pieces) {
    m_activity.enter(what);
    if (pieces.empty()) throw KernelFault(std::string(what) + ": a copy of nothing");
    issue_dma(what, pipe, dst_space, dst, src_space, src, std::move(pieces));
}

void PipeSet::local_op(Pipe pipe, const char* what, double cycles, std::function<void()> effect) {
    m_activity.enter(what);
    ++m_local_ops[static_cast<int>(pipe)];
    const sc_core::sc_time busy = m_time.cycles(cycles);
    unit(pipe).issue({m_time.now(), what, [busy, effect = std::move(effect)] {
                          wait_for(busy);
                          effect();
                      }});
    m_time.advance(m_config.timing.pipe_issue);
}

void PipeSet::issue_dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst,
                        Space src_space, std::uint64_t src, std::vector<CopyPiece> pieces) {
    std::uint64_t src_extent = 0, dst_extent = 0, bytes = 0, largest = 0;
    for (const CopyPiece& p : pieces) {
        if (!p.zeros) src_extent = std::max(src_extent, p.src + p.bytes);
        dst_extent = std::max(dst_extent, p.dst + p.bytes);
        bytes += p.bytes;
        largest = std::max(largest, p.bytes);
    }
    SparseStore* src_local = nullptr;
    SparseStore* dst_local = nullptr;
    if (src_space != Space::Gm) {
        auto& buf = local_buffer(src_space, what);
        check_local_range(buf, src, src_extent, what);
        src_local = &buf.bytes;
    }
    if (dst_space != Space::Gm) {
        auto& buf = local_buffer(dst_space, what);
        check_local_range(buf, dst, dst_extent, what);
        dst_local = &buf.bytes;
    }
    // Local-to-local moves cost their own bandwidth; GM sides are timed by the
    // interconnect, after the MTE's own way to it.
    double busy = m_config.timing.dma_setup;
    if (src_local && dst_local)
        busy += double(bytes) / m_config.timing.local_bytes_per_cycle;
    else // a copy out of GM reads it, one into GM writes it
        busy +=
            src_local ? m_config.timing.dma_gm_write_latency : m_config.timing.dma_gm_read_latency;
    const sc_core::sc_time busy_time = m_time.cycles(busy);
    GmPort& port = m_memory.pipe_port(pipe);
    // For the race detector: a poll's copy reads to synchronise, not as data.
    CoreRaces* races = &m_memory.races();
    const bool poll_read = races->in_poll;
    // A copy counts as made when issued: the pipe's later work (an FFTS
    // message it triggers) comes after its reads and writes of GM.
    const Release issued = races->on() && !(src_local && dst_local)
                               ? races->detector->release(races->agent)
                               : Release{};
    auto move = [=, &port, pieces = std::move(pieces)] {
        wait_for(busy_time);
        std::vector<std::uint8_t> staging(largest);
        for (const CopyPiece& p : pieces) {
            const std::uint64_t from = src + p.src, to = dst + p.dst;
            if (p.zeros) {
                std::fill_n(staging.begin(), p.bytes, std::uint8_t{0});
            } else if (src_local) {
                src_local->read(from, staging.data(), p.bytes);
            } else {
                port.read(from, staging.data(), p.bytes);
                if (races->on() && !poll_read)
                    races->detector->read_as(issued, from, p.bytes, what, nullptr, now_ps());
            }
            if (dst_local) {
                dst_local->write(to, staging.data(), p.bytes);
            } else {
                const RaceTag tag{nullptr, &issued};
                port.write(to, staging.data(), p.bytes, what, &tag);
            }
        }
    };
    unit(pipe).issue({m_time.now(), what, std::move(move)});
    m_time.advance(m_config.timing.pipe_issue);
}

void PipeSet::create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) {
    m_activity.enter("create_cbuf_matrix");
    if (n_blocks <= 0) throw KernelFault("create_cbuf_matrix: block count must be positive");
    auto& buf = local_buffer(Space::L1, "create_cbuf_matrix");
    const std::uint64_t bytes = std::uint64_t(n_blocks) * kDmaBlockBytes;
    check_local_range(buf, l1, bytes, "create_cbuf_matrix");
    const sc_core::sc_time busy =
        m_time.cycles(double(bytes) / m_config.timing.local_bytes_per_cycle);
    auto fill = [&buf, l1, bytes, value, busy] {
        wait_for(busy);
        std::vector<std::uint8_t> pattern(bytes);
        for (std::uint64_t off = 0; off < bytes; off += sizeof value)
            std::memcpy(pattern.data() + off, &value, sizeof value);
        buf.bytes.write(l1, pattern.data(), bytes);
    };
    unit(kDmaRoutes.l1_fill).issue({m_time.now(), "create_cbuf_matrix", fill});
    m_time.advance(m_config.timing.pipe_issue);
}

void PipeSet::ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) {
    m_activity.enter(write ? "ub_st" : "ub_ld");
    auto& buf = local_buffer(Space::Ub, "scalar UB access");
    if (m_config.type != CoreType::AIV) throw KernelFault("scalar UB access from an AIC");
    check_local_range(buf, offset, bytes, "scalar UB access");
    if (write)
        buf.bytes.write(offset, static_cast<const std::uint8_t*>(data), bytes);
    else
        buf.bytes.read(offset, static_cast<std::uint8_t*>(data), bytes);
    m_time.advance(m_config.timing.scalar_op);
}

} // namespace syncsim
