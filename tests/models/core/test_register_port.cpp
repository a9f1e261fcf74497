// RegisterPort: a resident worker's MMIO registers as its scalar unit
// reaches them. Each access is a scalar instruction at the core's own time;
// its COND write lands where the AICPU reads it after the path's latency;
// spin_while sleeps until the AICPU's write lands, waking for nothing else.
#include "models/core/register_port.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;
using test::ns;

TEST_CASE("register port: a read or write costs a scalar op at the core's time, and COND lands "
          "after its path's latency",
          "[model][register_port]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000}; // 1 GHz: a cycle is 1 ns
    test::CoreOnL2 core("aiv0", 0, clock);
    test::CoreUnits& units = core.units;
    RegisterPort port(units.config, units.time, units.activity);
    port.registers().core_write_latency = sc_time(50, SC_NS);
    std::uint64_t cond_at_10 = 99, cond_at_60 = 99;
    long long wrote_at = -1;
    sc_core::sc_spawn([&] {
        port.write(RegId::COND, 7);
        wrote_at = ns(units.time.now());
        cond_at_10 = port.registers().cond.read(sc_time(10, SC_NS));
        cond_at_60 = port.registers().cond.read(sc_time(60, SC_NS));
    });
    sc_core::sc_start();
    CHECK(wrote_at == 1); // one scalar op
    CHECK(cond_at_10 == 0);
    CHECK(cond_at_60 == 7);
}

TEST_CASE("register port: spin_while returns when the AICPU's write lands, with its value",
          "[model][register_port]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CoreOnL2 core("aiv1", 1, clock);
    test::CoreUnits& units = core.units;
    RegisterPort port(units.config, units.time, units.activity);
    std::uint64_t got = 0;
    long long at = -1;
    sc_core::sc_spawn([&] {
        got = port.spin_while(RegId::DATA_MAIN_BASE, 0);
        at = ns(units.time.now());
    });
    sc_core::sc_spawn([&] { // the AICPU dispatches a task at 30 ns, landing 20 ns later
        sc_core::wait(30, SC_NS);
        port.registers().data_main_base.post(0xBEEF, sc_time(20, SC_NS));
    });
    sc_core::sc_start();
    CHECK(got == 0xBEEF);
    CHECK(at == 51); // it lands at 50 ns; the read that sees it is one scalar op
}
