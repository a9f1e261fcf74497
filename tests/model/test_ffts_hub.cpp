// The FFTS hub with cores stood in by small initiator threads: barrier
// release after the last arrival, mode-2 broadcast and reduce, intra-block
// routing, dropped messages and overflow errors.
#include "models/ffts/ffts_hub.hpp"
#include "syncsim/pto/syncall.hpp"

#include <catch2/catch.hpp>
#include <functional>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

FftsParams params() {
    FftsParams p;
    p.modes = {0, 1, 2};
    p.intra_block = true;
    p.needs_base_address = true;
    p.signal_cycles = 10;
    p.process_cycles = 2;
    p.deliver_cycles = 3;
    p.intra_block_cycles = 5;
    return p;
}

// Cores 0..3: core 0 is an AIC, cores 1..3 AIVs; one block {aic 0, aivs 1,2}.
struct Bench : sc_core::sc_module {
    FftsHub hub;
    std::shared_ptr<BlockPeers> peers = std::make_shared<BlockPeers>();
    std::shared_ptr<FftsContext> ctx = std::make_shared<FftsContext>();
    std::vector<std::function<void(Bench&)>> scripts;
    std::vector<double> released_ns;

    explicit Bench(FftsParams p, sc_core::sc_module_name name = "bench")
        : sc_module(name), hub("ffts", p, Clock{1000}, {"aic0", "aiv0", "aiv1", "aiv2"},
                               {CoreType::AIC, CoreType::AIV, CoreType::AIV, CoreType::AIV}),
          released_ns(4, -1) {
        peers->aic = 0;
        peers->aivs = {1, 2};
        ctx->launch_id = 1;
        ctx->aic_total = 1;
        ctx->aiv_total = 3;
    }
    FftsSender from(int core, bool with_context = true) {
        FftsSender s;
        s.core = core;
        s.type = core == 0 ? CoreType::AIC : CoreType::AIV;
        s.subblock = core == 2 ? 1 : 0;
        s.launch_id = 1;
        s.kernel_type = "TEST";
        s.peers = peers;
        if (with_context) s.context = ctx;
        s.base_address_set = true;
        return s;
    }
    void wait_flag(int core, FlagSpace space, int id) {
        FftsHub::Cell& c = hub.cell(core, space, id);
        while (!hub.take(core, space, id)) sc_core::wait(c.set);
        released_ns[core] = sc_core::sc_time_stamp().to_seconds() * 1e9;
    }
    void start() {
        for (std::size_t i = 0; i < scripts.size(); ++i)
            sc_core::sc_spawn([this, i] { scripts[i](*this); });
    }
};

} // namespace

TEST_CASE("ffts: a mode-0 barrier releases every arriver only after the last arrival",
          "[ffts][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    Bench b(params());
    for (int core : {1, 2, 3})
        b.scripts.push_back([core](Bench& b) {
            sc_core::wait(sc_time(100 * core, SC_NS)); // arrivals at 100, 200, 300 ns
            b.hub.send(b.from(core), lib::getFFTSMsg(0, 14));
            b.wait_flag(core, FlagSpace::Ffts, 14);
        });
    b.start();
    sc_core::sc_start();
    // Last arrival at 300: +10 hop +2 processing, then deliveries 3 ns apart, +10 hop.
    CHECK(b.released_ns[1] == Approx(300 + 10 + 2 + 3 + 10));
    CHECK(b.released_ns[2] == Approx(300 + 10 + 2 + 6 + 10));
    CHECK(b.released_ns[3] == Approx(300 + 10 + 2 + 9 + 10));
    CHECK(b.hub.dropped().empty());
}

TEST_CASE("ffts: mode 2 broadcasts cube to vectors and reduces vectors into the cube",
          "[ffts][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    Bench b(params());
    b.scripts.push_back([](Bench& b) { // cube: wait for both vectors, then broadcast
        b.wait_flag(0, FlagSpace::Ffts, 12);
        b.hub.send(b.from(0), lib::getFFTSMsg(2, 13));
    });
    for (int core : {1, 2})
        b.scripts.push_back([core](Bench& b) {
            sc_core::wait(sc_time(50 * core, SC_NS));
            b.hub.send(b.from(core), lib::getFFTSMsg(2, 12));
            b.wait_flag(core, FlagSpace::Ffts, 13);
        });
    b.start();
    sc_core::sc_start();
    CHECK(b.released_ns[0] == Approx(100 + 10 + 2 + 3 + 10)); // only after the second vector
    CHECK(b.released_ns[1] > b.released_ns[0]);
    CHECK(b.released_ns[2] > b.released_ns[1]);
    CHECK(b.released_ns[3] < 0); // not in the block: never touched
}

TEST_CASE("ffts: intra-block ids 0-15 reach subblock 0, 16-31 subblock 1, and back +16",
          "[ffts][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    Bench b(params());
    b.scripts.push_back([](Bench& b) {
        b.hub.set_intra_block(b.from(0), 13);           // -> aiv0 id 13
        b.hub.set_intra_block(b.from(0), 13 + 16);      // -> aiv1 id 13
        b.wait_flag(0, FlagSpace::IntraBlock, 12 + 16); // from aiv1's id 12
    });
    b.scripts.push_back([](Bench& b) { b.wait_flag(1, FlagSpace::IntraBlock, 13); });
    b.scripts.push_back([](Bench& b) {
        b.wait_flag(2, FlagSpace::IntraBlock, 13);
        b.hub.set_intra_block(b.from(2), 12);
    });
    b.start();
    sc_core::sc_start();
    CHECK(b.released_ns[1] == Approx(5));
    CHECK(b.released_ns[2] == Approx(5));
    CHECK(b.released_ns[0] == Approx(10));
}

TEST_CASE("ffts: messages without an FFTS context or base address are dropped and recorded",
          "[ffts][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    Bench b(params());
    b.scripts.push_back([](Bench& b) {
        b.hub.send(b.from(1, false), lib::getFFTSMsg(0, 14));
        FftsSender no_base = b.from(2);
        no_base.base_address_set = false;
        b.hub.send(no_base, lib::getFFTSMsg(0, 14));
        b.hub.send(b.from(3), 0x0031); // mode 3 is undefined
    });
    b.start();
    sc_core::sc_start();
    REQUIRE(b.hub.dropped().size() == 3);
    CHECK_THAT(b.hub.dropped()[0].what, Catch::Contains("owns no FFTS context (TEST task)"));
    CHECK_THAT(b.hub.dropped()[1].what, Catch::Contains("set_ffts_base_addr"));
    CHECK_THAT(b.hub.dropped()[2].what, Catch::Contains("mode 3"));
    CHECK(b.hub.hardware_errors().size() == 1);
    CHECK_THAT(b.hub.explain_wait(b.from(1, false), FlagSpace::Ffts, 14),
               Catch::Contains("owns no FFTS context"));
}

TEST_CASE("ffts: sixteen sets on a 4-bit flag nobody takes overflow and are reported",
          "[ffts][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    Bench b(params());
    b.scripts.push_back([](Bench& b) {
        for (int i = 0; i < 16; ++i)
            b.hub.send(b.from(0), lib::getFFTSMsg(2, 5)); // cube -> vectors
    });
    b.start();
    sc_core::sc_start();
    REQUIRE(b.hub.hardware_errors().size() == 2); // one per vector
    CHECK_THAT(b.hub.hardware_errors()[0].what, Catch::Contains("flag 5 overflowed past 15"));
    CHECK(b.hub.cell(1, FlagSpace::Ffts, 5).counter.value() == 0); // wrapped
}
