// The line a long run shows on stderr while it runs (--progress): how far
// simulated time has come, the barrier rounds closed, and how fast the model
// goes. Nothing of it reaches the result, which stays deterministic.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace syncsim {

struct ProgressPoint {
    std::uint64_t sim_ps = 0;
    std::uint64_t rounds = 0;
    std::uint64_t resumptions = 0;
    double wall_s = 0;
    std::uint64_t trace_bytes = 0; // what the traces take on disk so far
};

// "simulated 1.234 ms, 4,096 rounds, 1.21 M resumptions/s (last second),
// traces 1.3 GB, 12 s"
std::string progress_line(const ProgressPoint& now, const ProgressPoint& before);

// While it lives, shows the line about once a second from 2 s on, `where`
// saying where the run stands; in place (\r) when `rewrites`, else one line
// each time. Its end clears a line drawn in place.
class ProgressLine {
  public:
    ProgressLine(std::function<ProgressPoint()> where, bool rewrites);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
};

} // namespace syncsim
