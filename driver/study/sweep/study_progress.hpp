// How far a study's batch of child runs has come (sweep, sensitivity,
// portability, calibration): a line on stderr once a second, "12 of 68 runs
// done" with an estimate of the time left, while GNU parallel runs them.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace syncsim {

struct StudyProgress {
    bool on = false;       // draw the line (--progress, or a terminal)
    bool rewrites = false; // in place (a terminal), else a line each time
};
// The command's choice, set once its options are parsed (command_options.cpp).
StudyProgress& study_progress();

// While it lives, a batch's line: show() draws it (about once a second),
// in place on a terminal; its end clears a line drawn in place, or else
// writes the last count if it was not shown yet (a log ends with it).
class StudyProgressLine {
  public:
    StudyProgressLine(std::function<std::size_t()> done, std::size_t total);
    ~StudyProgressLine();
    StudyProgressLine(const StudyProgressLine&) = delete;
    StudyProgressLine& operator=(const StudyProgressLine&) = delete;
    void show();

  private:
    std::function<std::size_t()> m_done;
    std::size_t m_total;
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
    bool m_rewrites;
    bool m_drawn = false;
    std::size_t m_shown = 0; // the count last drawn
};

// "syncsim: 12 of 68 runs done, 24 s, about 2 min 16 s left"; no estimate
// before the first run ends.
std::string study_progress_line(std::size_t done, std::size_t total, double elapsed_s);

} // namespace syncsim
