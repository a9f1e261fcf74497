// The culprit analysis (models/core/culprit.hpp) on hand-made core reports:
// who did not arrive at what the stuck cores wait on, and what each did.
#include "models/core/culprit.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

CoreReport core(const std::string& name, int id, bool stuck, std::uint32_t rounds) {
    CoreReport r{};
    r.name = name;
    r.type = name.rfind("aic", 0) == 0 ? CoreType::AIC : CoreType::AIV;
    r.soc_core_id = id;
    r.state = stuck ? CoreState::Waiting : CoreState::Done;
    r.has_block = stuck;
    r.block_idx = id;
    r.launch_id = 1;
    r.blocks_run = stuck ? 0 : 1;
    r.barrier_rounds = rounds;
    r.round_open = stuck;
    r.finished_at = sc_core::sc_time(5, sc_core::SC_US);
    return r;
}

WaitTarget flag_barrier(std::vector<int> arrived, std::int64_t need) {
    WaitTarget t;
    t.object = "flag 14";
    t.detail = "FFTS mode-0 sync among AIV";
    t.arrived = std::move(arrived);
    t.arrivals_known = true;
    t.need = need;
    return t;
}

} // namespace

TEST_CASE("culprit: core names fold into ranges, consecutive or a fixed step apart", "[culprit]") {
    CHECK(core_ranges({"aiv0", "aiv1", "aiv2", "aiv5"}) == "aiv0-2, aiv5");
    CHECK(core_ranges({"aiv0", "aiv2", "aiv4", "aiv6"}) == "aiv0-6 (every 2)");
    CHECK(core_ranges({"aiv0", "aiv2"}) == "aiv0, aiv2");
    CHECK(core_ranges({"aic3", "aiv4", "aiv5"}) == "aic3, aiv4-5");
    CHECK(core_ranges({"host"}) == "host");
}

TEST_CASE("culprit: the core that finished instead of arriving is named first, the waiters "
          "grouped",
          "[culprit]") {
    std::vector<CoreReport> cores;
    for (int i = 0; i < 4; ++i) cores.push_back(core("aiv" + std::to_string(i), i, i != 2, 3));
    cores[2].barrier_rounds = 2; // skipped a barrier, then finished
    for (CoreReport& r : cores)
        if (r.has_block) r.target = flag_barrier({0, 1, 3}, 4);
    const CulpritReport c = find_culprits(cores);
    REQUIRE(c.culprits.size() == 1);
    CHECK(c.culprits[0] == "aiv2 (block 2) did not arrive at flag 14 in round 3: it finished its "
                           "kernel after 2 barrier rounds (at 5.000 us)");
    REQUIRE(c.waits.size() == 1);
    CHECK(c.waits[0] == "3 cores wait in round 3 on flag 14 (FFTS mode-0 sync among AIV): "
                        "aiv0-1, aiv3");
}

TEST_CASE("culprit: participants never dispatched, a core waiting elsewhere, and nobody able "
          "to signal",
          "[culprit]") {
    std::vector<CoreReport> cores{core("aiv0", 0, true, 1), core("aiv1", 1, true, 0)};
    cores[0].target = flag_barrier({0}, 3);
    cores[1].target = WaitTarget{};
    cores[1].target->object = "intra-block flag 2";
    cores[1].target->nobody_can = "the block has no core of the other type";
    cores[1].round_open = false;
    const CulpritReport c = find_culprits(cores);
    REQUIRE(c.culprits.size() == 3);
    CHECK(c.culprits[0] ==
          "aiv1 (block 1) did not arrive at flag 14 in round 1: it waits on intra-block flag 2");
    CHECK(c.culprits[1] == "launch 1: 1 of the 3 participants of flag 14 in round 1 were never "
                           "dispatched to a core (its blocks wait for cores)");
    CHECK(c.culprits[2] ==
          "nobody can signal intra-block flag 2: the block has no core of the other type");
}

TEST_CASE("culprit: a soft barrier judged by rounds shows each side's N", "[culprit]") {
    std::vector<CoreReport> cores{core("aic0", 0, true, 3), core("aiv0", 1, false, 3),
                                  core("aiv1", 2, false, 3)};
    cores[0].last_barrier_n = 2;
    cores[1].last_barrier_n = cores[2].last_barrier_n = 3;
    cores[0].target = WaitTarget{};
    cores[0].target->object = "GM 0x1000";
    cores[0].target->among_both_types = true;
    cores[0].target->need = 2;
    cores[0].target->barrier_callers_only = true;
    const CulpritReport c = find_culprits(cores);
    REQUIRE(c.culprits.size() == 1);
    CHECK(c.culprits[0] ==
          "every participant arrived at GM 0x1000 in round 3 (3, N = 2), yet the "
          "wait goes on: N = 2 on the aic side, 3 on the aiv side (the sides disagree)");
    CHECK(c.waits[0] == "1 core waits in round 3 on GM 0x1000 (N = 2 on the aic side, 3 on the "
                        "aiv side (the sides disagree)): aic0");
    CHECK(c.unexplained.empty());
}
