// The build info an instrumented kernel registers with (sdk/runtime): the
// side, the target, the meta, and the -D defines a launch from its host
// carries; a define that is not an integer shaped the code but is no
// launch define, and must not make the plugin fail to load.
#include "sdk/runtime/kernel_registry.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("sdk: a kernel's build info reads sides, targets and integer defines", "[sdk]") {
    const sdk::KernelBuild build = sdk::parse_build_info(
        "side=aiv\ntarget=dav-c220\ndefine=__MIX_CORE_AIV_RATIO__=2\ndefine=TILE=0x100\n"
        "define=FLAG\ndefine=DTYPE=half\ndefine=NEG=-3\nmeta=mix_aiv_main\n");
    CHECK(build.side == "aiv");
    CHECK(build.target == "dav-c220");
    CHECK(build.meta == KernelMeta::MixAivMain);
    CHECK(build.defines.at("__MIX_CORE_AIV_RATIO__") == 2);
    CHECK(build.defines.at("TILE") == 256); // was 0: read in base 10
    CHECK(build.defines.at("FLAG") == 1);
    CHECK(build.defines.at("NEG") == -3);
    CHECK(build.defines.count("DTYPE") == 0); // was an exception: the plugin did not load
    CHECK(sdk::parse_build_info(nullptr).defines.empty());
}
