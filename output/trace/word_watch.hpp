// The GM words a workload marks (HostApi::trace_word) as traced signals:
// each word's value at the L2, the coherence point, changed after every
// write or atomic that covers it.
#pragma once

#include "models/memory/sparse_store.hpp"
#include "models/report/trace_signals.hpp"
#include "models/runtime/host_memory.hpp"

#include <functional>
#include <string>
#include <vector>

namespace syncsim {

class WordWatch : public WordTraceSink {
  public:
    // `started` says whether tracing began (a word marked after it is refused).
    WordWatch(const SparseStore& gm, SignalTracer& tracer, std::function<bool()> started)
        : m_gm(gm), m_tracer(tracer), m_started(std::move(started)) {}

    bool add_word(const std::string& name, GmAddr addr) override;
    // Called by the L2 after a write; updates any watched word in the range.
    void memory_written(std::uint64_t addr, std::uint64_t len);

  private:
    std::uint32_t read(GmAddr addr) const;
    struct Word {
        GmAddr addr;
        int signal;
    };
    const SparseStore& m_gm;
    SignalTracer& m_tracer;
    std::function<bool()> m_started;
    std::vector<Word> m_words;
};

} // namespace syncsim
