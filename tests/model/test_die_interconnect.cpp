// The die interconnect: every line is served by its home die's L2 (lines
// interleave across dies), and a core on another die pays the die-to-die hop
// each way. Written against two dies with the L2 timing of the L2 tests.
#include "models/memory/die_interconnect.hpp"
#include "models/memory/gm_port.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::sc_time;

namespace {

struct Reader : sc_core::sc_module {
    GmLink link{"port"};
    GmPort port{link, 0, "scalar unit"};
    std::vector<std::uint64_t> addrs;
    std::vector<double> took_ns;

    Reader(sc_core::sc_module_name n, std::vector<std::uint64_t> a)
        : sc_module(n), addrs(std::move(a)) {
        SC_HAS_PROCESS(Reader);
        SC_THREAD(run);
    }
    void run() {
        for (std::uint64_t addr : addrs) {
            const sc_time start = sc_core::sc_time_stamp();
            std::uint8_t word[4] = {};
            port.read(addr, word, 4);
            took_ns.push_back((sc_core::sc_time_stamp() - start).to_seconds() * 1e9);
        }
    }
};

} // namespace

TEST_CASE("die interconnect: a line's home die serves it, another die pays the hop both ways",
          "[interconnect][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    SparseStore store;
    const Clock clock{1000}; // 1 GHz: cycles are ns
    L2Params p = test::l2_params();
    p.dies = 2;
    L2Cache die0("die0", p, clock, store), die1("die1", p, clock, store);
    DieInterconnect noc("noc", DieLinks(2, 40), clock, {&die0, &die1}, p.line_bytes);
    // 0x1000 is line 32 (die 0), 0x1080 line 33 (die 1); each read twice:
    // a miss (10 + 1 + 5 + 100 + 10 = 126 ns), then a hit (26 ns).
    Reader near("near", {0x1000, 0x1000, 0x1080, 0x1080});
    near.link.socket.bind(noc.target);
    noc.add_requester(0);
    sc_core::sc_start();
    REQUIRE(near.took_ns.size() == 4);
    CHECK(noc.home_die(0x1000) == 0);
    CHECK(noc.home_die(0x1080) == 1);
    CHECK(near.took_ns[0] == Approx(126));
    CHECK(near.took_ns[1] == Approx(26));
    CHECK(near.took_ns[2] == Approx(126 + 2 * 40)); // the far die's L2, one hop each way
    CHECK(near.took_ns[3] == Approx(26 + 2 * 40));
    // Each L2 saw only its own lines.
    CHECK(die0.stats().reads == 2);
    CHECK(die1.stats().reads == 2);
    CHECK(die0.stats().misses == 1);
    CHECK(die1.stats().misses == 1);
}
