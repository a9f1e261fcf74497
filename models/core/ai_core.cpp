#include "models/core/ai_core.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace syncsim {

namespace {

constexpr int kDmaBlockBytes = 32; // lenBurst and gaps count 32-byte blocks
constexpr double kLagQuantumCycles = 1000;

// Which pipe executes each data movement (CCE's assignment).
struct DmaRoutes {
    Pipe gm_to_ub = Pipe::MTE2;
    Pipe gm_to_l1 = Pipe::MTE2;
    Pipe ub_to_gm = Pipe::MTE3;
    Pipe l1_to_gm = Pipe::MTE3;
    Pipe l1_to_ub = Pipe::MTE1;
    Pipe l1_fill = Pipe::MTE2;
};
constexpr DmaRoutes kRoutes{};

std::string hex(std::uint64_t v) {
    std::ostringstream os;
    os << "0x" << std::hex << v;
    return os.str();
}

} // namespace

AiCore::AiCore(sc_core::sc_module_name name, const CoreConfig& config, const Clock& clock)
    : sc_module(name), m_config(config), m_clock(clock),
      m_cache(config.cache_line_bytes, config.cache_lines),
      m_intra_flags(kPipeCount * kPipeCount * std::max(1, config.intra_core_flag_ids), 0),
      m_intra_flag_events(m_intra_flags.size()), m_quantum(clock.cycles(kLagQuantumCycles)) {
    if (config.type == CoreType::AIV)
        m_ub.size = config.ub_bytes;
    else
        m_l1.size = config.l1_bytes;
    auto on_fault = [this](const std::string& what) {
        if (!m_fault) m_fault = what;
    };
    static const char* const pipe_names[] = {"s", "v", "m", "mte1", "mte2", "mte3", "fix"};
    for (int p = 1; p < kPipeCount; ++p)
        m_pipes[p] = std::make_unique<PipeUnit>(pipe_names[p], on_fault);
    m_write_buffer = std::make_unique<PipeUnit>("write_buffer", on_fault);
    static const char* const port_names[] = {"gm_s",    "gm_v",    "gm_m",   "gm_mte1",
                                             "gm_mte2", "gm_mte3", "gm_fix", "gm_write_buffer"};
    for (int i = 0; i <= kPipeCount; ++i) m_ports[i] = std::make_unique<GmPort>(port_names[i]);
    SC_HAS_PROCESS(AiCore);
    SC_THREAD(run);
}

std::vector<GmPort*> AiCore::gm_ports() {
    std::vector<GmPort*> ports;
    for (auto& p : m_ports) ports.push_back(p.get());
    return ports;
}

void AiCore::start_block(BlockWork work) {
    m_pending = std::move(work);
    m_block_ready.notify(sc_core::SC_ZERO_TIME);
}

std::uint64_t AiCore::arg(std::size_t index) const {
    const auto& args = *m_work->args;
    if (index >= args.size())
        throw KernelFault("kernel argument " + std::to_string(index) +
                          " requested, launch passed " + std::to_string(args.size()));
    return args[index];
}

const ParamValue& AiCore::param(const std::string& name) const {
    auto it = m_work->params->find(name);
    if (it == m_work->params->end()) throw KernelFault("kernel parameter '" + name + "' not given");
    return it->second;
}

// ---------------------------------------------------------------- lifecycle

void AiCore::run() {
    for (;;) {
        while (!m_pending) wait_on(m_block_ready);
        m_work = std::move(m_pending);
        m_pending.reset();
        m_kernel_name = m_work->kernel_name;
        m_block_idx = m_work->block_idx;
        m_launch_id = m_work->launch_id;
        m_fault.reset();
        m_round = 0;
        m_ffts_base = 0;
        if (m_ffts) m_ffts->block_started(m_config.trace_id, m_launch_id);
        if (m_tracer) m_tracer->core_round(m_config.trace_id, 0);
        set_state(CoreState::Running);
        try {
            m_work->fn(*this);
            finish_block();
        } catch (const KernelFault& fault) {
            if (!m_fault) m_fault = fault.what();
        }
        sync();
        ++m_blocks_run;
        m_finished_at = sc_core::sc_time_stamp();
        set_state(m_fault ? CoreState::Faulted : CoreState::Done);
        auto done = std::move(m_work->on_done);
        m_work.reset();
        if (done) done(m_fault);
    }
}

void AiCore::finish_block() {
    // A block ends when its pipes have drained; the runtime then cleans the
    // scalar cache if the platform says it does.
    pipe_barrier(Pipe::ALL);
    if (m_config.flush_cache_at_block_end) {
        for (CacheLine& line : m_cache.maintain_all(DcciMode::CleanInvalidate))
            post_writeback(std::move(line));
        dsb(DSB_DDR);
    }
}

