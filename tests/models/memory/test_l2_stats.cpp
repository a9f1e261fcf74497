// The L2s' statistics group (models/memory/l2_stats.hpp): every die's L2
// together, and each die's own when there are several.
#include "models/memory/gm_port.hpp"
#include "models/memory/l2_stats.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

namespace syncsim::l2_stats_tests {

// Reads `reads` words, then writes one.
struct Reader : sc_core::sc_module {
    GmLink link{"port"};
    GmPort port{link, 0, "scalar unit"};
    int reads;

    Reader(sc_core::sc_module_name n, int r) : sc_module(n), reads(r) {
        SC_HAS_PROCESS(Reader);
        SC_THREAD(run);
    }
    void run() {
        std::uint8_t word[4] = {};
        for (int i = 0; i < reads; ++i) port.read(0x1000 + 64 * i, word, 4);
        port.write(0x1000, word, 4);
    }
};

const Statistic& named(const StatsGroup& group, const std::string& path) {
    for (const Statistic& s : group.stats())
        if (s.path == path) return s;
    FAIL("no statistic " << path);
    throw std::logic_error("unreachable");
}

TEST_CASE("L2 statistics: the dies' L2s summed, and each die's own", "[l2][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    SparseStore store;
    const Clock clock{1000};
    L2Cache die0("die0", test::l2_params(), clock, store);
    L2Cache die1("die1", test::l2_params(), clock, store);
    Reader a("a", 3), b("b", 2);
    a.link.socket.bind(die0.target);
    b.link.socket.bind(die1.target);
    sc_core::sc_start();

    const StatsGroup both = l2_stats({&die0, &die1});
    CHECK(both.name() == "l2");
    CHECK(named(both, "l2.reads").value().count() == 5);
    CHECK(named(both, "l2.writes").value().count() == 2);
    CHECK(named(both, "l2.misses").value().count() == die0.stats().misses + die1.stats().misses);
    CHECK(named(both, "l2.queue_cycles").unit == "cycles");
    const ReportValue by_die = named(both, "l2.by_die").value();
    REQUIRE(by_die.list().size() == 2);
    CHECK(by_die.list()[0].field("reads").count() == 3);
    CHECK(by_die.list()[1].field("reads").count() == 2);

    // One die: its totals, and no per-die list.
    const StatsGroup one = l2_stats({&die0});
    CHECK(named(one, "l2.reads").value().count() == 3);
    CHECK(named(one, "l2.by_die").value().absent());
}

} // namespace syncsim::l2_stats_tests
