// DueQueue: what is due at a time comes out earliest first, ties in the
// order pushed, only once due; one event is armed for the earliest.
#include "models/ffts/due_queue.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("due queue: earliest first, ties in push order, nothing before it is due",
          "[ffts][due_queue]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    DueQueue<std::string> queue;
    std::vector<std::pair<long long, std::string>> out;
    sc_core::sc_event wake;
    sc_core::sc_spawn_options method;
    method.spawn_method();
    method.set_sensitivity(&wake);
    method.dont_initialize();
    sc_core::sc_spawn(
        [&] {
            const sc_time now = sc_core::sc_time_stamp();
            std::string what;
            while (queue.pop_due(now, what))
                out.emplace_back(static_cast<long long>(now.value() / 1000), what);
            queue.rearm(wake, now);
        },
        "deliver", &method);
    sc_core::sc_spawn([&] {
        std::uint64_t seq = 0;
        queue.push(sc_time(30, SC_NS), seq++, "c", wake);
        queue.push(sc_time(10, SC_NS), seq++, "a", wake);
        queue.push(sc_time(30, SC_NS), seq++, "d", wake); // same time as c: after it
        queue.push(sc_time(20, SC_NS), seq++, "b", wake);
        std::string early;
        CHECK_FALSE(queue.pop_due(sc_core::sc_time_stamp(), early)); // nothing due at 0
    });
    sc_core::sc_start();
    CHECK(out == std::vector<std::pair<long long, std::string>>{
                     {10, "a"}, {20, "b"}, {30, "c"}, {30, "d"}});
}