void AiCore::enter(const char* intrinsic) {
    ++m_intrinsics;
    m_last_intrinsic = intrinsic;
    if (m_fault) throw KernelFault(*m_fault);
}

void AiCore::sync() {
    const sc_core::sc_time lag = m_lag;
    m_lag = sc_core::SC_ZERO_TIME;
    wait_for(lag);
}

void AiCore::set_state(CoreState state) {
    if (state == m_state) return;
    m_state = state;
    if (m_tracer) m_tracer->core_state(m_config.trace_id, state);
}

template <typename Pred>
void AiCore::block_until(Pred pred, const sc_core::sc_event& event, CoreState state,
                         const WaitReason& reason) {
    if (pred()) return;
    sync();
    m_reason = reason;
    set_state(state);
    while (!pred()) wait_on(event);
    m_reason = WaitReason{};
    set_state(CoreState::Running);
}

void AiCore::set_external_wait(CoreState state, std::function<std::string()> describe) {
    // Described when reported, so the text says how far the other side got.
    m_reason = WaitReason{};
    m_reason.kind = WaitReason::Kind::External;
    m_external_describe = std::move(describe);
    set_state(state);
}

void AiCore::clear_external_wait() {
    m_reason = WaitReason{};
    m_external_describe = nullptr;
    set_state(CoreState::Running);
}

CoreReport AiCore::report(const sc_core::sc_time& at) const {
    CoreReport r;
    r.name = name();
    r.type = m_config.type;
    r.index = m_config.index;
    r.state = m_state;
    r.has_block = m_work.has_value();
    r.kernel = m_kernel_name;
    r.block_idx = m_block_idx;
    r.launch_id = m_launch_id;
    r.blocks_run = m_blocks_run;
    r.intrinsics = m_intrinsics;
    r.last_intrinsic = m_last_intrinsic;
    r.barrier_rounds = m_round;
    if (m_state == CoreState::Waiting || m_state == CoreState::Polling ||
        m_state == CoreState::Blocked)
        r.waiting_on = m_external_describe ? m_external_describe() : m_reason.describe();
    for (int p = 1; p < kPipeCount; ++p) {
        const PipeUnit& unit = *m_pipes[p];
        if (!unit.drained())
            r.busy_pipes.push_back(
                {static_cast<Pipe>(p), unit.current(), unit.queued(), unit.blocked_on()});
    }
    r.fault = m_fault;
    r.finished_at = m_finished_at;
    r.cache_hits = m_hits;
    r.cache_misses = m_misses;
    r.writebacks = m_writebacks;
    r.rounds = m_rounds;
    r.polls = m_polls;
    r.poll_timeouts = m_poll_timeouts;
    if (m_sleep.active) {
        // Asleep in a fast-forwarded poll: report the polls made by now.
        const std::uint64_t made = polls_made_by(at);
        r.polls += made - m_sleep.first;
        WaitReason reason = m_reason;
        reason.polls = made;
        r.waiting_on = reason.describe();
    }
    return r;
}

// ---------------------------------------------------------------- checks

void AiCore::when_pipe_reaches(Pipe pipe, const char* what, std::function<void()> action) {
    if (pipe == Pipe::S) {
        sync();
        action();
    } else {
        pipe_unit(pipe).issue({now(), what, std::move(action)});
    }
    advance(m_config.timing.pipe_issue);
}

PipeUnit& AiCore::pipe_unit(Pipe pipe) {
    if (pipe == Pipe::S || pipe == Pipe::ALL)
        throw KernelFault(std::string("no asynchronous unit for ") + to_string(pipe));
    return *m_pipes[static_cast<int>(pipe)];
}

void AiCore::check_gm_access(GmAddr addr, unsigned bytes, const char* what) const {
    if (bytes == 0 || (bytes & (bytes - 1)) != 0 || addr % bytes != 0)
        throw KernelFault(std::string(what) + " of " + std::to_string(bytes) + " bytes at " +
                          hex(addr) + " is not naturally aligned");
}

AiCore::LocalBuffer& AiCore::local_buffer(bool ub, const char* what) {
    // AIV owns a UB; AIC owns L1 and reaches a UB only through its paired AIV.
    if (ub) {
        if (m_config.type == CoreType::AIV) return m_ub;
        if (m_ub_peer) return m_ub_peer->m_ub;
        throw KernelFault(std::string(what) + ": this AIC has no paired AIV unified buffer");
    }
    if (m_config.type == CoreType::AIC) return m_l1;
    throw KernelFault(std::string(what) + ": an AIV has no L1 (cbuf)");
}

