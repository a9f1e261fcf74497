#include "output/trace/gtkwave_layout.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>

namespace syncsim {

namespace {

// The window the save file asks for, in GTKWave's save-file units (a
// display that scales the window scales its panes and zoom alike: GTKWave
// 3.3.118 under Xvfb shows [size] 1600 as 1,208 pixels).
constexpr int kWindowWidth = 1600, kWindowHeight = 900;
// The name column: a character of the default font, and what the column
// takes besides the label (its indent and the '=').
constexpr double kCharUnits = 9.5;
constexpr int kLabelPadUnits = 50, kMinSignalsWidth = 200;
// What the window takes besides the name column and the wave pane (the
// collapsed hierarchy tab, borders, the scroll bar), with room to spare.
constexpr int kChromeUnits = 110;
// A zoom of z shows 2^-z / 200 time units per save-file unit of width
// (measured: 3.3.118 at [size] 1000, 1400, 1600 and 1800 under Xvfb).
constexpr double kUnitsPerZoomStep = 200;
// The trace fills this much of the pane, so its last change is not on the edge.
constexpr double kFill = 0.95;

} // namespace

void GtkwaveGroups::begin(const std::string& title) {
    m_pending = title;
    m_open = false;
}

void GtkwaveGroups::end(const std::string& title) {
    if (m_open) m_out << "@1000200\n-" << title << "\n";
    m_pending.clear();
    m_open = false;
}

void GtkwaveGroups::row(const std::string& label, const std::string& path, const std::string& flags,
                        std::size_t value_chars, const std::string& filter) {
    if (!m_pending.empty() && !m_open) {
        m_out << "@800200\n-" << m_pending << "\n";
        m_open = true;
    }
    m_out << "@" << flags << "\n";
    if (!filter.empty()) m_out << filter << "\n";
    m_out << "+{" << label << "} " << path << "\n";
    m_widest = std::max(m_widest, label.size() + 1 + value_chars);
}

void RoundMarks::add(std::uint32_t round, std::uint64_t at_ps) {
    if (m_seen++ % m_stride != 0) return;
    m_kept.push_back({round, at_ps});
    if (m_kept.size() < 4 * kMarkers) return;
    // Keep every other one, and from now on every other of what comes.
    std::size_t out = 0;
    for (std::size_t i = 0; i < m_kept.size(); i += 2) m_kept[out++] = m_kept[i];
    m_kept.resize(out);
    m_stride *= 2;
}

std::vector<RoundMarks::Mark> RoundMarks::chosen() const {
    if (m_kept.size() <= kMarkers) return m_kept;
    std::vector<Mark> out;
    // Evenly spread, the first and the last included.
    for (std::size_t i = 0; i < kMarkers; ++i)
        out.push_back(m_kept[i * (m_kept.size() - 1) / (kMarkers - 1)]);
    return out;
}

std::size_t decimal_chars(unsigned width) {
    if (width >= 64) return 20;
    return std::to_string((std::uint64_t{1} << width) - 1).size();
}

void write_gtkwave_view(std::ostream& g, const GtkwaveView& view) {
    // A very long name (a workload's word) is cut rather than leave no pane.
    const int signals_width =
        std::clamp(static_cast<int>(std::ceil(view.widest_label * kCharUnits)) + kLabelPadUnits,
                   kMinSignalsWidth, kWindowWidth / 2);
    g << "[size] " << kWindowWidth << " " << kWindowHeight << "\n[pos] -1 -1\n";
    g << "[sst_expanded] 0\n[signals_width] " << signals_width << "\n";
    g << "[timestart] " << view.start_ps << "\n";
    const double pane = (kWindowWidth - signals_width - kChromeUnits) * kFill;
    const double shown =
        static_cast<double>(std::max<std::uint64_t>(1, view.end_ps - view.start_ps));
    const double zoom = -std::log2(std::max(1.0, shown / pane) * kUnitsPerZoomStep);
    g << "*" << std::fixed << std::setprecision(3) << zoom << " " << view.start_ps;
    for (std::size_t m = 0; m < RoundMarks::kMarkers; ++m)
        g << " "
          << (m < view.marks.size() ? static_cast<std::int64_t>(view.marks[m].at_ps)
                                    : std::int64_t{-1});
    g << "\n";
    for (std::size_t m = 0; m < view.marks.size(); ++m)
        g << "[markername] " << static_cast<char>('A' + m) << "round " << view.marks[m].round
          << "\n";
}

} // namespace syncsim
