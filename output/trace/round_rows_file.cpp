#include "output/trace/round_rows_file.hpp"

#include "output/trace/output_file.hpp"

#include <algorithm>

namespace syncsim {

namespace {

constexpr const char* kWhat = "--rounds file";

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

} // namespace

bool RoundRowsFile::format_of(const std::string& path, Format* format) {
    if (ends_with(path, ".csv")) {
        *format = Format::Csv;
        return true;
    }
    if (ends_with(path, ".jsonl")) {
        *format = Format::JsonLines;
        return true;
    }
    return false;
}

RoundRowsFile::RoundRowsFile(const std::string& path, const TraceSpec& window)
    : m_path(path), m_window(window), m_file(path, kWhat) {
    if (!format_of(path, &m_format))
        throw OutputError(std::string(kWhat) + " '" + path + "' must end in .csv or .jsonl");
    if (m_format == Format::Csv)
        m_file.stream()
            << "launch,round,cores,released,released_early,first_arrival_ps,last_arrival_ps,"
               "first_release_ps,last_release_ps,latency_ps,release_skew_ps\n";
}

void RoundRowsFile::round_closed(const RoundRow& r) {
    const std::uint64_t span_end = std::max(r.last_arrival, r.complete() ? r.last_release : 0);
    const bool inside = m_window.by_rounds
                            ? r.round >= m_window.first_round && r.round <= m_window.last_round
                            : span_end >= m_window.from_ps && r.first_arrival <= m_window.to_ps;
    if (!inside) return;
    // An incomplete round has no release figures: empty in CSV, absent in JSON.
    if (m_format == Format::Csv) {
        m_file.stream() << r.launch << ',' << r.round << ',' << r.count << ',' << r.released << ','
                        << r.early << ',' << r.first_arrival << ',' << r.last_arrival << ',';
        if (r.complete())
            m_file.stream() << r.first_release << ',' << r.last_release << ',' << r.latency() << ','
                            << r.release_skew();
        else
            m_file.stream() << ",,,";
        m_file.stream() << '\n';
        return;
    }
    m_file.stream() << "{\"launch\": " << r.launch << ", \"round\": " << r.round
                    << ", \"cores\": " << r.count << ", \"released\": " << r.released
                    << ", \"released_early\": " << r.early
                    << ", \"first_arrival_ps\": " << r.first_arrival
                    << ", \"last_arrival_ps\": " << r.last_arrival;
    if (r.complete())
        m_file.stream() << ", \"first_release_ps\": " << r.first_release
                        << ", \"last_release_ps\": " << r.last_release
                        << ", \"latency_ps\": " << r.latency()
                        << ", \"release_skew_ps\": " << r.release_skew();
    m_file.stream() << "}\n";
}

void RoundRowsFile::close() {
    m_file.close();
}

} // namespace syncsim