void AiCore::check_local_range(const LocalBuffer& buf, std::uint64_t offset, std::uint64_t extent,
                               const char* what) const {
    if (offset + extent > buf.size)
        throw KernelFault(std::string(what) + ": local range [" + hex(offset) + ", " +
                          hex(offset + extent) + ") exceeds the " + std::to_string(buf.size) +
                          "-byte buffer");
}

// ---------------------------------------------------------------- scalar GM

CacheLine& AiCore::cached_line(GmAddr addr) {
    const GmAddr base = m_cache.line_of(addr);
    if (CacheLine* line = m_cache.lookup(base)) {
        ++m_hits;
        advance(m_config.timing.cache_hit);
        return *line;
    }
    ++m_misses;
    sync();
    wait_for_posted_writes_to(base);
    std::vector<std::uint8_t> fill(m_cache.line_bytes());
    scalar_port().read(base, fill.data(), fill.size());
    if (auto victim = m_cache.install(base, fill.data())) post_writeback(std::move(*victim));
    return *m_cache.lookup(base);
}

void AiCore::load_cached(GmAddr addr, void* out, unsigned bytes) {
    enter("ld");
    check_gm_access(addr, bytes, "scalar load");
    CacheLine& line = cached_line(addr);
    std::memcpy(out, line.bytes.data() + (addr - line.base), bytes);
}

void AiCore::store_cached(GmAddr addr, const void* in, unsigned bytes) {
    enter("st");
    check_gm_access(addr, bytes, "scalar store");
    CacheLine& line = cached_line(addr);
    std::memcpy(line.bytes.data() + (addr - line.base), in, bytes);
    line.dirty = true;
}

void AiCore::load_device(GmAddr addr, void* out, unsigned bytes) {
    enter("ld_dev");
    check_gm_access(addr, bytes, "ld_dev");
    sync();
    wait_for_posted_writes_to(m_cache.line_of(addr));
    scalar_port().read(addr, static_cast<std::uint8_t*>(out), bytes);
}

void AiCore::store_device(GmAddr addr, const void* in, unsigned bytes) {
    enter("st_dev");
    check_gm_access(addr, bytes, "st_dev");
    const auto* p = static_cast<const std::uint8_t*>(in);
    post_write(addr, std::vector<std::uint8_t>(p, p + bytes), "st_dev");
    advance(m_config.timing.scalar_op);
}

void AiCore::post(GmAddr addr, const char* what, std::function<void()> access) {
    const std::uint64_t seq = ++m_posted_seq;
    m_line_last_post[m_cache.line_of(addr)] = seq;
    m_write_buffer->issue({now(), what, [this, seq, access = std::move(access)] {
                               access();
                               m_landed_seq = seq;
                               if (m_write_buffer->queued() == 0) m_line_last_post.clear();
                               if (seq == m_awaited_seq)
                                   m_posted_landed.notify(sc_core::SC_ZERO_TIME);
                           }});
}

void AiCore::post_write(GmAddr addr, std::vector<std::uint8_t> bytes, const char* what) {
    post(addr, what, [this, addr, data = std::move(bytes)] {
        write_buffer_port().write(addr, data.data(), data.size());
    });
}

void AiCore::post_writeback(CacheLine&& line) {
    ++m_writebacks;
    post_write(line.base, std::move(line.bytes), "line write-back");
}

void AiCore::wait_for_posted_writes_to(GmAddr line_base) {
    // A load after this core's own posted store to the same line sees that
    // store: it waits for the last write posted to the line to land.
    auto it = m_line_last_post.find(line_base);
    if (it == m_line_last_post.end()) return;
    m_awaited_seq = it->second;
    while (m_landed_seq < m_awaited_seq) wait_on(m_posted_landed);
}

void AiCore::dcci(GmAddr addr, CacheScope scope, DcciMode mode) {
    enter("dcci");
    if (scope == CacheScope::SINGLE_CACHE_LINE) {
        if (auto line = m_cache.maintain(m_cache.line_of(addr), mode))
            post_writeback(std::move(*line));
    } else {
        for (CacheLine& line : m_cache.maintain_all(mode)) post_writeback(std::move(line));
    }
    advance(m_config.timing.dcci);
}

void AiCore::dsb(DsbScope) {
    enter("dsb");
    WaitReason reason;
    reason.kind = WaitReason::Kind::WriteDrain;
    block_until([this] { return m_write_buffer->drained(); }, m_write_buffer->drained_event(),
                CoreState::Blocked, reason);
    advance(m_config.timing.dsb);
}

// ---------------------------------------------------------------- atomics

