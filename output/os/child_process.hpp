// Waiting for a child process (GTKWave's vcd2fst, a plugin's trial load)
// with a bound: a child that makes no progress for `limit` is killed, so no
// other program can hold a run for ever.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <sys/types.h>

namespace syncsim {

struct ChildEnd {
    bool ended = false;   // it ended by itself: `status` says how
    int status = 0;       // as waitpid gives it
    bool stalled = false; // it made no progress for `limit` and was killed
    std::string error;    // it could not be waited for (and was killed)
};

// Waits for `pid`; `progress` (may be null), asked every few milliseconds,
// returns true when the child did something (the limit starts again).
ChildEnd wait_for_child(pid_t pid, std::chrono::milliseconds limit,
                        const std::function<bool()>& progress = nullptr);

} // namespace syncsim
