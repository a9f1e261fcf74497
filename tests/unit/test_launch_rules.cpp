// The launch rules as a table: build and kernel meta decide core types,
// block shape, get_subblockdim and whether an FFTS context exists.
#include "models/runtime/block_placement.hpp"
#include "models/runtime/launch_rules.hpp"
#include "platforms/platform.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

KernelLaunch request(std::string target, KernelMeta meta, int meta_aic, int meta_aiv,
                     std::int64_t block_dim) {
    KernelLaunch l;
    l.target = std::move(target);
    l.meta = meta;
    l.meta_aic = meta_aic;
    l.meta_aiv = meta_aiv;
    l.block_dim = block_dim;
    return l;
}

// The launch rules of an arch, as its platform file lists them.
const LaunchRules& rules_of(const std::string& arch) {
    static const LaunchRules c220 = load_platform(test::platforms_dir(), "910b1").launch_rules;
    static const LaunchRules c310 = load_platform(test::platforms_dir(), "950pr").launch_rules;
    return arch == "dav-c220" ? c220 : c310;
}

} // namespace

TEST_CASE("launch rules per arch, build and kernel meta", "[launch]") {
    struct Row {
        const char* arch;
        const char* target;
        KernelMeta meta;
        int meta_aiv;
        const char* kernel_type;
        int aic, aiv;
        std::int64_t aiv_subblockdim;
        bool ffts;
    };
    const Row rows[] = {
        {"dav-c220", "dav-c220-vec", KernelMeta::None, 0, "AIV_ONLY", 0, 1, 1, false},
        {"dav-c220", "dav-c220-vec", KernelMeta::MixAivMain, 0, "MIX_AIV_1_0", 0, 1, 1, true},
        {"dav-c220", "dav-c220-cube", KernelMeta::None, 0, "AIC_ONLY", 1, 0, 1, false},
        {"dav-c220", "dav-c220", KernelMeta::None, 0, "MIX_AIC_1_2", 1, 2, 2, true},
        {"dav-c220", "dav-c220", KernelMeta::MixAicMain, 1, "MIX_AIC_1_1", 1, 1, 1, true},
        {"dav-c310", "dav-c310-vec", KernelMeta::None, 0, "AIV_ONLY", 0, 1, 1, true},
        {"dav-c310", "dav-c310-cube", KernelMeta::None, 0, "AIC_ONLY", 1, 0, 1, true},
        {"dav-c310", "dav-c310", KernelMeta::None, 0, "MIX_AIC_1_2", 1, 2, 2, true},
        {"dav-c310", "dav-c310", KernelMeta::MixAicMain, 1, "MIX_AIC_1_1", 1, 1, 1, false},
    };
    for (const Row& r : rows) {
        INFO(r.target << " meta " << to_string(r.meta));
        const LaunchPlan p =
            plan_launch(rules_of(r.arch), r.arch, request(r.target, r.meta, 1, r.meta_aiv, 18));
        CHECK(p.kernel_type == r.kernel_type);
        CHECK(p.aic_per_block == r.aic);
        CHECK(p.aiv_per_block == r.aiv);
        CHECK(p.aiv_subblockdim == r.aiv_subblockdim);
        CHECK(p.aic_subblockdim == 1);
        CHECK(p.block_num == 18);
        CHECK(p.ffts_context == r.ffts);
        CHECK_FALSE(p.why.empty());
    }
}

TEST_CASE("a meta that does not match the build schedules the meta's task on its core type",
          "[launch]") {
    // pto-syncall.md 3.2: the runtime trusts the meta, so the code runs on
    // the wrong core type; it is not refused.
    for (const char* arch : {"dav-c220", "dav-c310"}) {
        INFO(arch);
        const LaunchPlan vec_on_cube =
            plan_launch(rules_of(arch), arch,
                        request(std::string(arch) + "-vec", KernelMeta::AicOnly, 0, 0, 4));
        CHECK(vec_on_cube.kernel_type == "AIC_ONLY");
        CHECK(vec_on_cube.side == BuildSide::Vec);
        CHECK(vec_on_cube.aic_per_block == 1);
        CHECK(vec_on_cube.aiv_per_block == 0);
        const LaunchPlan cube_on_vec =
            plan_launch(rules_of(arch), arch,
                        request(std::string(arch) + "-cube", KernelMeta::MixAivMain, 0, 0, 4));
        CHECK(cube_on_vec.kernel_type == "MIX_AIV_1_0");
        CHECK(cube_on_vec.aiv_per_block == 1);
        CHECK(cube_on_vec.aic_per_block == 0);
    }
}

