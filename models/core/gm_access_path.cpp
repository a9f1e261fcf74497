// Scalar GM access through the non-coherent data cache, uncached device
// access, the posted writes of the write buffer, cache maintenance and the
// atomics.
#include "models/core/gm_access_path.hpp"

#include "syncsim/fault.hpp"

#include <cstring>

namespace syncsim {

GmAccessPath::GmAccessPath(const sc_core::sc_object& core, const CoreConfig& config,
                           LocalTime& time, CoreActivity& activity)
    : m_config(config), m_time(time), m_activity(activity),
      m_cache(config.cache_line_bytes, config.cache_bytes / config.cache_line_bytes),
      m_write_buffer(std::make_unique<WriteBuffer>(
          core, [&activity](const std::string& what) { activity.fault_once(what); })),
      m_link("gm") {
    // Slot 0 the scalar unit, 1..6 the pipes V..FIX, the last the write buffer.
    for (int i = 0; i <= kPipeCount; ++i) {
        const std::string name = i == 0            ? "scalar unit"
                                 : i == kPipeCount ? "write buffer"
                                                   : to_string(static_cast<Pipe>(i));
        m_ports[i] = std::make_unique<GmPort>(m_link, i, name);
    }
    // The scalar unit's requests, and the write-backs and posted stores it
    // leaves in the write buffer, take its load/store path to the
    // interconnect; an MTE pays its own way on its pipe (PipeSet::issue_dma).
    const sc_core::sc_time scalar_path = time.cycles(config.timing.scalar_gm_latency);
    scalar_port().set_path_latency(scalar_path);
    write_buffer_port().set_path_latency(scalar_path);
}

void GmAccessPath::write_back_all() {
    for (CacheLine& line : m_cache.maintain_all(DcciMode::CleanInvalidate))
        post_writeback(std::move(line), "block-end write-back of a scalar-cache line");
}

void GmAccessPath::check_access(GmAddr addr, unsigned bytes, const char* what) const {
    if (bytes == 0 || (bytes & (bytes - 1)) != 0 || addr % bytes != 0)
        throw KernelFault(std::string(what) + " of " + std::to_string(bytes) + " bytes at " +
                          hex_address(addr) + " is not naturally aligned");
}

CacheLine& GmAccessPath::cached_line(GmAddr addr) {
    const GmAddr base = m_cache.line_of(addr);
    m_filled = false;
    if (CacheLine* line = m_cache.lookup(base)) {
        ++m_activity.counters().cache_hits;
        m_time.advance(m_config.timing.cache_hit);
        return *line;
    }
    ++m_activity.counters().cache_misses;
    m_time.sync();
    wait_for_posted_writes_to(base);
    // Writes counted before the read: one landing while it is served counts
    // as newer, and a load compares bytes before it calls the line stale.
    const std::uint64_t writes_before =
        m_diagnosis.provenance ? m_diagnosis.provenance->writes() : 0;
    std::vector<std::uint8_t> fill(m_cache.line_bytes());
    scalar_port().read(base, fill.data(), fill.size());
    if (auto victim = m_cache.install(base, fill.data()))
        post_writeback(std::move(*victim), "eviction write-back of a scalar-cache line");
    m_filled = true;
    CacheLine& line = *m_cache.lookup(base);
    line.filled_ps = now_ps();
    line.filled_after_write = writes_before;
    if (m_races.on()) line.filled_knowing = m_races.detector->knowledge(m_races.agent);
    return line;
}

void GmAccessPath::load_cached(GmAddr addr, void* out, unsigned bytes) {
    m_activity.enter("ld");
    check_access(addr, bytes, "scalar load");
    const char* site = m_races.take_site();
    CacheLine& line = cached_line(addr);
    std::memcpy(out, line.bytes.data() + (addr - line.base), bytes);
    if (!m_filled && m_diagnosis.stale_reads) check_stale(line, addr, out, bytes);
    if (m_races.on()) race_load(line, addr, bytes, site);
}

void GmAccessPath::store_cached(GmAddr addr, const void* in, unsigned bytes) {
    m_activity.enter("st");
    check_access(addr, bytes, "scalar store");
    const char* site = m_races.take_site();
    CacheLine& line = cached_line(addr);
    line.store_site = site;
    std::memcpy(line.bytes.data() + (addr - line.base), in, bytes);
    line.dirty = true;
    if (m_diagnosis.stale_reads) note_store(line, addr, bytes);
}

void GmAccessPath::load_device(GmAddr addr, void* out, unsigned bytes) {
    m_activity.enter("ld_dev");
    check_access(addr, bytes, "ld_dev");
    const char* site = m_races.take_site();
    m_time.sync();
    wait_for_posted_writes_to(m_cache.line_of(addr));
    // Uncached: the word's slice reads it from DDR, as for a poll.
    PollExtension uncached;
    scalar_port().poll(addr, static_cast<std::uint8_t*>(out), bytes, uncached);
    if (m_races.on() && !m_races.in_poll) // GM's coherent value: a synchronising load
        m_races.detector->atomic_read(m_races.agent, addr, bytes, "ld_dev", site, now_ps());
}

void GmAccessPath::store_device(GmAddr addr, const void* in, unsigned bytes) {
    m_activity.enter("st_dev");
    check_access(addr, bytes, "st_dev");
    const auto* p = static_cast<const std::uint8_t*>(in);
    post_write(addr, std::vector<std::uint8_t>(p, p + bytes), "st_dev", m_races.take_site(), true);
    m_time.advance(m_config.timing.scalar_op);
}

void GmAccessPath::post(GmAddr addr, const char* what, std::function<void()> access) {
    m_write_buffer->post(m_cache.line_of(addr), m_time.now(), what, std::move(access));
}

void GmAccessPath::post_write(GmAddr addr, std::vector<std::uint8_t> bytes, const char* what,
                              const char* site, bool coherent) {
    // What the write releases is fixed when it is posted (program order):
    // the L2 tells the race detector when it lands.
    const Release issued = m_races.on() ? m_races.detector->release(m_races.agent) : Release{};
    post(addr, what, [this, addr, what, site, coherent, issued, data = std::move(bytes)] {
        const RaceTag tag{site, issued.agent >= 0 ? &issued : nullptr, coherent, true};
        write_buffer_port().write(addr, data.data(), data.size(), what, &tag);
    });
}

void GmAccessPath::post_writeback(CacheLine&& line, const char* why) {
    ++m_activity.counters().writebacks;
    post_write(line.base, std::move(line.bytes), why, line.store_site);
}

// A dcci costs by what it finds (simpler 6ebaf771 docs/investigations
// 2026-06-aicore-cold-start-warmup.md: one on an invalidated cache is below a
// 20 ns tick; a dirty line is read out to the write buffer first): the tag
// look-up once, then each dirty line's read-out. The write-back itself is
// posted and lands later (a dsb waits for it).
void GmAccessPath::dcci_line(GmAddr addr, DcciMode mode) {
    auto line = m_cache.maintain(m_cache.line_of(addr), mode, to_ps(m_time.now()));
    double cost = m_config.timing.dcci_clean;
    if (line) {
        cost += m_config.timing.dcci_dirty;
        post_writeback(std::move(*line), "dcci write-back of a scalar-cache line");
    }
    m_time.advance(cost);
}

void GmAccessPath::dcci(GmAddr addr, CacheScope scope, DcciMode mode) {
    m_activity.enter("dcci");
    if (scope == CacheScope::SINGLE_CACHE_LINE) return dcci_line(addr, mode);
    double cost = m_config.timing.dcci_clean;
    for (CacheLine& line : m_cache.maintain_all(mode, to_ps(m_time.now()))) {
        cost += m_config.timing.dcci_dirty;
        post_writeback(std::move(line), "dcci write-back of a scalar-cache line");
    }
    m_time.advance(cost);
}

void GmAccessPath::dsb() {
    m_activity.enter("dsb");
    WaitReason reason;
    reason.kind = WaitReason::Kind::WriteDrain;
    m_activity.block_until([this] { return m_write_buffer->drained(); },
                           m_write_buffer->drained_event(), CoreState::Blocked, reason);
    fence_posted_writes();
    m_time.advance(m_config.timing.dsb);
}

void GmAccessPath::fence_posted_writes() {
    if (m_races.on()) m_races.detector->fence(m_races.agent);
}

std::int64_t GmAccessPath::decode_word(const std::uint8_t* raw, AtomicType type) {
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

// ---------------------------------------------------------------- atomics

void GmAccessPath::set_st_atomic_cfg(AtomicType type, AtomicOp op) {
    m_activity.enter("set_st_atomic_cfg");
    m_st_atomic_type = type;
    m_st_atomic_op = op;
    m_time.advance(m_config.timing.scalar_op);
}

void GmAccessPath::store_atomic(GmAddr addr, std::int64_t value, unsigned bytes) {
    m_activity.enter("st_atomic");
    check_access(addr, bytes, "st_atomic");
    if (bytes != atomic_width_bytes(m_st_atomic_type))
        throw KernelFault("st_atomic of " + std::to_string(bytes) +
                          " bytes under set_st_atomic_cfg type " + to_string(m_st_atomic_type));
    const Release issued = m_races.on() ? m_races.detector->release(m_races.agent) : Release{};
    post(addr, "st_atomic",
         [this, addr, value, type = m_st_atomic_type, op = m_st_atomic_op,
          site = m_races.take_site(), issued] {
             const RaceTag tag{site, issued.agent >= 0 ? &issued : nullptr, false, true};
             write_buffer_port().atomic(addr, type, op, value, &tag);
         });
    m_time.advance(m_config.timing.scalar_op);
}

std::int64_t GmAccessPath::fetch_add(GmAddr addr, std::int64_t value, AtomicType type) {
    m_activity.enter("atomicAdd");
    if (!m_config.features.has(Feature::ReturningAtomicAdd))
        throw KernelFault("atomicAdd: this core's arch has no returning atomic add (platform "
                          "atomic_kind st_atomic); use set_st_atomic_cfg and st_atomic");
    check_access(addr, atomic_width_bytes(type), "atomicAdd");
    const char* site = m_races.take_site();
    m_time.sync();
    wait_for_posted_writes_to(m_cache.line_of(addr));
    const RaceTag tag{site, nullptr};
    const std::int64_t old = scalar_port().atomic(addr, type, AtomicOp::Sum, value, &tag);
    // It returned the count so far: what the atomics before it released.
    if (m_races.on()) m_races.detector->returned(m_races.agent, addr, atomic_width_bytes(type));
    return old;
}

} // namespace syncsim