void AiCore::set_st_atomic_cfg(AtomicType type, AtomicOp op) {
    enter("set_st_atomic_cfg");
    m_st_atomic_type = type;
    m_st_atomic_op = op;
    advance(m_config.timing.scalar_op);
}

void AiCore::store_atomic(GmAddr addr, std::int64_t value, unsigned bytes) {
    enter("st_atomic");
    check_gm_access(addr, bytes, "st_atomic");
    if (bytes != atomic_width_bytes(m_st_atomic_type))
        throw KernelFault("st_atomic of " + std::to_string(bytes) +
                          " bytes under set_st_atomic_cfg type " + to_string(m_st_atomic_type));
    post(addr, "st_atomic", [this, addr, value, type = m_st_atomic_type, op = m_st_atomic_op] {
        write_buffer_port().atomic(addr, type, op, value);
    });
    advance(m_config.timing.scalar_op);
}

std::int64_t AiCore::fetch_add(GmAddr addr, std::int64_t value, AtomicType type) {
    enter("atomicAdd");
    if (!m_config.features.has(Feature::ReturningAtomicAdd))
        throw KernelFault("atomicAdd: this core's arch has no returning atomic add (platform "
                          "atomic_kind st_atomic); use set_st_atomic_cfg and st_atomic");
    check_gm_access(addr, atomic_width_bytes(type), "atomicAdd");
    sync();
    wait_for_posted_writes_to(m_cache.line_of(addr));
    return scalar_port().atomic(addr, type, AtomicOp::Sum, value);
}

// ---------------------------------------------------------------- pipes

void AiCore::pipe_barrier(Pipe pipe) {
    enter("pipe_barrier");
    if (pipe == Pipe::S) {
        advance(m_config.timing.scalar_op);
        return;
    }
    WaitReason reason;
    reason.kind = WaitReason::Kind::PipeDrain;
    const int first = pipe == Pipe::ALL ? 1 : static_cast<int>(pipe);
    const int last = pipe == Pipe::ALL ? kPipeCount - 1 : static_cast<int>(pipe);
    for (int p = first; p <= last; ++p) {
        PipeUnit& unit = *m_pipes[p];
        reason.pipe = static_cast<Pipe>(p);
        block_until([&unit] { return unit.drained(); }, unit.drained_event(), CoreState::Blocked,
                    reason);
    }
    advance(m_config.timing.scalar_op);
}

void AiCore::check_flag_args(Pipe src, Pipe dst, int id) const {
    if (src == Pipe::ALL || dst == Pipe::ALL || src == dst)
        throw KernelFault("set_flag/wait_flag need two different pipes other than PIPE_ALL");
    if (id < 0 || id >= m_config.intra_core_flag_ids)
        throw KernelFault("event id " + std::to_string(id) + " outside 0.." +
                          std::to_string(m_config.intra_core_flag_ids - 1));
}

std::size_t AiCore::intra_flag_index(Pipe src, Pipe dst, int id) const {
    const int s = static_cast<int>(src), d = static_cast<int>(dst);
    return static_cast<std::size_t>((s * kPipeCount + d) * m_config.intra_core_flag_ids + id);
}

std::int64_t& AiCore::intra_flag(Pipe src, Pipe dst, int id) {
    return m_intra_flags[intra_flag_index(src, dst, id)];
}

sc_core::sc_event& AiCore::intra_flag_event(Pipe src, Pipe dst, int id) {
    // One event per flag, made on first use: a set wakes only its own waiter.
    auto& slot = m_intra_flag_events[intra_flag_index(src, dst, id)];
    if (!slot) slot = std::make_unique<sc_core::sc_event>();
    return *slot;
}

void AiCore::set_flag(Pipe src, Pipe dst, int event_id) {
    enter("set_flag");
    check_flag_args(src, dst, event_id);
    auto signal = [this, src, dst, event_id] {
        ++intra_flag(src, dst, event_id);
        intra_flag_event(src, dst, event_id).notify(sc_core::SC_ZERO_TIME);
    };
    when_pipe_reaches(src, "set_flag", signal);
}

