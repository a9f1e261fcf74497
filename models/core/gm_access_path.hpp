// A core's way to global memory: its private non-coherent scalar cache
// (64-byte lines, written back, never snooped), the write buffer that posts
// its writes, its uncached and atomic accesses, cache maintenance (dcci, dsb)
// and the GM link every requester of the core shares, one port each (slot 0
// the scalar unit, 1..6 the pipes V..FIX, 7 the write buffer).
#pragma once

#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/local_time.hpp"
#include "models/core/write_buffer.hpp"
#include "models/memory/gm_port.hpp"
#include "models/memory/scalar_cache.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/memory/stale_reads.hpp"
#include "models/races/race_detector.hpp"
#include "syncsim/fault.hpp"

#include <array>
#include <memory>
#include <string>
#include <type_traits>

namespace syncsim {

// What a core tells about its GM accesses, for diagnosis (issue 28): the
// device's write provenance and GM let it see that a load was served by a
// line older than GM's bytes, which it records as a stale read. Null: none.
struct GmDiagnosis {
    const WriteProvenance* provenance = nullptr;
    const SparseStore* gm = nullptr;
    StaleReads* stale_reads = nullptr;
};

// A core's part in the race detector (race_detector.hpp): its agent, whether
// it is in a poll loop (whose reads synchronise instead of racing) and the
// source line the instrumented path gave for its next scalar access.
struct CoreRaces {
    RaceDetector* detector = nullptr; // null: nothing is checked
    int agent = -1;
    bool in_poll = false;
    const char* site = nullptr;

    bool on() const { return detector && detector->active(); }
    // The site of the access being made, which it uses up.
    const char* take_site() {
        const char* s = site;
        site = nullptr;
        return s;
    }
};

class GmAccessPath {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    GmAccessPath(const GmAccessPath&) = delete;
    GmAccessPath& operator=(const GmAccessPath&) = delete;
    GmAccessPath(const sc_core::sc_object& core, const CoreConfig& config, LocalTime& time,
                 CoreActivity& activity);

    // Bound to the interconnect by the SoC builder.
    GmLink& link() { return m_link; }
    GmPort& scalar_port() { return *m_ports[0]; }
    GmPort& pipe_port(Pipe p) { return *m_ports[static_cast<int>(p)]; }
    ScalarCache& cache() { return m_cache; }
    void set_diagnosis(const GmDiagnosis& diagnosis) { m_diagnosis = diagnosis; }
    CoreRaces& races() { return m_races; }
    // When the write to [addr, addr + bytes) that just returned took effect
    // at the L2 (as the provenance has it; now without one): what reports say.
    std::uint64_t landed_ps(GmAddr addr, std::uint64_t bytes) const {
        const auto w =
            m_diagnosis.provenance ? m_diagnosis.provenance->newest(addr, bytes) : std::nullopt;
        return w ? w->write.time_ps : now_ps();
    }

    // Faults unless `bytes` is a power of two and `addr` a multiple of it.
    void check_access(GmAddr addr, unsigned bytes, const char* what) const;
    // The line holding `addr`: a hit costs a cache hit; a miss fills it from
    // GM (after this core's posted writes to it), writing back a victim.
    CacheLine& cached_line(GmAddr addr);
    void load_cached(GmAddr addr, void* out, unsigned bytes);
    // A cached poll read `got` from the line cached_line() just returned:
    // recorded as a stale read when GM moved past it (the line was a hit).
    void polled_cached(const CacheLine& line, GmAddr addr, const void* got, unsigned bytes) {
        if (!m_filled && m_diagnosis.stale_reads) check_stale(line, addr, got, bytes);
    }
    void store_cached(GmAddr addr, const void* in, unsigned bytes);
    void load_device(GmAddr addr, void* out, unsigned bytes);       // ld_dev
    void store_device(GmAddr addr, const void* in, unsigned bytes); // st_dev
    void post_writeback(CacheLine&& line, const char* why);
    // Returns once the last write this core posted to the line has landed.
    void wait_for_posted_writes_to(GmAddr line_base) { m_write_buffer->wait_for_line(line_base); }
    void dcci(GmAddr addr, CacheScope scope, DcciMode mode);
    // dcci of the one line holding `addr`, as a poll loop issues it (no
    // intrinsic entry): the same cost as dcci(SINGLE_CACHE_LINE).
    void dcci_line(GmAddr addr, DcciMode mode);
    void dsb();
    // The write buffer drained at a dsb: the race detector orders what this
    // core posted before its later releases.
    void fence_posted_writes();
    void set_st_atomic_cfg(AtomicType type, AtomicOp op);
    // A scalar write of one field of the MTE3's atomic store mode (its
    // element type, or its operation: none clears it); the MTE3's port reads
    // the mode when a copy executes.
    template <typename Field>
    void set_dma_atomic(const char* what, Field field) {
        m_activity.enter(what);
        if constexpr (std::is_same_v<Field, AtomicType>)
            if (field != AtomicType::S32)
                throw KernelFault(std::string(what) + ": only s32 elements are modelled (" +
                                  to_string(field) + " asked; the vendor's set_atomic_s32)");
        pipe_port(Pipe::MTE3).set_store_atomic(field);
        m_time.advance(m_config.timing.scalar_op);
    }
    // A block starts with the MTE3's atomic store mode clear (a choice:
    // docs/model-choices.md).
    void block_started() { pipe_port(Pipe::MTE3).set_store_atomic(std::nullopt); }
    void store_atomic(GmAddr addr, std::int64_t value, unsigned bytes);
    std::int64_t fetch_add(GmAddr addr, std::int64_t value, AtomicType type);
    // The runtime's clean of the scalar cache at a block's end (a dsb then
    // waits for the write-backs).
    void write_back_all();
    WriteBuffer& write_buffer() { return *m_write_buffer; }
    // The block was killed: what was posted never lands.
    void kill() { m_write_buffer->kill(); }

    static std::int64_t decode_word(const std::uint8_t* raw, AtomicType type);

  private:
    GmPort& write_buffer_port() { return *m_ports[kPipeCount]; }
    // Queues a GM access on the write buffer; the core goes on at once.
    void post(GmAddr addr, const char* what, std::function<void()> access);
    void post_write(GmAddr addr, std::vector<std::uint8_t> bytes, const char* what,
                    const char* site = nullptr, bool coherent = false);
    // A load the line served, for the race detector (gm_access_diagnosis.cpp).
    void race_load(CacheLine& line, GmAddr addr, unsigned bytes, const char* site);
    // A load the line served without a fill: records it if GM held newer
    // bytes written by another agent (gm_access_diagnosis.cpp).
    void check_stale(const CacheLine& line, GmAddr addr, const void* got, unsigned bytes);
    void note_store(CacheLine& line, GmAddr addr, unsigned bytes);

    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    ScalarCache m_cache;
    std::unique_ptr<WriteBuffer> m_write_buffer;
    GmLink m_link;
    std::array<std::unique_ptr<GmPort>, kPipeCount + 1> m_ports;
    AtomicType m_st_atomic_type = AtomicType::S32;
    AtomicOp m_st_atomic_op = AtomicOp::Sum;
    GmDiagnosis m_diagnosis;
    CoreRaces m_races;
    bool m_filled = false; // the last cached_line() filled the line
};

} // namespace syncsim