TEST_CASE("a build for another arch, an unknown target or a meta no rule covers is rejected",
          "[launch]") {
    CHECK_THROWS_WITH(plan_launch(rules_of("dav-c220"), "dav-c220",
                                  request("dav-c310-vec", KernelMeta::None, 0, 0, 1)),
                      Catch::Contains("cannot run on a dav-c220"));
    CHECK_THROWS_WITH(
        plan_launch(rules_of("dav-c220"), "dav-c220",
                    request("dav-c999", KernelMeta::None, 0, 0, 1)),
        Catch::Contains("a kernel built for dav-c999 (dav-c999) cannot run on a dav-c220"));
    CHECK_THROWS_WITH(plan_launch(rules_of("dav-c310"), "dav-c310",
                                  request("dav-c310-vec", KernelMeta::MixAicMain, 1, 1, 1)),
                      Catch::Contains("launch_rules do not say"));
    CHECK_THROWS_AS(plan_launch(rules_of("dav-c310"), "dav-c310",
                                request("dav-c310-vec", KernelMeta::None, 0, 0, 0)),
                    LaunchError);
}

TEST_CASE("block placement: lowest free core or cluster first, a mixed block within one cluster",
          "[launch]") {
    // 4 AICs and 8 AIVs: cluster k is AIC k with AIVs 2k and 2k+1.
    struct Row {
        const char* what;
        int aic_per_block, aiv_per_block;
        std::vector<bool> aic_taken, aiv_taken;
        bool placed;
        int aic;
        std::vector<int> aivs;
    };
    const std::vector<bool> none4(4, false), none8(8, false);
    const Row rows[] = {
        {"vector-only: the lowest AIV", 0, 1, none4, none8, true, -1, {0}},
        {"vector-only: skips taken AIVs",
         0,
         1,
         none4,
         {true, true, false, false, false, false, false, false},
         true,
         -1,
         {2}},
        {"vector-only: none free", 0, 1, none4, std::vector<bool>(8, true), false, -1, {}},
        {"mix 1:2: the lowest cluster", 1, 2, none4, none8, true, 0, {0, 1}},
        {"mix 1:2: a cluster with one vector taken is skipped",
         1,
         2,
         none4,
         {false, true, false, false, false, false, false, false},
         true,
         1,
         {2, 3}},
        {"mix 1:1: subblock 0 of the cluster",
         1,
         1,
         {true, false, false, false},
         none8,
         true,
         1,
         {2}},
        {"cube-only: the lowest free AIC",
         0 + 1,
         0,
         {true, true, false, false},
         none8,
         true,
         2,
         {}},
        {"mix 1:2: every cluster broken",
         1,
         2,
         none4,
         {true, false, true, false, false, true, false, true},
         false,
         -1,
         {}},
    };
    for (const Row& r : rows) {
        INFO(r.what);
        const ClusterWindow whole{0, static_cast<int>(r.aic_taken.size())};
        const auto p =
            place_block(r.aic_per_block, r.aiv_per_block, r.aic_taken, r.aiv_taken, whole);
        REQUIRE(p.has_value() == r.placed);
        if (!p) continue;
        CHECK(p->aic == r.aic);
        CHECK(p->aivs == r.aivs);
    }
}

