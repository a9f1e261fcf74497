// The op-execute watchdog's policy (device-observations.md 3; hicann/runtime
// stars_base.hpp, task_execute_time.cc), kernel-free: credits of 4,294,967.296
// us, a default and maximum of 254, a request rounded up to whole credits, a
// launch's own timeout over the global one, 255 never; and the code a killed
// task reports.
#include "models/runtime/op_timeout.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {
OpTimeoutParams runtime() {
    OpTimeoutParams p;
    p.interval_us = 4294967.296;
    p.default_credits = 254;
    p.max_credits = 254;
    return p;
}
constexpr std::uint64_t kCreditPs = 4294967296000ull;
} // namespace

TEST_CASE("op-execute timeouts are whole credits: the default, a request rounded up, the maximum",
          "[runtime][watchdog]") {
    OpTimeout t(runtime());
    CHECK(t.interval_us() == 4294967); // aclrtGetOpTimeOutInterval
    CHECK(t.global_credits() == 254);
    CHECK(t.duration_ps(254) == 254 * kCreditPs); // 1,090,921,693.184 us
    CHECK(t.duration_us(254) == 1090921693ull);
    CHECK(t.set(1) == 4294967); // one credit, as hw-native-sys/simpler #718 measured
    CHECK(t.global_credits() == 1);
    CHECK(t.set(4294967) == 4294967);
    CHECK(t.set(4294968) == 8589934); // just past one credit: two
    CHECK(t.set(5000000) == 8589934); // 5 s kills at ~8.6 s
    CHECK(t.set(0) == 1090921693ull); // 0 asks for the maximum
    CHECK(t.set(1ull << 40) == 1090921693ull);
    CHECK(t.set(~0ull) == 1090921693ull);
}

TEST_CASE("a launch's own timeout overrides the global one, and 0 means never",
          "[runtime][watchdog]") {
    OpTimeout t(runtime());
    t.set(10000000); // 3 credits
    CHECK(t.credits_for(std::nullopt) == 3);
    CHECK(t.credits_for(1) == 1);
    CHECK(t.credits_for(0) == kNeverTimeoutCredits);
    CHECK_FALSE(t.duration_ps(kNeverTimeoutCredits));
}

TEST_CASE("a killed task reports a vector core timeout only as a vector task",
          "[runtime][watchdog]") {
    const TimeoutCode& vec = timeout_code(true);
    CHECK(vec.code == 507034);
    CHECK(std::string(vec.name) == "ACL_ERROR_RT_VECTOR_CORE_TIMEOUT");
    CHECK(vec.ret_code == 0x30);
    CHECK(std::string(vec.log_text) == "vector core timeout");
    const TimeoutCode& core = timeout_code(false);
    CHECK(core.code == 507014);
    CHECK(std::string(core.name) == "ACL_ERROR_RT_AICORE_TIMEOUT");
    CHECK(core.ret_code == 0x25);
    CHECK(std::string(core.log_text) == "aicore timeout");
}