void AiCore::wait_flag(Pipe src, Pipe dst, int event_id) {
    enter("wait_flag");
    check_flag_args(src, dst, event_id);
    std::int64_t& count = intra_flag(src, dst, event_id);
    if (dst == Pipe::S) {
        WaitReason reason;
        reason.kind = WaitReason::Kind::IntraCoreFlag;
        reason.pipe = Pipe::S;
        reason.src = src;
        reason.dst = dst;
        reason.id = event_id;
        block_until([&count] { return count > 0; }, intra_flag_event(src, dst, event_id),
                    CoreState::Blocked, reason);
        --count;
        advance(m_config.timing.scalar_op);
        return;
    }
    PipeUnit& unit = pipe_unit(dst);
    unit.issue({now(), "wait_flag", [this, &unit, &count, src, dst, event_id] {
                    if (count == 0) {
                        WaitReason reason;
                        reason.kind = WaitReason::Kind::IntraCoreFlag;
                        reason.pipe = dst;
                        reason.src = src;
                        reason.dst = dst;
                        reason.id = event_id;
                        unit.set_blocked_on(reason.describe());
                        const sc_core::sc_event& set = intra_flag_event(src, dst, event_id);
                        while (count == 0) wait_on(set);
                    }
                    --count;
                }});
    advance(m_config.timing.pipe_issue);
}

void AiCore::compute(Pipe pipe, double cycles) {
    if (pipe == Pipe::S) return scalar_work(cycles);
    enter("compute");
    const sc_core::sc_time busy = m_clock.cycles(cycles);
    pipe_unit(pipe).issue({now(), "compute", [busy] { wait_for(busy); }});
    advance(m_config.timing.pipe_issue);
}

void AiCore::scalar_work(double cycles) {
    enter("scalar_work");
    advance(cycles);
}

// ---------------------------------------------------------------- DMA

void AiCore::dma(const char* what, Pipe pipe, Space dst_space, std::uint64_t dst, Space src_space,
                 std::uint64_t src, int n_burst, int len_burst, int src_gap, int dst_gap) {
    enter(what);
    if (n_burst <= 0 || len_burst <= 0 || src_gap < 0 || dst_gap < 0)
        throw KernelFault(std::string(what) + ": nBurst and lenBurst must be positive, gaps >= 0");
    const std::uint64_t len = std::uint64_t(len_burst) * kDmaBlockBytes;
    const std::uint64_t src_step = len + std::uint64_t(src_gap) * kDmaBlockBytes;
    const std::uint64_t dst_step = len + std::uint64_t(dst_gap) * kDmaBlockBytes;
    SparseStore* src_local = nullptr;
    SparseStore* dst_local = nullptr;
    if (src_space != Space::Gm) {
        auto& buf = local_buffer(src_space == Space::Ub, what);
        check_local_range(buf, src, n_burst * src_step, what);
        src_local = &buf.bytes;
    }
    if (dst_space != Space::Gm) {
        auto& buf = local_buffer(dst_space == Space::Ub, what);
        check_local_range(buf, dst, n_burst * dst_step, what);
        dst_local = &buf.bytes;
    }
    // Local-to-local moves cost their own bandwidth; GM sides are timed by the interconnect.
    double busy = m_config.timing.dma_setup;
    if (src_local && dst_local)
        busy += double(n_burst * len) / m_config.timing.local_bytes_per_cycle;
    const sc_core::sc_time busy_time = m_clock.cycles(busy);
    GmPort& port = pipe_port(pipe);
    pipe_unit(pipe).issue({now(), what, [=, &port] {
                               wait_for(busy_time);
                               std::vector<std::uint8_t> staging(len);
                               for (int i = 0; i < n_burst; ++i) {
                                   if (src_local)
                                       src_local->read(src + i * src_step, staging.data(), len);
                                   else
                                       port.read(src + i * src_step, staging.data(), len);
                                   if (dst_local)
                                       dst_local->write(dst + i * dst_step, staging.data(), len);
                                   else
                                       port.write(dst + i * dst_step, staging.data(), len);
                               }
                           }});
    advance(m_config.timing.pipe_issue);
}

void AiCore::copy_gm_to_ubuf(LocalAddr ub, GmAddr gm_addr, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    dma("copy_gm_to_ubuf", kRoutes.gm_to_ub, Space::Ub, ub, Space::Gm, gm_addr, n_burst, len_burst,
        src_gap, dst_gap);
}

void AiCore::copy_ubuf_to_gm(GmAddr gm_addr, LocalAddr ub, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    dma("copy_ubuf_to_gm", kRoutes.ub_to_gm, Space::Gm, gm_addr, Space::Ub, ub, n_burst, len_burst,
        src_gap, dst_gap);
}

void AiCore::copy_gm_to_cbuf(LocalAddr l1, GmAddr gm_addr, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    dma("copy_gm_to_cbuf", kRoutes.gm_to_l1, Space::L1, l1, Space::Gm, gm_addr, n_burst, len_burst,
        src_gap, dst_gap);
}

void AiCore::copy_cbuf_to_gm(GmAddr gm_addr, LocalAddr l1, int, int n_burst, int len_burst,
                             int src_gap, int dst_gap) {
    dma("copy_cbuf_to_gm", kRoutes.l1_to_gm, Space::Gm, gm_addr, Space::L1, l1, n_burst, len_burst,
        src_gap, dst_gap);
}

