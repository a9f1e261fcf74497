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

// SYNCSIM_TRACE_FLUSH_EVERY (a testing knob) makes the writer flush after
// that many held changes, so tests can check that flushing at every change
// writes the same bytes as holding everything.
std::size_t initial_flush_threshold() {
    const char* env = std::getenv("SYNCSIM_TRACE_FLUSH_EVERY");
    if (env == nullptr) return 65536;
    const long n = std::strtol(env, nullptr, 10);
    return n > 0 ? static_cast<std::size_t>(n) : 65536;
}

std::size_t g_flush_threshold = initial_flush_threshold();

} // namespace

void VcdWriter::set_flush_threshold_for_tests(std::size_t n) {
    g_flush_threshold = std::max<std::size_t>(1, n);
}

VcdWriter::VcdWriter(const std::string& path, const TraceWindow* window)
    : m_path(path), m_file(std::make_unique<TraceOutput>(path, "VCD file")),
      m_out(&m_file->stream()), m_window(window), m_flush_at(g_flush_threshold) {}

VcdWriter::~VcdWriter() {
    // A run that ends by an exception never reached close(); what was
    // recorded is written, and a write error then has nobody to report to.
    try {
        if (!m_closed) close(std::max(m_last_written, m_final_before));
    } catch (const OutputError&) {
    }
}

int VcdWriter::add_signal(const std::string& scope, const std::string& name, unsigned width,
                          std::uint64_t initial) {
    if (!m_changes.empty() || m_header_written)
        throw std::logic_error("VCD signal declared after the first change");
    m_signals.push_back({scope, name, id_code(m_signals.size()), width, initial});
    return static_cast<int>(m_signals.size() - 1);
}

int VcdWriter::add_event(const std::string& scope, const std::string& name) {
    const int id = add_signal(scope, name, 1, 0);
    m_signals.back().event = true;
    return id;
}

std::uint64_t VcdWriter::start_ps() const {
    return m_window && m_window->from_known() ? m_window->from() : 0;
}

void VcdWriter::write_header(std::uint64_t at_ps) {
    m_header_written = true;
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
    for (const Signal& s : m_signals)
        if (!s.event) emit(s, s.value); // an event has no value, only triggers
    out << "$end\n";
    m_last_written = at_ps;
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

void VcdWriter::change(int id, std::uint64_t time_ps, std::uint64_t value) {
    if (time_ps < m_final_before)
        throw std::logic_error("VCD change at " + std::to_string(time_ps) +
                               " ps, before the horizon already written (" +
                               std::to_string(m_final_before) + " ps)");
    m_changes.push_back({time_ps, id, value});
    if (m_changes.size() < m_flush_at || !m_horizon) return;
    flush(m_horizon());
    // Most of what is held cannot be written yet: wait for more next time.
    if (m_changes.size() * 2 > m_flush_at && m_changes.size() > 1) m_flush_at *= 2;
}

void VcdWriter::write_timestamp(std::uint64_t t,
                                const std::vector<std::pair<int, std::uint64_t>>& finals) {
    bool stamped = false;
    for (const auto& [id, value] : finals) {
        Signal& s = m_signals[static_cast<std::size_t>(id)];
        if (s.value == value && !s.event) continue;
        if (!stamped) {
            *m_out << '#' << t << '\n';
            stamped = true;
        }
        s.value = value;
        emit(s, s.event ? 1 : value);
    }
}

void VcdWriter::flush(std::uint64_t horizon_ps) {
    if (horizon_ps <= m_final_before) return;
    m_final_before = horizon_ps;
    std::stable_sort(m_changes.begin(), m_changes.end(),
                     [](const Change& a, const Change& b) { return a.time_ps < b.time_ps; });
    // Until a round window's start is known, every final change lies before it.
    const bool from_known = !m_window || m_window->from_known();
    const std::uint64_t from = from_known ? start_ps() : kNoTime;
    const std::uint64_t to = m_window ? m_window->to() : kNoTime;
    std::size_t i = 0;
    std::vector<std::pair<int, std::uint64_t>> finals;
    for (; i < m_changes.size() && m_changes[i].time_ps < horizon_ps;) {
        // One timestamp: the last value of each signal wins; unchanged ones are not written.
        const std::uint64_t t = m_changes[i].time_ps;
        finals.clear();
        for (; i < m_changes.size() && m_changes[i].time_ps == t; ++i) {
            auto it = std::find_if(finals.begin(), finals.end(),
                                   [&](const auto& f) { return f.first == m_changes[i].id; });
            if (it == finals.end())
                finals.push_back({m_changes[i].id, m_changes[i].value});
            else
                it->second = m_changes[i].value;
        }
        if (t > to) continue; // after the window
        if (t < from) {
            // Before the window (or at its start): sets the values dumped there.
            for (const auto& [id, value] : finals)
                m_signals[static_cast<std::size_t>(id)].value = value;
            continue;
        }
        if (!m_header_written) write_header(from);
        std::sort(finals.begin(), finals.end());
        write_timestamp(t, finals);
        m_last_written = t;
    }
    m_changes.erase(m_changes.begin(), m_changes.begin() + static_cast<std::ptrdiff_t>(i));
    if (!m_header_written && from_known && horizon_ps > from) write_header(from);
}

void VcdWriter::close(std::uint64_t end_time_ps) {
    if (m_closed) return;
    m_closed = true;
    flush(kNoTime);
    if (!m_header_written) write_header(start_ps());
    const std::uint64_t to = m_window ? m_window->to() : kNoTime;
    m_end_ps = std::max(std::min(end_time_ps, to), start_ps());
    if (m_end_ps > m_last_written) *m_out << '#' << m_end_ps << '\n';
    m_file->close();
}

} // namespace syncsim
