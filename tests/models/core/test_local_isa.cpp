// LocalIsa: a core's instructions on its local buffers. Its registers start
// each block as after reset; a vector instruction runs on PIPE_V for its
// head plus its repeats, on the UB, with the mask as the scalar unit left
// it; the vector unit is an AIV's, and an AIC that issues one faults by name.
#include "models/core/local_isa.hpp"
#include "models/core/pipe_set.hpp"
#include "syncsim/fault.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>
#include <cstring>

using namespace syncsim;
using test::ns;

TEST_CASE("local ISA: registers reset per block, a vector add takes its head and repeat on PIPE_V, "
          "and an AIC faults by the instruction's name",
          "[model][local_isa]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    test::CorePipesOnL2 core("aiv0", 0, clock);
    test::CoreUnits& units = core.units;
    PipeSet& pipes = core.pipes;
    units.config.timing.vector_head = 10;
    units.config.timing.vector_per_repeat = 2;
    LocalIsa isa(units.config, pipes);
    isa.reg(IsaReg::MaskLow) = 0x1;
    isa.block_started();
    CHECK(isa.reg(IsaReg::MaskLow) == ~0ull); // every lane enabled again
    CHECK(isa.reg(IsaReg::MaskCountMode) == 0);
    float sum = 0;
    long long drained_at = -1;
    sc_core::sc_spawn([&] {
        auto& ub = pipes.local_buffer(MemSpace::Ub, "test");
        const float one = 1.5f, two = 2.25f;
        ub.bytes.write(0x000, reinterpret_cast<const std::uint8_t*>(&one), 4);
        ub.bytes.write(0x100, reinterpret_cast<const std::uint8_t*>(&two), 4);
        VectorInstr add;
        add.op = VecOp::Add;
        add.dst = 0x200;
        add.src0 = 0x000;
        add.src1 = 0x100;
        add.repeat = 1;
        isa.vector("vadd", add);
        sc_core::wait(pipes.unit(Pipe::V).drained_event());
        drained_at = ns(sc_core::sc_time_stamp());
        ub.bytes.read(0x200, reinterpret_cast<std::uint8_t*>(&sum), 4);
    });
    sc_core::sc_start();
    CHECK(sum == 3.75f);
    // Issued at the core's time, then 10 + 1 x 2 cycles (1 ns each).
    CHECK(drained_at >= 12);
    CHECK(drained_at <= 12 + 2);

    units.config.type = CoreType::AIC;
    CHECK_THROWS_WITH(isa.vector("vmul", VectorInstr{}),
                      "vmul: a vector instruction on an AIC (the vector unit is an AIV's)");
}
