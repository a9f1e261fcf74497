// The launch rules as a table: build and kernel meta decide core types,
// block shape, get_subblockdim and whether an FFTS context exists.
#include "models/runtime/launch_rules.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

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
        const LaunchPlan p = plan_launch(r.arch, {r.target, r.meta, 1, r.meta_aiv, 18});
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

TEST_CASE("a build for another arch, an unknown target or a mismatched meta is rejected",
          "[launch]") {
    CHECK_THROWS_WITH(plan_launch("dav-c220", {"dav-c310-vec", KernelMeta::None, 0, 0, 1}),
                      Catch::Contains("cannot run on a dav-c220"));
    CHECK_THROWS_WITH(plan_launch("dav-c220", {"dav-c999", KernelMeta::None, 0, 0, 1}),
                      Catch::Contains("unknown build target"));
    CHECK_THROWS_WITH(plan_launch("dav-c310", {"dav-c310-vec", KernelMeta::AicOnly, 0, 0, 1}),
                      Catch::Contains("wrong core type"));
    CHECK_THROWS_AS(plan_launch("dav-c310", {"dav-c310-vec", KernelMeta::None, 0, 0, 0}),
                    LaunchError);
}
