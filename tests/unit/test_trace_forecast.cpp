// The trace-size forecast (output/trace/output_file.hpp): where, at the rate
// a trace grew, --max-trace-size will stop it, said only when that comes
// before the run's simulated-time limit.
#include "output/trace/output_file.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

TEST_CASE("trace forecast: the cap's time at the rate the trace grew, before the limit only",
          "[trace]") {
    // 250 MB by 10 us: 4 GB at 160 us, before a 1 ms limit.
    const std::string early =
        trace_cap_forecast("VCD file", "r.vcd", 250000000, 0, 10000000, 4000000000, 1000000000);
    CHECK_THAT(early, Contains("the VCD file r.vcd took 250 MB by simulated time 10"));
    CHECK_THAT(early, Contains("reaches --max-trace-size (4000 MB) at about 160"));
    CHECK_THAT(early, Contains("before the traced span ends at 1"));
    // The same growth with a 100 us limit never reaches the cap: nothing said.
    CHECK(trace_cap_forecast("VCD file", "r.vcd", 250000000, 0, 10000000, 4000000000, 100000000)
              .empty());
    // A time window 2 us .. 12 us: 1.5 MB over its first 2 us is 0.75 MB/us,
    // 4 MB at about 7.3 us, before its end; the same bytes by 4 us over the
    // whole run (from 0) would have been slower. A round window: no limit.
    CHECK_THAT(trace_cap_forecast("--timeline file", "g.json", 1500000, 2000000, 4000000, 4000000,
                                  12000000),
               Contains("at about 7.333 us, before the traced span ends at 12.000 us"));
    CHECK(trace_cap_forecast("--timeline file", "g.json", 1500000, 2000000, 4000000, 40000000,
                             12000000)
              .empty()); // 10 us of window holds 7.5 MB < 40 MB
    CHECK(trace_cap_forecast("VCD file", "r.vcd", 1500000, 0, 4000000, 4000000, 0).empty());
    // Nothing to go by, no cap or no limit: nothing said.
    CHECK(trace_cap_forecast("VCD file", "r.vcd", 0, 0, 10, 4000, 1000000).empty());
    CHECK(trace_cap_forecast("VCD file", "r.vcd", 10, 0, 0, 4000, 1000000).empty());
    CHECK(trace_cap_forecast("VCD file", "r.vcd", 10, 0, 10, 0, 1000000).empty());
    // A huge cap and limit do not overflow the arithmetic (1e6 * 1.8e19).
    CHECK_THAT(trace_cap_forecast("VCD file", "r.vcd", 1000000000000ULL, 0, 1000000, ~0ULL, ~0ULL),
               Contains("reaches"));
}