void AiCore::copy_cbuf_to_ubuf(LocalAddr ub, LocalAddr l1, int, int n_burst, int len_burst,
                               int src_gap, int dst_gap) {
    dma("copy_cbuf_to_ubuf", kRoutes.l1_to_ub, Space::Ub, ub, Space::L1, l1, n_burst, len_burst,
        src_gap, dst_gap);
}

void AiCore::create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) {
    enter("create_cbuf_matrix");
    if (n_blocks <= 0) throw KernelFault("create_cbuf_matrix: block count must be positive");
    auto& buf = local_buffer(false, "create_cbuf_matrix");
    const std::uint64_t bytes = std::uint64_t(n_blocks) * kDmaBlockBytes;
    check_local_range(buf, l1, bytes, "create_cbuf_matrix");
    const sc_core::sc_time busy =
        m_clock.cycles(double(bytes) / m_config.timing.local_bytes_per_cycle);
    pipe_unit(kRoutes.l1_fill).issue({now(), "create_cbuf_matrix", [&buf, l1, bytes, value, busy] {
                                          wait_for(busy);
                                          std::vector<std::uint8_t> pattern(bytes);
                                          for (std::uint64_t off = 0; off < bytes;
                                               off += sizeof value)
                                              std::memcpy(pattern.data() + off, &value,
                                                          sizeof value);
                                          buf.bytes.write(l1, pattern.data(), bytes);
                                      }});
    advance(m_config.timing.pipe_issue);
}

void AiCore::ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) {
    enter(write ? "ub_st" : "ub_ld");
    auto& buf = local_buffer(true, "scalar UB access");
    if (m_config.type != CoreType::AIV) throw KernelFault("scalar UB access from an AIC");
    check_local_range(buf, offset, bytes, "scalar UB access");
    if (write)
        buf.bytes.write(offset, static_cast<const std::uint8_t*>(data), bytes);
    else
        buf.bytes.read(offset, static_cast<std::uint8_t*>(data), bytes);
    advance(m_config.timing.scalar_op);
}

// ---------------------------------------------------------------- polling

std::int64_t AiCore::cached_poll_load(const PollSpec& spec) {
    // A poll through the scalar cache; with dcci first, each poll misses and
    // refetches the line.
    if (spec.load == PollLoad::CachedAfterDcci) {
        if (auto line = m_cache.maintain(m_cache.line_of(spec.addr), DcciMode::CleanInvalidate))
            post_writeback(std::move(*line));
        advance(m_config.timing.dcci);
    }
    std::uint8_t raw[8] = {};
    CacheLine& line = cached_line(spec.addr);
    std::memcpy(raw, line.bytes.data() + (spec.addr - line.base), atomic_width_bytes(spec.type));
    return decode_word(raw, spec.type);
}

void AiCore::drain_pipes() {
    for (int p = 1; p < kPipeCount; ++p) {
        PipeUnit& unit = *m_pipes[p];
        if (!unit.drained()) {
            sync();
            while (!unit.drained()) wait_on(unit.drained_event());
        }
    }
}

