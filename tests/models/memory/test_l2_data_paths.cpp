// L2DataPaths: a request crosses the L2's data path, and its missed bytes
// HBM too; the two are shared by every request and by co-running streams.
#include "models/memory/shared_bandwidth.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

struct Peaks {
    double data_stream_peak = -1, hbm_stream_peak = -1;
};

} // namespace

TEST_CASE("L2 data paths: a hit crosses the data path, a miss HBM too, and the slower decides",
          "[memory][l2_data_paths]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    // 1 ns cycles; the data path moves 64 bytes a cycle, HBM 32.
    L2DataPaths paths(sc_time(1, SC_NS), 64, 32);
    CHECK(paths.pass(sc_time(0, SC_NS), 256, 0) == sc_time(4, SC_NS));
    // The data path is busy until 4 ns: the next request queues behind it;
    // its 256 missed bytes take 8 ns on HBM, which was idle.
    CHECK(paths.pass(sc_time(0, SC_NS), 256, 256) == sc_time(8, SC_NS));
    // HBM is busy until 8 ns now: a miss behind it waits.
    CHECK(paths.pass(sc_time(0, SC_NS), 64, 64) == sc_time(10, SC_NS));
    CHECK(paths.poll_delay(false, sc_time(0, SC_NS), 64) == sc_core::SC_ZERO_TIME); // no stream
    Peaks peaks;
    paths.peaks_into(peaks);
    CHECK(peaks.data_stream_peak == 0);
    CHECK(peaks.hbm_stream_peak == 0);
}

TEST_CASE("L2 data paths: a co-running stream slows both paths and shows in their peaks",
          "[memory][l2_data_paths]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    L2DataPaths paths(sc_time(1, SC_NS), 64, 32);
    paths.add_stream(16, 512, sc_time(1000, SC_NS)); // a quarter of the data path, half of HBM
    CHECK(paths.pass(sc_time(0, SC_NS), 256, 0) > sc_time(4, SC_NS));
    CHECK(paths.poll_delay(true, sc_time(0, SC_NS), 64) >
          paths.poll_delay(false, sc_time(0, SC_NS), 64));
    Peaks peaks;
    paths.peaks_into(peaks);
    CHECK(peaks.data_stream_peak == Approx(0.25));
    CHECK(peaks.hbm_stream_peak == Approx(0.5));
    // Past the stream's end, an idle path moves at its full rate again.
    CHECK(paths.pass(sc_time(2000, SC_NS), 256, 0) == sc_time(2004, SC_NS));
}
