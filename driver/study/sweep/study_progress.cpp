#include "driver/study/sweep/study_progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace syncsim {

namespace {
// "45 s", "2 min 16 s", "1 h 5 min".
std::string duration_text(double seconds) {
    const long s = std::lround(seconds);
    if (s < 60) return std::to_string(s) + " s";
    if (s < 3600) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
    return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
}
} // namespace

StudyProgress& study_progress() {
    static StudyProgress p;
    return p;
}

StudyProgressLine::StudyProgressLine(std::function<std::size_t()> done, std::size_t total)
    : m_done(std::move(done)), m_total(total), m_rewrites(study_progress().rewrites) {}

void StudyProgressLine::show() {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    m_shown = std::min(m_done(), m_total);
    const std::string line = study_progress_line(m_shown, m_total, elapsed);
    std::fprintf(stderr, m_rewrites ? "\r%s\033[K" : "%s\n", line.c_str());
    std::fflush(stderr);
    m_drawn = true;
}

StudyProgressLine::~StudyProgressLine() {
    try {
        if (m_rewrites) {
            if (m_drawn) std::fprintf(stderr, "\r\033[K");
        } else if (!m_drawn || std::min(m_done(), m_total) != m_shown) {
            show();
        }
    } catch (...) { // a destructor: the last count is not worth an abort
    }
    std::fflush(stderr);
}

std::string study_progress_line(std::size_t done, std::size_t total, double elapsed_s) {
    std::string line = "syncsim: " + std::to_string(done) + " of " + std::to_string(total) +
                       (total == 1 ? " run" : " runs") + " done, " + duration_text(elapsed_s);
    if (done > 0 && done < total)
        line += ", about " +
                duration_text(elapsed_s / static_cast<double>(done) *
                              static_cast<double>(total - done)) +
                " left";
    return line;
}

} // namespace syncsim
