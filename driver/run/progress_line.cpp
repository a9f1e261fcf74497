#include "driver/run/progress_line.hpp"

#include "models/report/summary.hpp"
#include "models/systemc/simulation_time.hpp"

#include <cstdio>
#include <iomanip>
#include <sstream>

namespace syncsim {

namespace {
std::string with_thousands(std::uint64_t n) {
    std::string digits = std::to_string(n);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

struct ProgressState {
    std::function<ProgressPoint()> where;
    ProgressPoint before;
    bool rewrites = false;
    bool drawn = false;
};
ProgressState& progress_state() {
    static ProgressState s;
    return s;
}

void show_progress() {
    ProgressState& s = progress_state();
    const ProgressPoint now = s.where();
    const std::string line = progress_line(now, s.before);
    s.before = now;
    if (s.rewrites)
        std::fprintf(stderr, "\r%s\033[K", line.c_str());
    else
        std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
    s.drawn = true;
}
} // namespace

std::string progress_line(const ProgressPoint& now, const ProgressPoint& before) {
    std::ostringstream s;
    s << "syncsim: simulated " << format_time(now.sim_ps);
    if (now.rounds) s << ", " << with_thousands(now.rounds) << " rounds";
    const double seconds = now.wall_s - before.wall_s;
    if (seconds > 0) {
        const double rate = double(now.resumptions - before.resumptions) / seconds;
        s << ", " << std::fixed << std::setprecision(2) << rate / 1e6 << " M resumptions/s";
    }
    if (now.trace_bytes > 0)
        s << ", traces " << std::fixed << std::setprecision(1) << double(now.trace_bytes) / 1e9
          << " GB";
    s << ", " << std::fixed << std::setprecision(0) << now.wall_s << " s";
    return s.str();
}

ProgressLine::ProgressLine(std::function<ProgressPoint()> where, bool rewrites) {
    ProgressState& s = progress_state();
    s.where = std::move(where);
    s.before = s.where();
    s.rewrites = rewrites;
    s.drawn = false;
    Activity::arm_progress(show_progress, std::chrono::seconds(2), std::chrono::seconds(1));
}

ProgressLine::~ProgressLine() {
    Activity::arm_progress({}, {}, {});
    ProgressState& s = progress_state();
    if (s.drawn && s.rewrites) std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    s = ProgressState{};
}

} // namespace syncsim
