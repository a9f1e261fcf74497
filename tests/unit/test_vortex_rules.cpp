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
