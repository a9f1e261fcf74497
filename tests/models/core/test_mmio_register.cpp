// MmioRegister: a write lands after its path's latency and never before an
// earlier one; a read sees what had landed by its time; a waiter learns when
// the value can next differ instead of polling.
#include "models/core/mmio_register.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("MMIO register: writes land in order after their latency, and a read sees what had "
          "landed by its time",
          "[model][mmio_register]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    MmioRegister reg;
    std::optional<sc_time> differs_at, differs_from_7;
    std::uint64_t at_5 = 99, at_25 = 99, at_35 = 99;
    sc_core::sc_spawn([&] {
        reg.post(7, sc_time(20, SC_NS));
        reg.post(9, sc_time(10, SC_NS)); // faster path, but lands after the 7
        at_5 = reg.read(sc_time(5, SC_NS));
        at_25 = reg.read(sc_time(25, SC_NS));
        differs_at = reg.first_differing(0, sc_core::SC_ZERO_TIME);
        differs_from_7 = reg.first_differing(7, sc_time(20, SC_NS));
        at_35 = reg.read(sc_time(35, SC_NS));
    });
    sc_core::sc_start();
    CHECK(at_5 == 0);
    CHECK(at_25 == 9); // both landed at 20 ns, in order: the 9 last
    CHECK(at_35 == 9);
    REQUIRE(differs_at);
    CHECK(*differs_at == sc_time(20, SC_NS));
    REQUIRE(differs_from_7);
    CHECK(*differs_from_7 == sc_time(20, SC_NS)); // the 9 lands at the same time
}

TEST_CASE("MMIO register: with no write posted that changes it, a waiter is told to wait, and a "
          "launch's reset sets it at once",
          "[model][mmio_register]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    MmioRegister reg;
    bool waits = false;
    std::uint64_t after_reset = 99;
    sc_core::sc_spawn([&] {
        reg.post(0, sc_time(10, SC_NS)); // the same value: no change to wake for
        waits = !reg.first_differing(0, sc_core::SC_ZERO_TIME).has_value();
        reg.reset(5);
        after_reset = reg.read(sc_core::sc_time_stamp());
    });
    sc_core::sc_start();
    CHECK(waits);
    CHECK(after_reset == 5);
}
