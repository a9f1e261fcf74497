// PipeUnit: one pipe of a core. Ops run in issue order on its own thread,
// each no earlier than the issuer's time at issue; a fault in an op goes to
// the core's handler, named by the op, and the pipe goes on; it starts no
// thread until first used.
#include "models/core/pipe_unit.hpp"
#include "syncsim/fault.hpp"

#include "tests/support/owner_module.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("pipe unit: ops run in order, each from its issuer's time, and a fault names the op",
          "[model][pipe_unit]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    test::OwnerModule core("aiv2");
    std::vector<std::string> faults;
    PipeUnit pipe(core, "v", [&faults](const std::string& why) { faults.push_back(why); });
    CHECK(pipe.drained());
    CHECK(pipe.name() == "aiv2.v");
    std::vector<std::pair<std::string, long long>> ran;
    const auto op = [&ran](const char* what, int busy_ns) {
        return [&ran, what, busy_ns] {
            ran.emplace_back(what, test::kernel_ns());
            sc_core::wait(busy_ns, SC_NS);
        };
    };
    sc_core::sc_spawn([&] {
        pipe.issue({sc_time(5, SC_NS), "vadd", op("vadd", 10)}); // issued from 5 ns ahead
        pipe.issue({sc_core::SC_ZERO_TIME, "vmul", op("vmul", 10)});
        pipe.issue({sc_core::SC_ZERO_TIME, "vbad", [] { throw KernelFault("lane mask 0"); }});
        pipe.issue({sc_time(40, SC_NS), "vsub", op("vsub", 1)});
        CHECK(pipe.queued() == 4);
        sc_core::wait(pipe.drained_event());
        CHECK(test::kernel_ns() == 41);
    });
    sc_core::sc_start();
    CHECK(ran ==
          std::vector<std::pair<std::string, long long>>{{"vadd", 5}, {"vmul", 15}, {"vsub", 40}});
    CHECK(faults == std::vector<std::string>{"vbad: lane mask 0"});
    CHECK(pipe.drained());
}

TEST_CASE("pipe unit: a kill drops what is queued and the next issue starts anew",
          "[model][pipe_unit]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    test::OwnerModule core("aic0");
    PipeUnit pipe(core, "m", [](const std::string&) {});
    int ran = 0;
    sc_core::sc_spawn([&] {
        for (int i = 0; i < 3; ++i)
            pipe.issue({sc_core::SC_ZERO_TIME, "mad", [&ran] {
                            sc_core::wait(10, SC_NS);
                            ++ran;
                        }});
        sc_core::wait(15, SC_NS);
        pipe.kill(); // the block was killed: the second op dies half-way
        CHECK(pipe.drained());
        // The next block's scalar thread issues to it anew.
        sc_core::sc_spawn(
            [&] {
                pipe.issue({sc_core::SC_ZERO_TIME, "mad", [&ran] { ran += 10; }});
            },
            "next_block");
    });
    sc_core::sc_start();
    CHECK(ran == 11);
}