PollResult AiCore::poll(const PollSpec& spec) {
    enter("poll");
    const unsigned width = atomic_width_bytes(spec.type);
    check_gm_access(spec.addr, width, "poll");
    // Nothing can issue to the pipes while the scalar unit polls: draining
    // them first gives every backoff barrier the same fixed cost.
    if (spec.barrier_every) drain_pipes();
    sync();
    m_reason = WaitReason{};
    m_reason.kind = WaitReason::Kind::Poll;
    m_reason.addr = spec.addr;
    m_reason.target = spec.target;
    m_reason.until = spec.until;
    set_state(CoreState::Polling);

    const bool observed = spec.load == PollLoad::Dev || spec.load == PollLoad::AtomicAddZero;
    if (observed) wait_for_posted_writes_to(m_cache.line_of(spec.addr)); // own stores land first
    const sc_core::sc_time op = m_clock.cycles(m_config.timing.scalar_op);
    PollTiming timing;
    std::optional<sc_core::sc_time> sample_at; // set when a poll was slept up to
    PollResult result;
    for (;;) {
        std::uint64_t seq = 0;
        if (observed) {
            ObservationExtension obs;
            obs.atomic_path = spec.load == PollLoad::AtomicAddZero;
            sc_core::sc_time issued = sc_core::sc_time_stamp();
            if (sample_at) {
                obs.has_sample_at = true;
                obs.sample_at = *sample_at;
                issued = *sample_at - timing.to_sample;
            } else {
                sync();
                issued = sc_core::sc_time_stamp();
            }
            std::uint8_t raw[8] = {};
            scalar_port().observe(spec.addr, raw, width, obs);
            timing.to_sample = obs.sampled_at - issued;
            timing.after_sample = sc_core::sc_time_stamp() - obs.sampled_at;
            seq = obs.write_seq;
            result.value = decode_word(raw, spec.type);
        } else {
            result.value = cached_poll_load(spec);
        }
        sample_at.reset();
        ++m_polls;
        m_reason.value = result.value;
        if (compare(result.value, spec.until, spec.target)) break;
        m_reason.polls = ++result.polls;
        advance(m_config.timing.scalar_op);
        if (spec.barrier_every && result.polls % spec.barrier_every == 0)
            advance(m_config.timing.scalar_op); // pipe_barrier(PIPE_ALL) on drained pipes
        if (spec.max_polls && result.polls >= spec.max_polls) {
            result.timed_out = true;
            break;
        }
        // Fast-forward: with no write to the word since this sample, every
        // poll until the next write sees the same value; sleep through them.
        if (!observed || !m_config.fast_poll || m_watch->write_seq(spec.addr) != seq) continue;
        timing.op = op;
        sample_at = sleep_through_polls(spec, timing, result);
        if (!sample_at) {
            result.timed_out = true;
            break;
        }
    }
    if (result.timed_out)
        m_poll_timeouts.push_back(
            {now(), m_round, spec.addr, result.value, spec.target, result.polls});
    m_reason = WaitReason{};
    set_state(CoreState::Running);
    return result;
}

std::int64_t AiCore::decode_word(const std::uint8_t* raw, AtomicType type) {
    switch (type) {
    case AtomicType::S32: {
        std::int32_t v;
        std::memcpy(&v, raw, 4);
        return v;
    }
    case AtomicType::U32: {
        std::uint32_t v;
        std::memcpy(&v, raw, 4);
        return v;
    }
    default: {
        std::int64_t v;
        std::memcpy(&v, raw, 8);
        return v;
    }
    }
}

sc_core::sc_time AiCore::PollSchedule::issue(std::uint64_t k) const {
    // Poll k (k failed polls before it) issues one period after poll k-1,
    // plus one backoff barrier whenever k is a multiple of `every`.
    std::uint64_t backoffs = every ? k / every - first / every : 0;
    return start + (k - first) * period + backoffs * op;
}

std::optional<sc_core::sc_time>
AiCore::sleep_through_polls(const PollSpec& spec, const PollTiming& timing, PollResult& result) {
    PollSchedule& s = m_sleep;
    s.start = sc_core::sc_time_stamp() + m_lag;
    s.first = result.polls;
    s.period = timing.to_sample + timing.after_sample + timing.op;
    s.op = timing.op;
    s.every = spec.barrier_every;
    s.to_sample = timing.to_sample;
    s.to_complete = timing.to_sample + timing.after_sample;
    s.active = true;
    m_lag = sc_core::SC_ZERO_TIME;
    const sc_core::sc_event& written = m_watch->write_event(spec.addr);
    const bool limited = spec.max_polls != 0;
    const std::uint64_t last = limited ? spec.max_polls - 1 : 0;
    const sc_core::sc_time deadline =
        limited ? s.issue(last) + timing.to_sample + timing.after_sample : sc_core::SC_ZERO_TIME;
    if (limited) {
        sc_core::wait(deadline - sc_core::sc_time_stamp(), written);
    } else {
        sc_core::wait(written);
    }
    Activity::count_one();
    const sc_core::sc_time woke = sc_core::sc_time_stamp();
    s.active = false;
    if (limited && (woke >= deadline || s.issue(last) + s.to_sample < woke)) {
        // No poll up to the last one saw a change: the loop ends as spinning would.
        wait_until(deadline);
        result.polls = spec.max_polls;
        m_reason.polls = result.polls;
        m_polls += spec.max_polls - s.first;
        advance(m_config.timing.scalar_op);
        if (spec.barrier_every && spec.max_polls % spec.barrier_every == 0)
            advance(m_config.timing.scalar_op);
        return std::nullopt;
    }
    // The first poll whose sample falls at or after the write.
    std::uint64_t lo = s.first, hi = limited ? last : s.first + 1;
    if (!limited)
        while (s.issue(hi) + s.to_sample < woke) hi = s.first + 2 * (hi - s.first + 1);
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (s.issue(mid) + s.to_sample >= woke)
            hi = mid;
        else
            lo = mid + 1;
    }
    m_polls += lo - s.first;
    result.polls = lo;
    m_reason.polls = lo;
    return s.issue(lo) + s.to_sample;
}

