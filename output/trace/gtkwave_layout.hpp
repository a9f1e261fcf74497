// The view a GTKWave save file opens on: its window size, the width of the
// signal-name column (wide enough for the longest "name=value"), the zoom
// that fits the whole trace in the wave pane, named markers at round
// boundaries, and the groups of rows. Kernel-free: the tracers give it
// labels, paths and times.
#pragma once

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace syncsim {

// The rows of a save file, in groups; counts the widest label so the name
// column can show it whole with its value. A group that gets no row is not
// written.
class GtkwaveGroups {
  public:
    void begin(const std::string& title);
    void end(const std::string& title);
    // One signal: `flags` is GTKWave's display flags ("24": decimal), `filter`
    // a translate-filter line ("^1 states.txt") or empty, and `value_chars`
    // the widest value it shows.
    void row(const std::string& label, const std::string& path, const std::string& flags,
             std::size_t value_chars, const std::string& filter = "");
    std::string text() const { return m_out.str(); }
    std::size_t widest() const { return m_widest; }

  private:
    std::ostringstream m_out;
    std::size_t m_widest = 0;
    std::string m_pending; // a group's title, written with its first row
    bool m_open = false;   // the current group has a row
};

// Round boundaries for markers: a save file names at most kMarkers, so a
// long run keeps every k-th round, k doubling as rounds close (memory stays
// bounded however long the run).
class RoundMarks {
  public:
    static constexpr std::size_t kMarkers = 26; // GTKWave's named markers A..Z
    struct Mark {
        std::uint32_t round;
        std::uint64_t at_ps;
    };
    void add(std::uint32_t round, std::uint64_t at_ps);
    // At most kMarkers, evenly spread over those kept.
    std::vector<Mark> chosen() const;

  private:
    std::vector<Mark> m_kept;
    std::uint64_t m_seen = 0, m_stride = 1;
};

struct GtkwaveView {
    std::uint64_t start_ps = 0, end_ps = 0;
    std::size_t widest_label = 0; // characters
    std::vector<RoundMarks::Mark> marks;
};

// The save file's [size], column widths, [timestart], zoom line and marker
// names. Its zoom fits end - start into the wave pane of a window of the
// size it sets.
void write_gtkwave_view(std::ostream& save, const GtkwaveView& view);

// How many characters a `width`-bit value takes in decimal.
std::size_t decimal_chars(unsigned width);

} // namespace syncsim