TEST_CASE("build targets parse once: an arch, or an arch and a core type", "[launch]") {
    struct Row {
        const char* text;
        bool ok;
        const char* arch;
        BuildSide side;
    };
    const Row rows[] = {
        {"dav-c220", true, "dav-c220", BuildSide::Mix},
        {"dav-c220-vec", true, "dav-c220", BuildSide::Vec},
        {"dav-c310-cube", true, "dav-c310", BuildSide::Cube},
        {"dav-x900-vec", true, "dav-x900", BuildSide::Vec}, // archs are the platforms' business
        {"-vec", false, "", BuildSide::Mix},
        {"Dav-c220", false, "", BuildSide::Mix},
        {"dav c220", false, "", BuildSide::Mix},
        {"", false, "", BuildSide::Mix},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        const auto t = BuildTarget::parse(r.text);
        REQUIRE(t.has_value() == r.ok);
        if (!t) continue;
        CHECK(t->arch == r.arch);
        CHECK(t->side == r.side);
        CHECK(t->name() == r.text);
    }
    CHECK_THROWS_WITH(
        plan_launch(rules_of("dav-c220"), "dav-c220", request("Dav", KernelMeta::None, 0, 0, 1)),
        Catch::Contains("is not a build target"));
}

TEST_CASE("batch mode: all blocks fit the free cores at once, or none starts", "[launch]") {
    // 4 AICs and 8 AIVs; AIVs 0-3 taken.
    std::vector<bool> aic(4, false), aiv(8, false);
    for (int i = 0; i < 4; ++i) aiv[static_cast<std::size_t>(i)] = true;
    const auto one_die = [](std::int64_t blocks) { return DieGroups::of(blocks, 1, true); };
    CHECK(all_blocks_fit(0, 1, 4, one_die(4), 1, 4, aic, aiv));
    CHECK_FALSE(all_blocks_fit(0, 1, 5, one_die(5), 1, 4, aic, aiv));
    // Mixed 1:2 blocks need whole clusters: clusters 2 and 3 are free.
    CHECK(all_blocks_fit(1, 2, 2, one_die(2), 1, 4, aic, aiv));
    CHECK_FALSE(all_blocks_fit(1, 2, 3, one_die(3), 1, 4, aic, aiv));
    CHECK(aiv[4] == false); // the caller's vectors are not touched
    // Two dies of two clusters, die-friendly: AIVs 0-3 (die 0) taken, so the
    // first group's blocks fit nowhere, though die 1 has room for all four.
    CHECK_FALSE(all_blocks_fit(0, 1, 4, DieGroups::of(4, 2, true), 2, 2, aic, aiv));
    CHECK(all_blocks_fit(0, 1, 4, DieGroups::of(4, 2, false), 2, 2, aic, aiv));
}

TEST_CASE("a two-die device splits a launch's blocks between its dies", "[launch]") {
    // hicann/runtime aic_aiv_sqe_common.hpp:80-82: groupDim 2 and
    // groupBlockdim ceil(B/2) for more than one block on more than one die.
    const DieGroups g36 = DieGroups::of(36, 2, true);
    CHECK(g36.group_dim == 2);
    CHECK(g36.group_block_dim == 18);
    CHECK(g36.group_of(17) == 0);
    CHECK(g36.group_of(18) == 1);
    CHECK(g36.first_block(1) == 18);
    // 950PR: 18 clusters per die.
    CHECK(g36.window(0, 2, 18).first == 0);
    CHECK(g36.window(0, 2, 18).end == 18);
    CHECK(g36.window(1, 2, 18).first == 18);
    CHECK(g36.window(1, 2, 18).end == 36);
    const DieGroups g7 = DieGroups::of(7, 2, true);
    CHECK(g7.group_block_dim == 4); // blocks 0-3 and 4-6
    CHECK(DieGroups::of(1, 2, true).group_dim == 1);
    CHECK(DieGroups::of(36, 1, true).group_dim == 1);
    CHECK(DieGroups::of(36, 2, false).group_dim == 1);
    // Four dies: each group takes its half.
    CHECK(g36.window(1, 4, 8).first == 16);
    CHECK(g36.window(1, 4, 8).end == 32);
    // A vector block of group 1 takes the lowest free AIV of die 1.
    const std::vector<bool> aic(4, false), aiv(8, false);
    const auto p = place_block(0, 1, aic, aiv, DieGroups::of(4, 2, true).window(1, 2, 2));
    REQUIRE(p);
    CHECK(p->aivs == std::vector<int>{4});
}
