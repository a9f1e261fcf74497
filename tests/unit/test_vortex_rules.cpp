// The Vortex barrier table and gbar unit, RTL and SimX readings.
#include "models/vortex/vx_barrier_rules.hpp"

#include <catch2/catch.hpp>

using namespace syncsim::vortex;

namespace {
BarrierGeometry geometry(Fidelity f, int cores = 4) {
    return {4, cores, 2, true, f};
}
} // namespace

TEST_CASE("vortex: the last arrival releases every waiting warp and resets the slot", "[vortex]") {
    BarrierTable t(geometry(Fidelity::Rtl));
    CHECK(t.arrive(0, 0, 3, 0xf).released == 0);
    CHECK(t.arrive(2, 0, 3, 0xf).released == 0);
    const BarOutcome o = t.arrive(1, 0, 3, 0xf);
    CHECK(o.released == 0b0111);
    CHECK(t.mask(0) == 0);
    CHECK(t.counter(0) == 0);
    // A second generation counts from scratch.
    CHECK(t.arrive(3, 0, 2, 0xf).released == 0);
    CHECK(t.arrive(0, 0, 2, 0xf).released == 0b1001);
}

TEST_CASE("vortex RTL: count 1 is a no-op, count is modulo 2^W, ids alias", "[vortex]") {
    BarrierTable t(geometry(Fidelity::Rtl));
    CHECK(t.arrive(0, 0, 1, 0xf).noop);
    CHECK(t.arrive(0, 0, 5, 0xf).noop); // 5 mod 4 == 1
    const BarOutcome zero = t.arrive(0, 0, 4, 0xf);
    CHECK(zero.count == 0); // 4 mod 4: 2^W arrivals
    CHECK_FALSE(zero.noop);
    CHECK(t.arrive(1, 2, 2, 0xf).id == 0); // id 2 truncated to NB_WIDTH = 1 bit
}

TEST_CASE("vortex SimX: count below 2 is a no-op and an id past NUM_BARRIERS faults", "[vortex]") {
    BarrierTable t(geometry(Fidelity::SimX));
    CHECK(t.arrive(0, 0, 0, 0xf).noop);
    CHECK(t.arrive(0, 0, 1, 0xf).noop);
    CHECK_THROWS_AS(t.arrive(0, 2, 2, 0xf), BarrierFault);
}

TEST_CASE("vortex: a global arrival asks the cluster once all active warps arrived", "[vortex]") {
    BarrierTable t(geometry(Fidelity::Rtl));
    const std::uint32_t global = 0x80000000u;
    CHECK_FALSE(t.arrive(0, global, 4, 0b0111).global_request);
    CHECK_FALSE(t.arrive(1, global, 4, 0b0111).global_request);
    const BarOutcome o = t.arrive(2, global, 4, 0b0111); // warp 3 is not active
    CHECK(o.global_request);
    CHECK(o.size_m1 == 3);
}

TEST_CASE("vortex: the gbar unit releases when the others already there equal size_m1",
          "[vortex]") {
    GbarUnit u(geometry(Fidelity::Rtl), false);
    CHECK_FALSE(u.request(0, 2, 3, 0));
    CHECK_FALSE(u.request(0, 2, 3, 1));
    CHECK(u.request(0, 2, 3, 2));
    CHECK(u.arrived(0) == 0);
    GbarUnit m(geometry(Fidelity::Rtl), true); // M revision: NB_WIDTH (1) entries
    CHECK(m.has_storage(0));
    CHECK_FALSE(m.has_storage(1));
}

TEST_CASE("vortex RTL gbar response: the usual case resets the gbar id's counter", "[vortex]") {
    // The response clears barrier_masks[rsp.id] and resets the counter of the
    // id on the warp-control interface at that moment (vortex-gbar.md 1.3);
    // usually the gbar's own, so a later local barrier on that id counts anew.
    BarrierTable t(geometry(Fidelity::Rtl));
    const std::uint32_t global = 0x80000000u;
    for (int w = 0; w < 4; ++w) t.arrive(w, global, 2, 0xf);
    CHECK(t.counter(0) == 4); // counted, never compared
    t.global_released(0, 0);
    CHECK(t.mask(0) == 0);
    CHECK(t.counter(0) == 0);
    for (int w = 0; w < 3; ++w) CHECK(t.arrive(w, 0, 4, 0xf).released == 0);
    CHECK(t.arrive(3, 0, 4, 0xf).released == 0xf);
}

TEST_CASE("vortex RTL gbar response: the odd case resets another id's counter", "[vortex]") {
    // A BAR on id 1 went through the interface last: its counter is reset,
    // the gbar id's is not, so a later local barrier on id 0 never reaches
    // its count (the RTL's hang) while id 1's arrivals are forgotten.
    BarrierTable t(geometry(Fidelity::Rtl));
    const std::uint32_t global = 0x80000000u;
    for (int w = 0; w < 4; ++w) t.arrive(w, global, 2, 0xf);
    t.arrive(0, 1, 4, 0xf);
    CHECK(t.counter(1) == 1);
    t.global_released(0, 1);
    CHECK(t.mask(0) == 0);
    CHECK(t.counter(0) == 4);
    CHECK(t.counter(1) == 0);
    for (int w = 0; w < 4; ++w) CHECK(t.arrive(w, 0, 4, 0xf).released == 0);
}

