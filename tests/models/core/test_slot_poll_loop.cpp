// SlotPollLoop: a per-slot barrier's poll on an AIV, its iteration given as
// steps. Each iteration reads every slot into UB with one DMA and scans them;
// the loop ends when every slot holds the round (All), a quorum does (Count)
// or the slots' sum reaches it (Sum). A new list of steps is a new loop the
// core runs, with what its steps cost; iterations it cannot run fault by name.
#include "models/core/slot_poll_loop.hpp"
#include "syncsim/fault.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using test::ns;

namespace slot_poll_test {

constexpr GmAddr kSlots = 0x4000;

void put_slot(SparseStore& gm, int slot, std::int32_t value, GmAddr base = kSlots) {
    gm.write(base + static_cast<GmAddr>(slot) * 32, reinterpret_cast<const std::uint8_t*>(&value),
             4);
}

// pto-isa's iteration without its dcci and dsb, the scan as given.
SlotIteration read_and_scan(SlotScan scan) {
    using S = SlotStep;
    return {{S::DmaRead, S::WaitFlag, S::Scan, S::PipeBarrier}, scan};
}

PollSpec slots_spec(SlotIteration iteration, std::int64_t target) {
    PollSpec spec;
    spec.load = PollLoad::Slots;
    spec.iteration = std::move(iteration);
    spec.addr = kSlots;
    spec.slots = 4;
    spec.slot_bytes = 32;
    spec.ub = 0x100;
    spec.type = AtomicType::S32;
    spec.until = Cmp::GreaterEqual;
    spec.target = target;
    return spec;
}

} // namespace slot_poll_test

TEST_CASE("slot poll loop: it ends when every slot holds the round, and a late slot keeps it "
          "iterating until its write",
          "[model][slot_poll_loop]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CorePipesOnL2 core("aiv0", 0, clock);
    core.units.config.fast_poll = false; // every iteration real: a plain store write is seen
    for (int s = 0; s < 4; ++s) slot_poll_test::put_slot(core.gm, s, s == 2 ? 0 : 1);
    PollResult ready, summed;
    long long ended = -1;
    sc_core::sc_spawn([&] {
        SlotPollLoop loop(core.units.config, core.units.time, core.units.activity,
                          core.units.memory, core.pipes, core.polls);
        ready =
            loop.run(slot_poll_test::slots_spec(slot_poll_test::read_and_scan(SlotScan::All), 1));
        ended = ns(core.units.time.now());
        summed =
            loop.run(slot_poll_test::slots_spec(slot_poll_test::read_and_scan(SlotScan::Sum), 4));
    });
    sc_core::sc_spawn([&] { // slot 2 arrives at 2 us
        sc_core::wait(2000, SC_NS);
        slot_poll_test::put_slot(core.gm, 2, 1);
    });
    sc_core::sc_start();
    CHECK(ready.value == 4);
    CHECK(ready.polls > 1); // it iterated while slot 2 was behind
    CHECK_FALSE(ready.timed_out);
    CHECK(ended >= 2000);
    CHECK(summed.value == 4); // 1 + 1 + 1 + 1: at once
    CHECK(summed.polls == 0);
}

TEST_CASE("slot poll loop: no slots, slots not 32 bytes apart, a cube, or an iteration whose "
          "steps cannot run fault by name",
          "[model][slot_poll_loop]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CorePipesOnL2 core("aiv1", 1, clock);
    SlotPollLoop loop(core.units.config, core.units.time, core.units.activity, core.units.memory,
                      core.pipes, core.polls);
    PollSpec none = slot_poll_test::slots_spec(slot_poll_test::read_and_scan(SlotScan::All), 1);
    none.slots = 0;
    CHECK_THROWS_WITH(loop.run(none), Catch::Contains("at least one slot"));
    PollSpec odd = slot_poll_test::slots_spec(slot_poll_test::read_and_scan(SlotScan::All), 1);
    odd.slot_bytes = 48;
    CHECK_THROWS_AS(loop.run(odd), KernelFault);
    using S = SlotStep;
    const auto faults_with = [&](SlotIteration it, const char* message) {
        CHECK_THROWS_WITH(loop.run(slot_poll_test::slots_spec(std::move(it), 1)),
                          std::string("poll: ") + message);
    };
    faults_with({{S::DmaRead, S::WaitFlag}, SlotScan::All},
                "a slot poll's iteration needs exactly one dma_read and one scan");
    faults_with({{S::DmaRead, S::DmaRead, S::WaitFlag, S::Scan}, SlotScan::All},
                "a slot poll's iteration needs exactly one dma_read and one scan");
    faults_with({{S::DmaRead, S::Scan, S::WaitFlag}, SlotScan::All},
                "a slot poll's scan reads UB only after a wait_flag on the dma_read that fills it");
    faults_with({{S::WaitFlag, S::DmaRead, S::Scan}, SlotScan::All},
                "a slot poll's scan reads UB only after a wait_flag on the dma_read that fills it");
    faults_with({{S::DmaRead, S::WaitFlag, S::StoreOwnSlot, S::Scan}, SlotScan::Sum},
                "a store_own_slot step and its store (SlotIteration::own) go together, once");
    faults_with({{S::DmaRead, S::WaitFlag, S::Scan}, SlotScan::Sum, 0, OwnSlotStore{}},
                "a store_own_slot step and its store (SlotIteration::own) go together, once");
    faults_with(
        {{S::DmaRead, S::WaitFlag, S::StoreOwnSlot, S::Scan}, SlotScan::All, 0, OwnSlotStore{}},
        "an own-slot store is counted by a sum scan after it");
    faults_with({{S::DmaRead, S::WaitFlag, S::Scan}, SlotScan::Count, 5},
                "a count scan's quorum is between 1 and the 4 slots");
    core.units.config.type = CoreType::AIC;
    CHECK_THROWS_WITH(
        loop.run(slot_poll_test::slots_spec(slot_poll_test::read_and_scan(SlotScan::All), 1)),
        "poll: a slot poll scans UB with scalar loads, which only an AIV has");
}

