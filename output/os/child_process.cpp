#include "output/os/child_process.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/wait.h>
#include <thread>

namespace syncsim {

namespace {
void kill_and_reap(pid_t pid) {
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}
} // namespace

ChildEnd wait_for_child(pid_t pid, std::chrono::milliseconds limit,
                        const std::function<bool()>& progress) {
    using Clock = std::chrono::steady_clock;
    ChildEnd end;
    Clock::time_point deadline = Clock::now() + limit;
    for (;;) {
        const pid_t done = ::waitpid(pid, &end.status, WNOHANG);
        if (done == pid) {
            end.ended = true;
            return end;
        }
        if (done < 0 && errno != EINTR) {
            end.error = std::string("waitpid: ") + std::strerror(errno);
            kill_and_reap(pid);
            return end;
        }
        if (progress && progress()) deadline = Clock::now() + limit;
        if (Clock::now() >= deadline) {
            kill_and_reap(pid);
            end.stalled = true;
            return end;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

} // namespace syncsim
