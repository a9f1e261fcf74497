#include "config/yaml_view.hpp"
#include "platforms/platform.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

TEST_CASE("every shipped platform loads and every value says where it comes from", "[platform]") {
    auto names = list_platforms(test::platforms_dir());
    CHECK(names == std::vector<std::string>{"910b1", "910b4", "910c", "950dt", "950pr", "vortex",
                                            "vortex_simx"});
    names.resize(5); // the Ascend ones; the vortex files have their own table
    for (const auto& name : names) {
        const Platform p = load_platform(test::platforms_dir(), name);
        for (const auto& spec : platform_params()) {
            INFO(name << " " << spec.name);
            const auto& o = p.origins.at(spec.name);
            CHECK((o.source == "sourced" || o.source == "derived" || o.source == "estimate"));
            if (spec.derive)
                CHECK((o.source == "derived" && o.set_at == "derived"));
            else
                CHECK_THAT(o.set_at, Contains(".yaml:"));
            if (o.source != "estimate") CHECK_FALSE(o.ref.empty());
        }
    }
}

TEST_CASE("910B4 has 20 AIC and 40 AIV, sourced", "[platform]") {
    const Platform p = load_platform(test::platforms_dir(), "910b4");
    CHECK(p.aic_cores == 20);
    CHECK(p.aiv_cores == 40); // derived: 20 clusters of 1 AIC + 2 AIV, as the reference says
    CHECK(p.arch == "dav-c220");
    CHECK(p.clock_mhz == 1500);
    CHECK(p.origins.at("aic_cores").source == "sourced");
    CHECK_THAT(p.origins.at("aic_cores").ref, Contains("B.2"));
    CHECK_THAT(p.origins.at("arch").set_at, Contains("_dav-c220.yaml"));
}

TEST_CASE("A5 platforms differ from A2/A3 by data", "[platform]") {
    const Platform a5 = load_platform(test::platforms_dir(), "950pr");
    const Platform a2 = load_platform(test::platforms_dir(), "910b1");
    CHECK(a5.arch == "dav-c310");
    // The atomic kind becomes a feature the cores enforce (a returning
    // atomicAdd on A2 faults: test_foundation_scenarios.cpp).
    CHECK(platform_features(a5).has(Feature::ReturningAtomicAdd));
    CHECK_FALSE(platform_features(a2).has(Feature::ReturningAtomicAdd));
    CHECK(platform_features(a5).has(Feature::IntraBlockFlags));
    CHECK_FALSE(platform_features(a2).has(Feature::IntraBlockFlags));
    CHECK(platform_features(a2).has(Feature::FftsBaseAddr));
    CHECK_FALSE(platform_features(a5).has(Feature::FftsBaseAddr));
    CHECK(a5.cntnotify_bank_ids == 2048);
    CHECK_FALSE(a2.cntnotify_supported);
    CHECK(a5.ffts_modes == "0,1,2,4");
    CHECK(a5.scalar_cache_line_bytes == 64);
}

TEST_CASE("a platform file with an unknown parameter or no provenance is rejected", "[platform]") {
    const auto dir = test::temp_dir() / "platforms";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(test::platforms_dir() + "/_dav-c220.yaml", dir / "_dav-c220.yaml",
                               std::filesystem::copy_options::overwrite_existing);
    std::ofstream(dir / "bad.yaml")
        << "base: _dav-c220\nparams:\n  aic_core: {value: 1, source: sourced, ref: x}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "bad"),
                      Contains("bad.yaml:3") && Contains("did you mean 'params.aic_cores'?"));
    std::ofstream(dir / "noref.yaml")
        << "base: _dav-c220\nparams:\n  aic_cores: {value: 1, source: sourced}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "noref"), Contains("must point into reference/"));
    std::ofstream(dir / "partial.yaml")
        << "base: _dav-c220\nparams:\n  aic_cores: {value: 1, source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "partial"),
                      Contains("is given neither here nor in a base file"));
}

TEST_CASE("launch rules and the arch name are checked like any other platform value",
          "[platform]") {
    const auto dir = test::temp_dir() / "arch_platforms";
    std::filesystem::create_directories(dir);
    const std::string x900 = test::read_text(test::repo_file("tests/platforms/x900.yaml"));
    const std::string params = x900.substr(0, x900.find("launch_rules:"));
    auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / (name + ".yaml")) << text;
    };
    write("norules", params);
    CHECK_THROWS_WITH(load_platform(dir.string(), "norules"),
                      Contains("norules.yaml: no launch_rules"));
    write("badside", params + "launch_rules:\n  - {side: both, meta: none, kernel_type: X, aic: 0, "
                              "aiv: 1, ffts_context: true, why: w, ref: r}\n");
    CHECK_THROWS_WITH(load_platform(dir.string(), "badside"),
                      Contains("badside.yaml:") && Contains("launch_rules[0].side"));
    write("noref", params + "launch_rules:\n  - {side: vec, meta: none, kernel_type: X, aic: 0, "
                            "aiv: 1, ffts_context: true, why: w}\n");
    CHECK_THROWS_WITH(load_platform(dir.string(), "noref"), Contains("launch_rules[0].ref"));
    std::string bad_arch = x900;
    bad_arch.replace(bad_arch.find("value: dav-x900") + 7, 8, "Dav X900");
    write("badarch", bad_arch);
    CHECK_THROWS_WITH(load_platform(dir.string(), "badarch"),
                      Contains("platform parameter 'arch': 'Dav X900' is not an arch name"));
}