std::uint64_t AiCore::polls_made_by(const sc_core::sc_time& t) const {
    // A poll counts once its answer is back, as when spinning.
    std::uint64_t lo = m_sleep.first, hi = m_sleep.first + 1;
    while (m_sleep.issue(hi) + m_sleep.to_complete < t)
        hi = m_sleep.first + 2 * (hi - m_sleep.first);
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (m_sleep.issue(mid) + m_sleep.to_complete < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void AiCore::mark_barrier_round() {
    sync();
    ++m_round;
    m_rounds.push_back({m_launch_id, m_round, sc_core::sc_time_stamp(), sc_core::sc_time_stamp()});
    if (m_tracer) m_tracer->core_round(m_config.trace_id, m_round);
}

void AiCore::mark_barrier_release() {
    sync();
    if (m_rounds.empty() || m_rounds.back().launch_id != m_launch_id) return;
    m_rounds.back().released = sc_core::sc_time_stamp();
    m_rounds.back().has_release = true;
    if (m_tracer) m_tracer->core_release(m_config.trace_id, m_round);
}

// ---------------------------------------------------------------- FFTS

FftsHub& AiCore::ffts(const char* what) {
    if (!m_ffts) throw KernelFault(std::string(what) + ": this platform has no FFTS");
    return *m_ffts;
}

FftsSender AiCore::sender() const {
    FftsSender s;
    s.core = m_config.trace_id;
    s.type = m_config.type;
    s.subblock = static_cast<int>(m_work->subblockid);
    s.launch_id = m_work->launch_id;
    s.kernel_type = m_work->kernel_type;
    s.peers = m_work->peers;
    s.context = m_work->ffts_context;
    s.base_address_set = m_ffts_base == FftsHub::kBaseAddress;
    return s;
}

void AiCore::set_ffts_base_addr(std::uint64_t addr) {
    enter("set_ffts_base_addr");
    m_ffts_base = addr;
    advance(m_config.timing.scalar_op);
}

void AiCore::ffts_cross_core_sync(Pipe pipe, std::uint64_t msg) {
    enter("ffts_cross_core_sync");
    FftsHub& hub = ffts("ffts_cross_core_sync");
    // The message leaves when the trigger pipe reaches it, after the work
    // issued to that pipe before it.
    auto send = [&hub, from = sender(), msg] { hub.send(from, msg); };
    when_pipe_reaches(pipe, "ffts_cross_core_sync", send);
}

void AiCore::set_intra_block(Pipe pipe, int id) {
    enter("set_intra_block");
    FftsHub& hub = ffts("set_intra_block");
    if (!hub.params().intra_block) throw KernelFault("set_intra_block does not exist on this arch");
    auto send = [&hub, from = sender(), id] { hub.set_intra_block(from, id); };
    when_pipe_reaches(pipe, "set_intra_block", send);
}

void AiCore::wait_flag_dev(Pipe pipe, int flag_id) {
    wait_cross_core(pipe, FlagSpace::Ffts, flag_id, "wait_flag_dev");
}

void AiCore::wait_intra_block(Pipe pipe, int id) {
    if (!ffts("wait_intra_block").params().intra_block)
        throw KernelFault("wait_intra_block does not exist on this arch");
    wait_cross_core(pipe, FlagSpace::IntraBlock, id, "wait_intra_block");
}

void AiCore::wait_cross_core(Pipe pipe, FlagSpace space, int id, const char* what) {
    enter(what);
    FftsHub& hub = ffts(what);
    FftsHub::Cell& cell = hub.cell(m_config.trace_id, space, id);
    const std::string label = std::string(what) + "(" + to_string(pipe) + ", " +
                              std::to_string(id) + "): the flag of " + basename() + " is 0";
    auto describe = [this, &hub, space, id, label] {
        return label + hub.explain_wait(sender(), space, id);
    };
    if (pipe == Pipe::S) {
        if (!hub.take(m_config.trace_id, space, id)) {
            sync();
            set_external_wait(CoreState::Waiting, describe);
            while (!hub.take(m_config.trace_id, space, id)) wait_on(cell.set);
            clear_external_wait();
        }
        advance(m_config.timing.scalar_op);
        return;
    }
    PipeUnit& unit = pipe_unit(pipe);
    unit.issue({now(), what, [&unit, &cell, &hub, describe, core = m_config.trace_id, space, id] {
                    if (hub.take(core, space, id)) return;
                    unit.set_blocked_on(describe());
                    while (!hub.take(core, space, id)) wait_on(cell.set);
                }});
    advance(m_config.timing.pipe_issue);
}

} // namespace syncsim
