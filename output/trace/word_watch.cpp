#include "output/trace/word_watch.hpp"

#include "models/systemc/simulation_time.hpp"

namespace syncsim {

std::uint32_t WordWatch::read(GmAddr addr) const {
    std::uint32_t value = 0;
    m_gm.read(addr, reinterpret_cast<std::uint8_t*>(&value), sizeof value);
    return value;
}

bool WordWatch::add_word(const std::string& name, GmAddr addr) {
    if (m_started()) return false;
    SignalDecl s{TraceSignal::Words, -1, "gm", name, 32, "GM words", name};
    s.initial = read(addr);
    const int signal = m_tracer.declare(s);
    if (signal >= 0) m_words.push_back({addr, signal});
    return true; // kept, or left out by --signals
}

void WordWatch::memory_written(std::uint64_t addr, std::uint64_t len) {
    for (const Word& w : m_words)
        if (w.addr + 4 > addr && w.addr < addr + len)
            m_tracer.change(w.signal, now_ps(), read(w.addr));
}

} // namespace syncsim
