// SIGINT and SIGTERM during a run: the first asks the model to stop where
// it is (Activity::request_interrupt), so the run ends as a bounded one does
// (every output closed whole, the result and summary written, outcome
// "interrupted"); a second ends the process at once, as if syncsim had no
// handler.
#pragma once

#include <csignal>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>

namespace syncsim {

// The exit code of an interrupted command: 128 + SIGINT, as shells report it.
constexpr int kExitInterrupted = 128 + SIGINT;

// Installs the handlers for its lifetime and restores the previous ones.
class InterruptHandlers {
  public:
    InterruptHandlers();
    ~InterruptHandlers();
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

  private:
    struct sigaction m_old_int {};
    struct sigaction m_old_term {};
};

// "SIGINT (Ctrl-C)" or "SIGTERM" for a signal an interrupt came from.
const char* interrupt_name(int signal);

// Runs `command` through /bin/sh with the handlers installed, so a signal
// that reaches syncsim (alone, or with the whole terminal group) reaches the
// command too and is remembered (Activity::interrupt_requested). The
// command's wait status. `every_second`, when given, is called about once a
// second while the command runs (a progress line).
int run_shell_interruptibly(const std::string& command,
                            const std::function<void()>& every_second = {});

// A study (sweep, sensitivity, fit) stopped by a signal between its runs:
// what finished is kept.
struct StudyInterrupted : std::runtime_error {
    StudyInterrupted(std::size_t done, std::size_t total, int signal);
};

} // namespace syncsim
