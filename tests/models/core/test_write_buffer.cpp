// WriteBuffer on the SystemC kernel: posts leave in order on their own unit
// while the poster goes on, a load of a line waits only for the last post to
// that line, and a killed buffer drops what it held.
#include "models/core/write_buffer.hpp"

#include "tests/support/owner_module.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("write buffer: posts land in order, 10 ns each, while the poster goes on, and a load "
          "waits for its own line's last post only",
          "[model][write_buffer]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    test::OwnerModule owner("aiv0");
    std::vector<std::string> faults;
    WriteBuffer buffer(owner, [&faults](const std::string& why) { faults.push_back(why); });
    std::vector<std::pair<std::string, long long>> landed;
    long long after_posts = -1, after_other_line = -1, after_own_line = -1;
    const auto write = [&landed](const char* name) {
        return [&landed, name] {
            sc_core::wait(10, SC_NS);
            landed.emplace_back(name, test::kernel_ns());
        };
    };
    sc_core::sc_spawn([&] {
        buffer.post(0x40, sc_core::SC_ZERO_TIME, "st_dev", write("a@0x40"));
        buffer.post(0x80, sc_core::SC_ZERO_TIME, "st_dev", write("b@0x80"));
        buffer.post(0x40, sc_core::SC_ZERO_TIME, "st_dev", write("c@0x40"));
        after_posts = test::kernel_ns(); // posting costs the poster nothing
        buffer.wait_for_line(0xC0);
        after_other_line = test::kernel_ns(); // nothing posted there: no wait
        buffer.wait_for_line(0x80);
        CHECK(test::kernel_ns() == 20); // b, the second post, landed at 20 ns
        buffer.wait_for_line(0x40);
        after_own_line = test::kernel_ns();
    });
    sc_core::sc_start();
    CHECK(faults.empty());
    CHECK(after_posts == 0);
    CHECK(after_other_line == 0);
    CHECK(after_own_line == 30); // the last post to 0x40 (c), not the first
    REQUIRE(landed.size() == 3);
    CHECK(landed[0] == std::make_pair(std::string("a@0x40"), 10LL));
    CHECK(landed[1] == std::make_pair(std::string("b@0x80"), 20LL));
    CHECK(landed[2] == std::make_pair(std::string("c@0x40"), 30LL));
    CHECK(buffer.drained());
    CHECK(buffer.unit().name() == "aiv0.write_buffer");
}

TEST_CASE("write buffer: a killed block's posts never land, and a load no longer waits for them",
          "[model][write_buffer]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    test::OwnerModule owner("aiv1");
    WriteBuffer buffer(owner, [](const std::string&) {});
    int landed = 0;
    long long load_done = -1;
    sc_core::sc_spawn([&] {
        for (int i = 0; i < 3; ++i)
            buffer.post(0x40, sc_core::SC_ZERO_TIME, "st_dev", [&landed] {
                sc_core::wait(10, SC_NS);
                ++landed;
            });
        sc_core::wait(15, SC_NS); // the first has landed, the second is under way
        buffer.kill();
        buffer.wait_for_line(0x40);
        load_done = test::kernel_ns();
    });
    sc_core::sc_start();
    CHECK(landed == 1);
    CHECK(load_done == 15);
    CHECK(buffer.drained());
}
