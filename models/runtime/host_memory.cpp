#include "models/runtime/host_memory.hpp"

#include "models/systemc/simulation_time.hpp"

#include <iomanip>
#include <sstream>

namespace syncsim {

namespace {
constexpr std::uint64_t kMallocAlign = 512; // chosen: every buffer starts on an L2 line
}

void HostMemory::check_range(GmAddr addr, std::uint64_t bytes, const char* what) const {
    if (addr < m_base || addr + bytes > m_base + m_bytes || addr + bytes < addr) {
        std::ostringstream os;
        os << what << ": [0x" << std::hex << addr << ", 0x" << addr + bytes
           << ") is outside device memory";
        throw HostError(os.str());
    }
}

GmAddr HostMemory::malloc(std::uint64_t bytes, const std::string& name) {
    const GmAddr addr = (m_next_free + kMallocAlign - 1) / kMallocAlign * kMallocAlign;
    if (bytes == 0 || addr + bytes > m_base + m_bytes)
        throw HostError("malloc of " + std::to_string(bytes) + " bytes for '" + name +
                        "' does not fit device memory");
    m_next_free = addr + bytes;
    m_buffers.push_back({name, addr, bytes});
    return addr;
}

void HostMemory::memset(GmAddr addr, std::uint8_t value, std::uint64_t bytes) {
    check_range(addr, bytes, "memset");
    m_gm.fill(addr, value, bytes);
    if (m_provenance) m_provenance->record({-1, "memset", now_ps(), addr, bytes});
    race(true, addr, bytes, "memset");
}

void HostMemory::write(GmAddr addr, const void* data, std::uint64_t bytes) {
    check_range(addr, bytes, "memcpy to device");
    m_gm.write(addr, static_cast<const std::uint8_t*>(data), bytes);
    if (m_provenance) m_provenance->record({-1, "memcpy to device", now_ps(), addr, bytes});
    race(true, addr, bytes, "memcpy to device");
}

void HostMemory::read(void* data, GmAddr addr, std::uint64_t bytes) const {
    check_range(addr, bytes, "memcpy from device");
    m_gm.read(addr, static_cast<std::uint8_t*>(data), bytes);
}

void HostMemory::host_read(void* data, GmAddr addr, std::uint64_t bytes) {
    read(data, addr, bytes);
    m_explainer.host_read(addr, static_cast<const std::uint8_t*>(data), bytes);
    race(false, addr, bytes, "memcpy from device");
}

void HostMemory::race(bool write, GmAddr addr, std::uint64_t bytes, const char* what) {
    if (!m_races || !m_races->active()) return;
    if (write)
        m_races->write(m_host_agent, addr, bytes, what, nullptr, now_ps());
    else
        m_races->read(m_host_agent, addr, bytes, what, nullptr, now_ps());
}

std::string HostMemory::where(GmAddr addr) const {
    std::ostringstream os;
    for (const GmBuffer& b : m_buffers)
        if (addr >= b.addr && addr < b.addr + b.bytes) {
            os << b.name << "+0x" << std::hex << addr - b.addr;
            return os.str();
        }
    os << "0x" << std::hex << addr;
    return os.str();
}

ExplanationNames HostMemory::names() const {
    ExplanationNames n;
    n.requester = [this](int r) {
        return m_requester_name ? m_requester_name(r)
                                : std::string("requester ") + std::to_string(r);
    };
    n.where = [this](std::uint64_t addr) { return where(addr); };
    return n;
}

std::string HostMemory::last_writer(GmAddr addr) const {
    const auto w = m_provenance ? m_provenance->last(addr) : std::nullopt;
    if (!w) return "never written";
    std::ostringstream os;
    os << (m_requester_name ? m_requester_name(w->requester) : std::string("?")) << ": " << w->what
       << " [0x" << std::hex << w->addr << std::dec << ", +" << w->len << ") at " << std::fixed
       << std::setprecision(3) << static_cast<double>(w->time_ps) / 1e6 << " us";
    return os.str();
}

void HostMemory::trace_word(const std::string& name, GmAddr addr) {
    check_range(addr, 4, "trace_word");
    if (m_word_tracer && !m_word_tracer->add_word(name, addr))
        throw HostError("trace_word('" + name +
                        "') after tracing started: call it before the first launch");
}

} // namespace syncsim
