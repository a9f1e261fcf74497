// Result JSON must be UTF-8: invalid bytes in strings and in object keys
// are escaped as \xNN, and valid text is left as it is.
#include "driver/run/utf8.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("utf8: invalid strings and keys are escaped, valid ones kept", "[utf8]") {
    nlohmann::json j = {{"plain", "caf\xC3\xA9"},
                        {"nested", {{"bad\xFFkey", {1, "x\xFEy"}}, {"ok", "fine"}}},
                        {"list", {"a", "\xC0\xAF"}}};
    make_valid_utf8(j);
    CHECK(j["plain"] == "caf\xC3\xA9");
    CHECK(j["nested"].contains("bad\\xFFkey"));
    CHECK(j["nested"]["bad\\xFFkey"][1] == "x\\xFEy");
    CHECK(j["nested"]["ok"] == "fine");
    CHECK(j["list"][1] == "\\xC0\\xAF"); // an overlong form is not UTF-8
    CHECK_NOTHROW(j.dump());
}