TEST_CASE("vortex SimX gbar response: the mask is cleared, a later local barrier counts it",
          "[vortex]") {
    BarrierTable t(geometry(Fidelity::SimX));
    const std::uint32_t global = 0x80000000u;
    for (int w = 0; w < 4; ++w) t.arrive(w, global, 2, 0xf);
    t.global_released(0, 1);
    CHECK(t.mask(0) == 0);
    for (int w = 0; w < 3; ++w) CHECK(t.arrive(w, 0, 4, 0xf).released == 0);
    CHECK(t.arrive(3, 0, 4, 0xf).released == 0xf);
}

// Split-phase barriers (vortex 01f36d48, VX_schedule.sv:210-237; SimX
// emulator.cpp:333-466).
TEST_CASE("vortex split-phase: arrive returns the generation, the last completes the phase",
          "[vortex][split]") {
    SplitBarriers s(geometry(Fidelity::Rtl));
    int id = -1;
    CHECK(s.arrive(0, 0, 3).token == 0);
    CHECK_FALSE(s.wait(0, 0, 0, id)); // phase 0 not complete: warp 0 waits
    CHECK(s.waiting(0) == 0b0001);
    CHECK(s.arrive(1, 0, 3).token == 0);
    const ArriveOutcome last = s.arrive(2, 0, 3);
    CHECK(last.token == 0); // the generation before this arrival
    CHECK(last.released);
    CHECK(last.woken == 0b0001);
    CHECK(s.generation(0) == 1);
    CHECK(s.waiting(0) == 0);
    CHECK(s.wait(1, 0, 0, id)); // a token already passed: no wait
    CHECK_FALSE(s.wait(1, 0, 1, id));
    // The blocking table is apart: its slot 0 saw none of this.
    BarrierTable t(geometry(Fidelity::Rtl));
    CHECK(t.counter(0) == 0);
}

TEST_CASE("vortex RTL split-phase: count NUM_WARPS wraps to 0 and every arrival completes",
          "[vortex][split]") {
    SplitBarriers s(geometry(Fidelity::Rtl)); // 4 warps: NW_WIDTH 2
    for (int w = 0; w < 4; ++w) {
        const ArriveOutcome o = s.arrive(w, 0, 4);
        CHECK(o.count == 0);
        CHECK(o.released);
    }
    CHECK(s.generation(0) == 4);
    // A warp arriving twice counts twice (no de-duplication).
    SplitBarriers d(geometry(Fidelity::Rtl));
    CHECK_FALSE(d.arrive(0, 1, 2).released);
    CHECK(d.arrive(0, 1, 2).released);
    // Bit 31 is ignored: a "global" id is the local one.
    SplitBarriers g(geometry(Fidelity::Rtl));
    CHECK(g.arrive(0, 0x80000001u, 1).id == 1);
}

TEST_CASE("vortex RTL split-phase: the wait compares generations signed, across the wrap",
          "[vortex][split]") {
    SplitBarriers s(geometry(Fidelity::Rtl));
    int id = -1;
    // A token "ahead" of the generation (0 - 0xffffffff = 1 > 0 signed) passes.
    CHECK(s.wait(0, 0, 0xffffffffu, id));
    SplitBarriers x(geometry(Fidelity::SimX));
    CHECK_FALSE(x.wait(0, 0, 5, id));     // unsigned: 0 >= 6 is false
    CHECK(x.wait(1, 0, 0xffffffffu, id)); // token + 1 wraps to 0
}

TEST_CASE("vortex SimX split-phase: the first count is latched, a second arrival ignored",
          "[vortex][split]") {
    SplitBarriers s(geometry(Fidelity::SimX));
    CHECK(s.arrive(0, 0, 4).count == 4);
    CHECK_FALSE(s.arrive(0, 0, 4).released); // the same warp again: ignored
    CHECK(s.arrived(0) == 1);
    CHECK(s.arrive(1, 0, 2).count == 4); // latched at the first arrival
    CHECK_FALSE(s.arrive(2, 0, 2).released);
    CHECK(s.arrive(3, 0, 2).released);
    CHECK_THROWS_AS(s.arrive(0, 0x80000000u, 2), BarrierFault); // global: not modelled
    CHECK_THROWS_AS(s.arrive(0, 2, 2), BarrierFault);           // id past NUM_BARRIERS
    SplitBarriers zero(geometry(Fidelity::SimX));
    for (int w = 0; w < 4; ++w) CHECK_FALSE(zero.arrive(w, 0, 0).released); // never
}
