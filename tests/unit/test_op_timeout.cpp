// The op-execute watchdog's policy (device-observations.md 3), kernel-free:
// the effective timeout a request gives, and the code a killed task reports.
#include "models/runtime/op_timeout.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {
OpTimeoutParams observed() {
    OpTimeoutParams p;
    p.default_us = 45e6;
    p.floor_us = 4294967;
    p.max_us = 4294967295.0;
    return p;
}
} // namespace

TEST_CASE("aclrtSetOpExecuteTimeOutV2: the default until set, a floor, 0 for the maximum",
          "[runtime][watchdog]") {
    OpTimeout t(observed());
    CHECK(t.current_us() == 45000000);
    CHECK(t.set(1) == 4294967); // raised to the floor, as measured
    CHECK(t.current_us() == 4294967);
    CHECK(t.set(4294966) == 4294967);
    CHECK(t.set(4294968) == 4294968);
    CHECK(t.set(10000000) == 10000000);
    CHECK(t.set(0) == 4294967295ull); // 0 asks for the maximum
    CHECK(t.set(1ull << 40) == 4294967295ull);
}

TEST_CASE("a killed task reports a vector core timeout, or an AI Core timeout if it holds cubes",
          "[runtime][watchdog]") {
    const TimeoutCode& vec = timeout_code(false);
    CHECK(vec.code == 507034);
    CHECK(std::string(vec.name) == "ACL_ERROR_RT_VECTOR_CORE_TIMEOUT");
    CHECK(vec.ret_code == 0x30);
    CHECK(std::string(vec.log_text) == "vector core timeout");
    const TimeoutCode& cube = timeout_code(true);
    CHECK(cube.code == 507014);
    CHECK(std::string(cube.name) == "ACL_ERROR_RT_AICORE_TIMEOUT");
    CHECK(cube.ret_code == 0x25);
    CHECK(std::string(cube.log_text) == "aicore timeout");
}
