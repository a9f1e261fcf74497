#include "output/trace/vcd_writer.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace syncsim {

namespace {

std::string id_code(std::size_t n) {
    std::string code;
    do {
        code.push_back(static_cast<char>('!' + n % 94));
        n /= 94;
    } while (n > 0);
    return code;
}

std::vector<std::string> split_scope(const std::string& scope) {
    std::vector<std::string> parts;
    std::string part;
    for (char c : scope) {
        if (c == '.') {
            parts.push_back(part);
            part.clear();
        } else {
            part.push_back(c);
        }
    }
    if (!part.empty()) parts.push_back(part);
    return parts;
}

} // namespace

VcdWriter::VcdWriter(const std::string& path, const TraceWindow* window)
    : m_path(path), m_file(std::make_unique<TraceOutput>(path, "VCD file")),
      m_out(&m_file->stream()), m_window(window), m_changes(*this, window) {}

VcdWriter::~VcdWriter() {
    // A run that ends by an exception never reached close(); what was
    // recorded is written, and a write error then has nobody to report to.
    try {
        if (!m_closed) close(std::max(m_changes.last_written(), m_changes.final_before()));
    } catch (const OutputError&) {
    }
}

int VcdWriter::add_signal(const std::string& scope, const std::string& name, unsigned width,
                          std::uint64_t initial) {
    const int id = m_changes.add_signal(initial);
    m_signals.push_back({scope, name, id_code(m_signals.size()), width});
    return id;
}

int VcdWriter::add_event(const std::string& scope, const std::string& name) {
    const int id = m_changes.add_signal(0, true);
    m_signals.push_back({scope, name, id_code(m_signals.size()), 1, true});
    return id;
}

void VcdWriter::begin(std::uint64_t at_ps) {
    std::ostream& out = *m_out;
    out << "$date syncsim $end\n$version syncsim " << SYNCSIM_VERSION
        << " $end\n$timescale 1ps $end\n";
    // Signals are grouped by scope in declaration order; scopes nest by dots.
    std::vector<std::string> open;
    for (const Signal& s : m_signals) {
        const auto parts = split_scope("syncsim." + s.scope);
        std::size_t common = 0;
        while (common < open.size() && common < parts.size() && open[common] == parts[common])
            ++common;
        for (std::size_t i = open.size(); i > common; --i) out << "$upscope $end\n";
        open.resize(common);
        for (std::size_t i = common; i < parts.size(); ++i) {
            out << "$scope module " << parts[i] << " $end\n";
            open.push_back(parts[i]);
        }
        out << (s.event ? "$var event " : "$var wire ") << s.width << ' ' << s.code << ' '
            << s.name;
        if (s.width > 1) out << " [" << s.width - 1 << ":0]";
        out << " $end\n";
    }
    for (std::size_t i = 0; i < open.size(); ++i) out << "$upscope $end\n";
    // The values at the window's start (every change before it applied).
    out << "$enddefinitions $end\n#" << at_ps << "\n$dumpvars\n";
    m_stamped_ps = at_ps;
    for (std::size_t id = 0; id < m_signals.size(); ++id)
        if (!m_signals[id].event) // an event has no value, only triggers
            emit(m_signals[id], m_changes.value(static_cast<int>(id)));
    out << "$end\n";
}

void VcdWriter::emit(const Signal& s, std::uint64_t value) {
    std::ostream& out = *m_out;
    if (s.width == 1) {
        out << (value & 1) << s.code << '\n';
        return;
    }
    std::string bits;
    for (int b = static_cast<int>(s.width) - 1; b >= 0; --b) {
        const bool one = (value >> b) & 1;
        if (one || !bits.empty()) bits.push_back(one ? '1' : '0');
    }
    if (bits.empty()) bits = "0";
    out << 'b' << bits << ' ' << s.code << '\n';
}

void VcdWriter::write(std::uint64_t at_ps, const OrderedChanges::Changes& changes) {
    if (m_file->full(at_ps)) return; // past --max-trace-size: whole up to here
    *m_out << '#' << at_ps << '\n';
    m_stamped_ps = at_ps;
    for (const auto& [id, value] : changes) {
        const Signal& s = m_signals[static_cast<std::size_t>(id)];
        emit(s, s.event ? 1 : value);
    }
}

void VcdWriter::close(std::uint64_t end_time_ps) {
    if (m_closed) return;
    m_closed = true;
    m_changes.close();
    const std::uint64_t to = m_window ? m_window->to() : kNoTime;
    m_end_ps = std::max(std::min(end_time_ps, to), start_ps());
    if (m_file->is_full()) m_end_ps = std::max(m_file->stopped_ps(), start_ps());
    // The last stamp: the end, or where a capped trace stopped (the blocks
    // it refused count as handed on, not as written).
    const std::uint64_t last = m_file->is_full() ? m_stamped_ps : m_changes.last_written();
    if (m_end_ps > last) *m_out << '#' << m_end_ps << '\n';
    m_file->close();
}

} // namespace syncsim
