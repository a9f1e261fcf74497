// AttachedExtension: an extension on the caller's stack rides one transport
// and is detached on every way out, a thrown fault included, so the
// payload never frees it.
#include "models/memory/extensions.hpp"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace syncsim;

TEST_CASE("attached extension: attached for its scope, detached on return and on a throw",
          "[memory][attached_extension]") {
    tlm::tlm_generic_payload trans;
    StreamExtension ext;
    {
        AttachedExtension<StreamExtension> attached(trans, ext);
        CHECK(trans.get_extension<StreamExtension>() == &ext);
    }
    CHECK(trans.get_extension<StreamExtension>() == nullptr);
    try {
        AttachedExtension<StreamExtension> attached(trans, ext);
        throw std::runtime_error("a kernel fault in the transport");
    } catch (const std::runtime_error&) {
    }
    CHECK(trans.get_extension<StreamExtension>() == nullptr);
}
