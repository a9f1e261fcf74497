// The run's signal handlers (driver/run/interrupts.hpp) and its progress
// line: a first SIGINT only asks the model to stop, a second ends the
// process at once; each in a child process, so the test's own survives.
#include "driver/run/interrupts.hpp"
#include "driver/run/progress_line.hpp"
#include "models/systemc/simulation_time.hpp"

#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

using namespace syncsim;

namespace interrupt_tests {
// Runs `body` in a child whose signals start with their default action (not
// the test framework's); its wait status.
template <typename Body>
int status_of_child(Body body) {
    const pid_t child = fork();
    if (child == 0) {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        _exit(body());
    }
    int status = 0;
    waitpid(child, &status, 0);
    return status;
}
} // namespace interrupt_tests

TEST_CASE("interrupts: the first SIGINT asks the run to stop and the process goes on, a second "
          "ends it at once",
          "[interrupts]") {
    const int once = interrupt_tests::status_of_child([] {
        const InterruptHandlers handlers;
        std::raise(SIGINT);
        return Activity::interrupt_requested() == SIGINT ? 7 : 1;
    });
    REQUIRE(WIFEXITED(once));
    CHECK(WEXITSTATUS(once) == 7);
    const int twice = interrupt_tests::status_of_child([] {
        const InterruptHandlers handlers;
        std::raise(SIGTERM);
        std::raise(SIGINT); // the second: the default action, now
        return 3;
    });
    REQUIRE(WIFSIGNALED(twice));
    CHECK(WTERMSIG(twice) == SIGINT);
    // Once the handlers are gone, the signal's action is what it was.
    const int after = interrupt_tests::status_of_child([] {
        { const InterruptHandlers handlers; }
        std::raise(SIGTERM);
        return 3;
    });
    REQUIRE(WIFSIGNALED(after));
    CHECK(WTERMSIG(after) == SIGTERM);
    CHECK(std::string(interrupt_name(SIGINT)) == "SIGINT (Ctrl-C)");
    CHECK(kExitInterrupted == 130);
}

TEST_CASE("interrupts: the progress line says simulated time, rounds and speed over the last "
          "interval",
          "[interrupts]") {
    const ProgressPoint before{1'000'000, 10, 1'000'000, 2.0};
    const ProgressPoint now{1'234'567'000, 4'096, 3'500'000, 3.0};
    CHECK(progress_line(now, before) ==
          "syncsim: simulated 1.235 ms, 4,096 rounds, 2.50 M resumptions/s, 3 s");
    const ProgressPoint no_rounds{5'000, 0, 10, 0.5};
    CHECK(progress_line(no_rounds, no_rounds) == "syncsim: simulated 5.000 ns, 0 s");
    const ProgressPoint traced{5'000, 0, 10, 7.0, 1'340'000'000};
    CHECK(progress_line(traced, traced) == "syncsim: simulated 5.000 ns, traces 1.3 GB, 7 s");
}
