// GmPort and GmLink: the requesters that share a core's link name
// themselves, so whoever reports an access (a write's provenance) asks the
// link, not a table of the core's layout.
#include "models/memory/gm_port.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace gm_port_tests {
// A link's socket is a port: it lives in a module.
struct Core : sc_core::sc_module {
    explicit Core(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
    GmLink link{"gm"};
};
} // namespace gm_port_tests

TEST_CASE("gm port: each requester on a link is known by the name its port gave, an unknown slot "
          "by its number",
          "[model][gm_port]") {
    gm_port_tests::Core core("core");
    GmLink& link = core.link;
    const GmPort scalar{link, 0, "scalar unit"}, mte3{link, 5, "PIPE_MTE3"};
    CHECK(link.requester_name(0) == "scalar unit");
    CHECK(link.requester_name(5) == "PIPE_MTE3");
    CHECK(link.requester_name(3) == "requester 3");
    CHECK(link.requester_name(-1) == "requester -1");
    CHECK(link.requester_name(kRequestersPerLink) ==
          "requester " + std::to_string(kRequestersPerLink));
    CHECK_THROWS_AS((GmPort{link, kRequestersPerLink, "too far"}), std::logic_error);
}
