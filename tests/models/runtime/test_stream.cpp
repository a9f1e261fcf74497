// Stream: an in-order queue of tasks on its own thread. Its StreamTraceSink
// sees every state change; a full stream refuses a task; once a task fails,
// the tasks behind it are skipped until a synchronize takes the error.
#include "models/runtime/stream.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace syncsim;
using sc_core::SC_NS;

namespace stream_test {

struct States : StreamTraceSink {
    std::vector<std::string> seen;
    void stream_state(const Stream& s, StreamState state) override {
        seen.push_back(std::string(to_string(state)) +
                       (s.current_task().empty() ? "" : " " + s.current_task()));
    }
};

Stream::Task waits(const char* what, int ns) {
    return {what, [ns] { sc_core::wait(ns, SC_NS); }};
}

} // namespace stream_test

using stream_test::States;
using stream_test::waits;

TEST_CASE("stream: tasks run in order, one at a time, and its trace sink sees each state",
          "[model][stream]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    States states;
    Stream s(0, 2, &states);
    s.enqueue(waits("a", 10));
    s.enqueue(waits("b", 5));
    CHECK(s.full());
    CHECK_THROWS_AS(s.enqueue(waits("c", 1)), std::logic_error);
    sc_core::sc_start();
    CHECK(s.idle());
    CHECK(s.completed() == 2);
    CHECK(s.last_task() == "b");
    CHECK(s.last_started() == sc_core::sc_time(10, SC_NS));
    CHECK(s.last_ended() == sc_core::sc_time(15, SC_NS));
    CHECK(states.seen == std::vector<std::string>{"running a", "idle a", "running b", "idle b"});
}

TEST_CASE("stream: after a failed task the rest are skipped until the error is taken",
          "[model][stream]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    States states;
    Stream s(1, 8, &states);
    s.enqueue({"fails", [&s] { s.report_error(507015, "the kernel faulted"); }});
    s.enqueue(waits("skipped", 10));
    s.enqueue({"signals", [] {}, "Notify 1"});
    CHECK(s.queued_signal("Notify 1") != nullptr);
    CHECK(s.queued_signal("Notify 2") == nullptr);
    sc_core::sc_start();
    CHECK(s.completed() == 1);
    CHECK(s.skipped() == 2);
    CHECK(s.state() == StreamState::Failed);
    std::string message;
    CHECK(s.take_error(&message) == 507015);
    CHECK(message == "the kernel faulted");
    CHECK(s.state() == StreamState::Idle);
    CHECK(s.take_error(nullptr) == 0); // returned once
}
