#include "driver/run/interrupts.hpp"

#include "models/systemc/simulation_time.hpp"

#include <cerrno>
#include <sys/wait.h>
#include <unistd.h>

namespace syncsim {

namespace {

// A command run_shell_interruptibly waits for (0: none): the signal is
// passed on to it, in case it reached syncsim alone.
volatile std::sig_atomic_t g_waited_child = 0;

// Only async-signal-safe calls here: a flag, kill(2), write(2), and the
// default action for the second signal.
extern "C" void on_interrupt(int signal) {
    if (Activity::interrupt_requested() != 0) {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
        return;
    }
    Activity::request_interrupt(signal);
    if (g_waited_child != 0) kill(static_cast<pid_t>(g_waited_child), signal);
    static const char kMessage[] =
        "\nsyncsim: interrupted: ending the run where it stands and closing its outputs (again "
        "to abort at once)\n";
    const ssize_t written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    (void)written;
}

struct sigaction handler_action() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // a write the run is in the middle of goes on
    return action;
}

} // namespace

InterruptHandlers::InterruptHandlers() {
    const struct sigaction action = handler_action();
    sigaction(SIGINT, &action, &m_old_int);
    sigaction(SIGTERM, &action, &m_old_term);
}

InterruptHandlers::~InterruptHandlers() {
    sigaction(SIGINT, &m_old_int, nullptr);
    sigaction(SIGTERM, &m_old_term, nullptr);
}

int run_shell_interruptibly(const std::string& command, const std::function<void()>& every_second) {
    const InterruptHandlers handlers;
    const pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    g_waited_child = child;
    int status = 0;
    pid_t waited = 0;
    if (every_second) {
        // Checked every 100 ms, so the end is seen soon; the call once a second.
        for (int tick = 1;; ++tick) {
            waited = waitpid(child, &status, WNOHANG);
            if (waited != 0 && !(waited < 0 && errno == EINTR)) break;
            const struct timespec pause { 0, 100'000'000 };
            nanosleep(&pause, nullptr);
            if (tick % 10 != 0) continue;
            try {
                every_second();
            } catch (...) { // a progress line that fails must not orphan the command
            }
        }
    } else {
        do waited = waitpid(child, &status, 0);
        while (waited < 0 && errno == EINTR);
    }
    g_waited_child = 0;
    return waited < 0 ? -1 : status;
}

StudyInterrupted::StudyInterrupted(std::size_t done, std::size_t total, int signal)
    : std::runtime_error(std::string(interrupt_name(signal)) + ": interrupted after " +
                         std::to_string(done) + " of " + std::to_string(total) +
                         " runs; those that finished are kept") {}

const char* interrupt_name(int signal) {
    return signal == SIGINT ? "SIGINT (Ctrl-C)" : signal == SIGTERM ? "SIGTERM" : "a signal";
}

} // namespace syncsim
