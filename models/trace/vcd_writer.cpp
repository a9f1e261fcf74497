#include "models/trace/vcd_writer.hpp"
#include "models/trace/output_file.hpp"

#include <algorithm>
#include <stdexcept>

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

VcdWriter::VcdWriter(const std::string& path)
    : m_path(path), m_out(open_output(path, "VCD file")) {}

VcdWriter::~VcdWriter() {
    // A run that ends by an exception never reached close(); what was
    // recorded is written, and a write error then has nobody to report to.
    try {
        if (!m_closed) close(m_changes.empty() ? 0 : m_changes.back().time_ps);
    } catch (const OutputError&) {
    }
}

int VcdWriter::add_signal(const std::string& scope, const std::string& name, unsigned width,
                          std::uint64_t initial) {
    if (!m_changes.empty()) throw std::logic_error("VCD signal declared after the first change");
    m_signals.push_back({scope, name, id_code(m_signals.size()), width, initial});
    return static_cast<int>(m_signals.size() - 1);
}

void VcdWriter::write_header() {
    m_out << "$date syncsim $end\n$version syncsim " << SYNCSIM_VERSION
          << " $end\n$timescale 1ps $end\n";
    // Signals are grouped by scope in declaration order; scopes nest by dots.
    std::vector<std::string> open;
    for (const Signal& s : m_signals) {
        const auto parts = split_scope("syncsim." + s.scope);
        std::size_t common = 0;
        while (common < open.size() && common < parts.size() && open[common] == parts[common])
            ++common;
        for (std::size_t i = open.size(); i > common; --i) m_out << "$upscope $end\n";
        open.resize(common);
        for (std::size_t i = common; i < parts.size(); ++i) {
            m_out << "$scope module " << parts[i] << " $end\n";
            open.push_back(parts[i]);
        }
        m_out << "$var wire " << s.width << ' ' << s.code << ' ' << s.name;
        if (s.width > 1) m_out << " [" << s.width - 1 << ":0]";
        m_out << " $end\n";
    }
    for (std::size_t i = 0; i < open.size(); ++i) m_out << "$upscope $end\n";
    m_out << "$enddefinitions $end\n#0\n$dumpvars\n";
    for (const Signal& s : m_signals) emit(s, s.value);
    m_out << "$end\n";
}

void VcdWriter::emit(const Signal& s, std::uint64_t value) {
    if (s.width == 1) {
        m_out << (value & 1) << s.code << '\n';
        return;
    }
    std::string bits;
    for (int b = static_cast<int>(s.width) - 1; b >= 0; --b) {
        const bool one = (value >> b) & 1;
        if (one || !bits.empty()) bits.push_back(one ? '1' : '0');
    }
    if (bits.empty()) bits = "0";
    m_out << 'b' << bits << ' ' << s.code << '\n';
}

void VcdWriter::change(int id, std::uint64_t time_ps, std::uint64_t value) {
    m_changes.push_back({time_ps, id, value});
}

void VcdWriter::close(std::uint64_t end_time_ps) {
    if (m_closed) return;
    m_closed = true;
    write_header();
    std::stable_sort(m_changes.begin(), m_changes.end(),
                     [](const Change& a, const Change& b) { return a.time_ps < b.time_ps; });
    std::uint64_t last_time = 0;
    for (std::size_t i = 0; i < m_changes.size();) {
        // One timestamp: the last value of each signal wins; unchanged ones are not written.
        const std::uint64_t t = m_changes[i].time_ps;
        std::vector<std::pair<int, std::uint64_t>> finals;
        for (; i < m_changes.size() && m_changes[i].time_ps == t; ++i) {
            auto it = std::find_if(finals.begin(), finals.end(),
                                   [&](const auto& f) { return f.first == m_changes[i].id; });
            if (it == finals.end())
                finals.push_back({m_changes[i].id, m_changes[i].value});
            else
                it->second = m_changes[i].value;
        }
        std::sort(finals.begin(), finals.end());
        bool stamped = false;
        for (const auto& [id, value] : finals) {
            Signal& s = m_signals[id];
            if (s.value == value) continue;
            if (!stamped) {
                m_out << '#' << t << '\n';
                stamped = true;
            }
            s.value = value;
            emit(s, value);
        }
        last_time = t;
    }
    if (end_time_ps > last_time) m_out << '#' << end_time_ps << '\n';
    close_output(m_out, m_path, "VCD file");
}

} // namespace syncsim
