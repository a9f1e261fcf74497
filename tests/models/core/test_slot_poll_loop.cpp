// SlotPollLoop: a per-slot barrier's poll on an AIV. Each iteration reads
// every slot into UB with one DMA and scans them; the loop ends when every
// slot holds the round (SlotsByDma) or the slots' sum reaches it
// (SlotSumByDma); shapes a core cannot run fault by name.
#include "models/core/slot_poll_loop.hpp"
#include "syncsim/fault.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using test::ns;

namespace slot_poll_test {

constexpr GmAddr kSlots = 0x4000;

void put_slot(SparseStore& gm, int slot, std::int32_t value) {
    gm.write(kSlots + static_cast<GmAddr>(slot) * 32, reinterpret_cast<const std::uint8_t*>(&value),
             4);
}

PollSpec slots_spec(PollLoad load, std::int64_t target) {
    PollSpec spec;
    spec.load = load;
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
        ready = loop.run(slot_poll_test::slots_spec(PollLoad::SlotsByDma, 1));
        ended = ns(core.units.time.now());
        summed = loop.run(slot_poll_test::slots_spec(PollLoad::SlotSumByDma, 4));
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

TEST_CASE("slot poll loop: no slots, slots not 32 bytes apart, a cube, or a rewrite without a sum "
          "fault by name",
          "[model][slot_poll_loop]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CorePipesOnL2 core("aiv1", 1, clock);
    SlotPollLoop loop(core.units.config, core.units.time, core.units.activity, core.units.memory,
                      core.pipes, core.polls);
    PollSpec none = slot_poll_test::slots_spec(PollLoad::SlotsByDma, 1);
    none.slots = 0;
    CHECK_THROWS_WITH(loop.run(none), Catch::Contains("at least one slot"));
    PollSpec odd = slot_poll_test::slots_spec(PollLoad::SlotsByDma, 1);
    odd.slot_bytes = 48;
    CHECK_THROWS_AS(loop.run(odd), KernelFault);
    PollSpec rewrite = slot_poll_test::slots_spec(PollLoad::SlotsByDma, 1);
    rewrite.rewrite = SlotRewrite{};
    CHECK_THROWS_WITH(loop.run(rewrite), "poll: a slot rewrite needs a sum poll");
    core.units.config.type = CoreType::AIC;
    CHECK_THROWS_WITH(loop.run(slot_poll_test::slots_spec(PollLoad::SlotsByDma, 1)),
                      "poll: a slot poll scans UB with scalar loads, which only an AIV has");
}
