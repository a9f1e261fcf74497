// FftsPort: a core's way to the FFTS hub. Without a hub (a platform with
// no FFTS) an FFTS intrinsic faults by name; the sender every message of a
// block carries is made once per block and says whether the kernel set the
// FFTS base address, which a new block clears.
#include "models/core/ffts_port.hpp"
#include "models/ffts/ffts_hub.hpp"
#include "syncsim/fault.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("FFTS port: no hub faults by the intrinsic's name, and the block's sender says "
          "whether its base address was set",
          "[model][ffts_port]") {
    FftsPort port;
    CHECK_THROWS_WITH(port.hub("ffts_cross_core_sync"),
                      "ffts_cross_core_sync: this platform has no FFTS");
    auto launch = std::make_shared<LaunchedKernel>();
    launch->launch_id = 7;
    launch->kernel_type = "MIX_AIV_1_0";
    BlockWork work;
    work.launch = launch;
    work.subblockid = 1;
    port.block_started(3, 7); // no hub to tell: nothing else happens
    const auto& first = port.sender(3, CoreType::AIV, work);
    CHECK(first->core == 3);
    CHECK(first->subblock == 1);
    CHECK(first->launch_id == 7);
    CHECK(first->kernel_type == "MIX_AIV_1_0");
    CHECK_FALSE(first->base_address_set);
    CHECK(port.sender(3, CoreType::AIV, work) == first); // made once per block
    port.set_base_address(FftsHub::kBaseAddress);
    const auto with_base = port.sender(3, CoreType::AIV, work);
    CHECK(with_base->base_address_set);
    port.set_base_address(0x1234); // not the FFTS base: as if never set
    CHECK_FALSE(port.sender(3, CoreType::AIV, work)->base_address_set);
    port.set_base_address(FftsHub::kBaseAddress);
    port.block_started(3, 8); // the next block starts without it
    CHECK_FALSE(port.sender(3, CoreType::AIV, work)->base_address_set);
}