namespace slot_poll_test {

struct LoopRun {
    PollResult result;
    long long took_ns = -1;
    bool asleep_midway = false; // handed to the L2 1 us in
};
struct Loop {
    SlotIteration iteration;
    bool fast_poll = false;
};

// Runs the loops in turn on one AIV, in one simulation, each on slots of its
// own (all hold 1 from the start but slot 2, which another core stores
// through the L2 2 us after the loop starts: a sleeping loop sees it land).
std::vector<LoopRun> run_loops(std::vector<Loop> loops) {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CorePipesOnL2 core("aiv_loops", 0, clock);
    test::CoreUnits writer("writer", 1, clock);
    writer.memory.link().socket.bind(core.l2.target);
    std::vector<LoopRun> runs(loops.size());
    sc_core::sc_spawn([&] {
        SlotPollLoop loop(core.units.config, core.units.time, core.units.activity,
                          core.units.memory, core.pipes, core.polls);
        for (std::size_t r = 0; r < loops.size(); ++r) {
            const GmAddr base = kSlots + static_cast<GmAddr>(r + 1) * 0x1000;
            for (int s = 0; s < 4; ++s) put_slot(core.gm, s, s == 2 ? 0 : 1, base);
            core.units.time.sync();
            const long long start = ns(core.units.time.now());
            sc_core::sc_spawn([&core, &run = runs[r], start] {
                sc_core::wait(sc_core::sc_time(double(start + 1000), SC_NS) -
                              sc_core::sc_time_stamp());
                run.asleep_midway = core.polls.asleep();
            });
            sc_core::sc_spawn([&writer, base, start] {
                sc_core::wait(sc_core::sc_time(double(start + 2000), SC_NS) -
                              sc_core::sc_time_stamp());
                const std::int32_t one = 1;
                writer.memory.store_device(base + 2 * 32, &one, 4);
                writer.memory.dsb();
            });
            core.units.config.fast_poll = loops[r].fast_poll;
            PollSpec spec = slots_spec(std::move(loops[r].iteration), 1);
            spec.addr = base;
            runs[r].result = loop.run(spec);
            runs[r].took_ns = ns(core.units.time.now()) - start;
        }
    });
    sc_core::sc_start();
    return runs;
}

} // namespace slot_poll_test

TEST_CASE("slot poll loop: a new list of steps is a new loop: a quorum ends it early, and the "
          "steps it adds cost their modelled time",
          "[model][slot_poll_loop]") {
    using S = SlotStep;
    const auto runs = slot_poll_test::run_loops({
        // Three of four slots hold the round from the start: a quorum of 3
        // is met by the first scan, the whole set only after slot 2 lands.
        {{{S::DmaRead, S::WaitFlag, S::Scan}, SlotScan::Count, 3}},
        {slot_poll_test::read_and_scan(SlotScan::All)},
        // pto-isa's loop adds dcci and dsb to every iteration: fewer fit in
        // the 2 us before slot 2 lands.
        {{{S::Dcci, S::Dsb, S::DmaRead, S::WaitFlag, S::Scan, S::PipeBarrier}}},
    });
    const auto& quorum = runs[0];
    CHECK(quorum.result.value == 3);
    CHECK(quorum.result.polls == 0);
    CHECK(quorum.took_ns < 2000);
    const auto &lean = runs[1], &invalidating = runs[2];
    CHECK(lean.result.value == 4);
    CHECK(invalidating.result.value == 4);
    CHECK(lean.took_ns >= 2000);
    CHECK(invalidating.result.polls < lean.result.polls);
}

TEST_CASE("slot poll loop: a fast-forwarded loop of any steps ends where the real iterations end",
          "[model][slot_poll_loop]") {
    using S = SlotStep;
    const SlotIteration iteration{{S::Dcci, S::Dsb, S::DmaRead, S::WaitFlag, S::Scan}};
    const auto runs = slot_poll_test::run_loops({{iteration, false}, {iteration, true}});
    const auto &real = runs[0], &slept = runs[1];
    CHECK_FALSE(real.asleep_midway);
    CHECK(slept.asleep_midway);
    CHECK(real.result.polls > 10);
    CHECK(slept.result.value == real.result.value);
    CHECK(slept.result.polls == real.result.polls);
    CHECK(slept.took_ns == real.took_ns);
}
