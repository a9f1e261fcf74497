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

namespace {
void no_kernel(const std::uint64_t*) {}
} // namespace

TEST_CASE("sdk: a kernel meta section goes to the kernel it names, or is a clear problem",
          "[sdk]") {
    // Two kernels of one plugin, registered as the pass's constructors do.
    __syncsim_register_kernel("RunSyncAll_mix_aiv", no_kernel, 0, "target=dav-c220-vec\n");
    __syncsim_register_kernel("mixk", no_kernel, 0, "side=aiv\ntarget=dav-c220\n");
    // The exact symbol (as the vendor's test names its kernel), a Mix
    // kernel's side symbol, one that names nothing, one that cannot be read,
    // and a second, different meta for the same kernel.
    __syncsim_register_kernel_meta("RunSyncAll_mix_aiv",
                                   "meta=mix_aiv_main\nmeta_aic=0\nmeta_aiv=1\n");
    __syncsim_register_kernel_meta("mixk_mix_aic", "meta=mix_aic_main\nmeta_aic=1\nmeta_aiv=2\n");
    __syncsim_register_kernel_meta("elsewhere", "meta=aic_only\n");
    __syncsim_register_kernel_meta("odd", "error=kernel type 9 is not one syncsim knows\n");
    __syncsim_register_kernel_meta("mixk_mix_aiv", "meta=mix_aiv_main\nmeta_aic=0\nmeta_aiv=1\n");
    sdk::apply_kernel_metas();

    const sdk::RegisteredKernel* exact = sdk::find_registered_kernel("RunSyncAll_mix_aiv");
    REQUIRE(exact);
    CHECK(exact->build.meta == KernelMeta::MixAivMain);
    const sdk::RegisteredKernel* mix = sdk::find_registered_kernel("mixk");
    REQUIRE(mix);
    CHECK(mix->build.meta == KernelMeta::MixAicMain);
    CHECK(mix->build.meta_aiv == 2);
    const std::vector<std::string> problems = sdk::registration_problems();
    REQUIRE(problems.size() == 3);
    CHECK(problems[0] == "kernel meta .ascend.meta.elsewhere names no __global__ kernel of this "
                         "plugin");
    CHECK(problems[1] == "kernel meta .ascend.meta.odd: kernel type 9 is not one syncsim knows");
    CHECK(problems[2] == "kernel 'mixk' has two different metas: .ascend.meta.mixk_mix_aic and "
                         ".ascend.meta.mixk_mix_aiv");
}
