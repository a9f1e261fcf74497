#include "config/yaml_view.hpp"
#include "driver/kinds/platform_kind.hpp"
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
        const auto rows = param_rows(p);
        CHECK(rows.size() > 50);
        for (const ParamRow& row : rows) {
            INFO(name << " " << row.path);
            const ParamOrigin& o = row.origin;
            CHECK((o.source == "sourced" || o.source == "derived" || o.source == "calibrated" ||
                   o.source == "estimate"));
            if (!row.derived_from.empty())
                CHECK((o.source == "derived" && o.set_at == "derived"));
            else {
                // Provenance names file and key path, never a line.
                CHECK_THAT(o.set_at, Contains(".yaml#device."));
                CHECK_THAT(o.where, Contains(".yaml:"));
            }
            if (o.source != "estimate") CHECK_FALSE(o.ref.empty());
        }
    }
}

TEST_CASE("every shipped platform loads as the kind its file names, and the kind reads it back",
          "[platform]") {
    for (const std::string& name : list_platforms(test::platforms_dir())) {
        INFO(name);
        const PlatformKind& kind = platform_kind_of(test::platforms_dir(), name);
        const std::unique_ptr<LoadedPlatform> p = kind.load(test::platforms_dir(), name);
        CHECK(p->name() == name);
        CHECK_FALSE(p->rows().empty());
        CHECK(p->files().back().find(name + ".yaml") != std::string::npos);
    }
}

TEST_CASE("910B4 has 20 AIC and 40 AIV, sourced", "[platform]") {
    const Platform p = load_platform(test::platforms_dir(), "910b4");
    CHECK(p.aic_cores == 20);
    CHECK(p.aiv_cores == 40); // derived: 20 clusters of 1 AIC + 2 AIV, as the reference says
    CHECK(p.arch == "dav-c220");
    CHECK(p.clock_mhz == 1500);
    CHECK(p.dies == 1);
    CHECK(p.origins.at("die.cluster.count").source == "sourced");
    CHECK_THAT(p.origins.at("die.cluster.count").ref, Contains("B.2"));
    CHECK(p.origins.at("aic_cores").source == "derived");
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
    CHECK(a5.notify.cnt_bank_ids == 2048);
    CHECK_FALSE(a2.notify.cnt_supported);
    CHECK(a5.ffts.modes == std::vector<int>{0, 1, 2, 4});
    CHECK(a5.core.cache_line_bytes == 64);
    // 950: two dies of 18 clusters (RT_DAVID_DIE_MAX_NUM = 2); a 910B is one die.
    CHECK(a5.dies == 2);
    CHECK(a5.clusters_per_die == 18);
    CHECK(a5.aic_cores == 36);
    CHECK(a2.dies == 1);
    CHECK(die_of(a5, CoreType::AIC, 17) == 0);
    CHECK(die_of(a5, CoreType::AIC, 18) == 1);
    CHECK(die_of(a5, CoreType::AIV, 35) == 0);
    CHECK(die_of(a5, CoreType::AIV, 36) == 1);
}

TEST_CASE("a platform file with an unknown parameter or no provenance is rejected", "[platform]") {
    const auto dir = test::temp_dir() / "platforms";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(test::platforms_dir() + "/_dav-c220.yaml", dir / "_dav-c220.yaml",
                               std::filesystem::copy_options::overwrite_existing);
    std::ofstream(dir / "bad.yaml")
        << "base: _dav-c220\ndevice:\n  die:\n    cluster:\n      cuont: {value: 1, source: "
           "sourced, ref: x}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "bad"),
                      Contains("bad.yaml:5") &&
                          Contains("did you mean 'device.die.cluster.count'?"));
    std::ofstream(dir / "noref.yaml")
        << "base: _dav-c220\ndevice:\n  die: {cluster: {count: {value: 1, source: sourced}}}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "noref"), Contains("must point into reference/"));
    std::ofstream(dir / "partial.yaml")
        << "base: _dav-c220\ndevice:\n  die: {cluster: {count: {value: 1, source: estimate, "
           "range: [1, 2], range_why: w}}}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "partial"),
                      Contains("platform parameter 'device.soc_version' is given neither here nor "
                               "in a base file"));
    std::ofstream(dir / "derived.yaml")
        << "base: _dav-c220\ndevice:\n  aic_cores: {value: 24, source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "derived"),
                      Contains("derived.yaml:3") &&
                          Contains("derived (die.count x die.cluster.count)"));
    // The old flat format: `params:` is refused, and a flat key names its path.
    std::ofstream(dir / "flat.yaml")
        << "base: _dav-c220\nparams:\n  aic_cores: {value: 1, source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "flat"),
                      Contains("flat.yaml:3") && Contains("'params:' is the old flat format"));
    std::ofstream(dir / "flatkey.yaml")
        << "base: _dav-c220\ndevice:\n  l2_line_bytes: {value: 256, source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "flatkey"),
                      Contains("flatkey.yaml:3") &&
                          Contains("its path in the tree is 'die.l2.line_bytes'"));
    // Keys issue 24 replaced say what to set instead.
    std::ofstream(dir / "slices.yaml") << "base: _dav-c220\ndevice:\n  die:\n    l2:\n      "
                                          "slices: {value: 8, source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "slices"),
                      Contains("slices.yaml:5") && Contains("die.l2.serialize_bytes"));
    std::ofstream(dir / "ld_dev.yaml")
        << "base: _dav-c220\ndevice:\n  die:\n    l2:\n      uncached_read_cycles: {value: 8, "
           "source: estimate}\n";
    CHECK_THROWS_WITH(load_platform(dir.string(), "ld_dev"),
                      Contains("ld_dev.yaml:5") &&
                          Contains("die.l2.uncached_read_occupancy_cycles"));
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
    // Issue 23: an empty kernel type was accepted.
    write("notype", params + "launch_rules:\n  - {side: vec, meta: none, kernel_type: '', aic: 0, "
                             "aiv: 1, ffts_context: true, why: w, ref: r}\n");
    CHECK_THROWS_WITH(load_platform(dir.string(), "notype"),
                      Contains("notype.yaml:") && Contains("launch_rules[0].kernel_type") &&
                          Contains("is not a kernel type name"));
    std::string bad_arch = x900;
    bad_arch.replace(bad_arch.find("value: dav-x900") + 7, 8, "Dav X900");
    write("badarch", bad_arch);
    CHECK_THROWS_WITH(load_platform(dir.string(), "badarch"),
                      Contains("platform parameter 'arch': 'Dav X900' is not an arch name"));
}
