// HostStreams: the host's streams. A submit to a full stream waits, and
// says on what, until the stream has room; a synchronize waits until the
// stream is idle and returns its error once; with a timeout it gives up
// with 507046 while the stream still runs, and refuses a bad timeout.
#include "models/runtime/host_streams.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_MS;
using sc_core::SC_NS;

TEST_CASE("host streams: a submit to a full stream waits for room, and says so meanwhile",
          "[model][host_streams]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    RuntimeLog log;
    HostStreams streams(1, log);
    const StreamId id = streams.create();
    CHECK(streams.of(nullptr) == &streams.get(id)); // the default stream
    CHECK_THROWS_WITH(streams.get(5), "stream 5 was never created");
    std::string seen_waiting;
    long long second_submitted = -1;
    sc_core::sc_spawn([&] {
        streams.submit(streams.get(id), {"first", [] { sc_core::wait(10, SC_NS); }});
        streams.submit(streams.get(id), {"second", [] {}});
        second_submitted = static_cast<long long>(sc_core::sc_time_stamp().value() / 1000);
        CHECK(streams.synchronize(id) == 0);
    });
    sc_core::sc_spawn([&] {
        sc_core::wait(5, SC_NS);
        seen_waiting = streams.waiting_on();
    });
    sc_core::sc_start();
    CHECK(second_submitted == 10);
    CHECK(seen_waiting == "submitting second to stream 0: its task queue is full (1 tasks, "
                          "scheduler.stream_task_limit)");
    CHECK(streams.waiting_on().empty());
    CHECK(streams.get(id).completed() == 2);
}

TEST_CASE("host streams: a synchronize with a budget gives up with 507046 while the stream runs, "
          "and a plain one returns the stream's error once",
          "[model][host_streams]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    RuntimeLog log;
    HostStreams streams(8, log);
    const StreamId id = streams.create();
    int timed_out = 0, bad_budget = 0, first = 0, again = 0;
    sc_core::sc_spawn([&] {
        Stream& s = streams.get(id);
        streams.submit(s, {"slow kernel", [&s] {
                               sc_core::wait(5, SC_MS);
                               s.report_error(507015, "the kernel faulted");
                           }});
        timed_out = streams.synchronize(nullptr, 2);
        bad_budget = streams.synchronize(nullptr, 0);
        first = streams.synchronize(id);
        again = streams.synchronize(id);
    });
    sc_core::sc_start();
    CHECK(timed_out == acl::kRtStreamSyncTimeout);
    CHECK(bad_budget == acl::kRtParamInvalid);
    CHECK(first == 507015);
    CHECK(again == 0);
    REQUIRE(log.kept().size() == 2);
    CHECK(log.kept()[0] == "aclrtSynchronizeStreamWithTimeout(stream 0, 2 ms) returned 507046: the "
                           "stream is still running slow kernel");
    CHECK(log.kept()[1] == "aclrtSynchronizeStream(stream 0) returned 507015: the kernel faulted");
}
