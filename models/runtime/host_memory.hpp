// Device memory as the host program sees it: allocation (every buffer on an
// L2 line), range-checked memset/copies, who wrote a word last, and which
// words the trace follows.
#pragma once

#include "models/memory/sparse_store.hpp"
#include "models/memory/write_provenance.hpp"
#include "models/races/race_detector.hpp"
#include "models/runtime/check_explanation.hpp"
#include "syncsim/host_api.hpp"

#include <functional>
#include <string>
#include <vector>

namespace syncsim {

struct GmBuffer {
    std::string name;
    GmAddr addr;
    std::uint64_t bytes;
};

class WordTraceSink {
  public:
    virtual ~WordTraceSink() = default;
    virtual bool add_word(const std::string& name, GmAddr addr) = 0; // false once tracing started
};

class HostMemory {
  public:
    HostMemory(SparseStore& gm, GmAddr base, std::uint64_t bytes)
        : m_gm(gm), m_base(base), m_next_free(base), m_bytes(bytes) {}
    HostMemory(const HostMemory&) = delete;
    HostMemory& operator=(const HostMemory&) = delete;

    void set_word_tracer(WordTraceSink* tracer) { m_word_tracer = tracer; }
    // Where GM writes are recorded, and how a requester number reads.
    void set_provenance(WriteProvenance* provenance, std::function<std::string(int)> namer) {
        m_provenance = provenance;
        m_requester_name = std::move(namer);
        m_explainer.set_sources(provenance, m_stale_reads);
    }
    // The race detector, with the host as agent `host`; null: none.
    void set_races(RaceDetector* races, int host) {
        m_races = races;
        m_host_agent = host;
    }
    // The cores' stale reads, which a failed check's explanation lists.
    const StaleReads* stale_reads() const { return m_stale_reads; }
    void set_stale_reads(const StaleReads* stale) {
        m_stale_reads = stale;
        m_explainer.set_sources(m_provenance, stale);
    }

    GmAddr malloc(std::uint64_t bytes, const std::string& name);
    void memset(GmAddr addr, std::uint8_t value, std::uint64_t bytes);
    void write(GmAddr addr, const void* data, std::uint64_t bytes);
    void read(void* data, GmAddr addr, std::uint64_t bytes) const;
    // The host program's read: what a later failed check is about.
    void host_read(void* data, GmAddr addr, std::uint64_t bytes);
    // A check was made: what it is about if it failed (check_explanation.hpp).
    std::shared_ptr<const CheckExplanation> explain_check(bool ok) {
        return m_explainer.checked(ok);
    }
    // How an explanation names requesters and addresses.
    ExplanationNames names() const;
    // "seen+0x40": an address as an offset into the buffer that holds it.
    std::string where(GmAddr addr) const;
    std::string last_writer(GmAddr addr) const;
    void trace_word(const std::string& name, GmAddr addr);
    const std::vector<GmBuffer>& buffers() const { return m_buffers; }

  private:
    // A host error unless [addr, addr + bytes) lies in device memory.
    void check_range(GmAddr addr, std::uint64_t bytes, const char* what) const;

    SparseStore& m_gm;
    GmAddr m_base, m_next_free;
    std::uint64_t m_bytes;
    std::vector<GmBuffer> m_buffers;
    WordTraceSink* m_word_tracer = nullptr;
    WriteProvenance* m_provenance = nullptr;
    const StaleReads* m_stale_reads = nullptr;
    RaceDetector* m_races = nullptr;
    int m_host_agent = -1;
    // The host's own access, for the race detector.
    void race(bool write, GmAddr addr, std::uint64_t bytes, const char* what);
    std::function<std::string(int)> m_requester_name;
    CheckExplainer m_explainer;
};

} // namespace syncsim
