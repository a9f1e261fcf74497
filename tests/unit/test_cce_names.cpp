// syncsim/cce.hpp beside the vendor's own PTO names: its reference SYNCALL,
// SyncAllMode, SyncCoreType and getFFTSMsg live in syncsim::pto, so a
// source that says `using namespace pto;` for the vendor's finds one of
// each. (Before, they were global, and the unqualified calls below were
// ambiguous: this file did not compile.)
#include "syncsim/cce.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>

namespace pto { // what a vendor header declares (a stand-in, written here)
enum class SyncCoreType { AIVOnly, AICOnly, Mix };
enum class SyncAllMode { Hard, Soft };
constexpr std::uint64_t getFFTSMsg(std::uint64_t mode, std::uint64_t flag) {
    return 1000 + mode * 16 + flag;
}
} // namespace pto

using namespace pto;

TEST_CASE("cce.hpp: the reference SYNCALL names do not collide with the vendor's pto ones",
          "[sdk]") {
    STATIC_REQUIRE(std::is_same_v<decltype(SyncCoreType::Mix), pto::SyncCoreType>);
    CHECK(getFFTSMsg(0, 14) == 1014);
    // syncsim's own stay reachable by their namespace.
    CHECK(syncsim::pto::getFFTSMsg(0, 14) != 1014);
}

TEST_CASE("cce.hpp: atomic_type_t has A5's ATOMIC_NONE, which a store refuses by name", "[sdk]") {
    // pto-isa's a5/TStore.hpp names atomic_type_t::ATOMIC_NONE; before,
    // atomic_type_t was syncsim::AtomicType, which has none (8 of pto-isa's
    // A5 system tests did not compile).
    constexpr atomic_type_t none = atomic_type_t::ATOMIC_NONE;
    STATIC_REQUIRE(none != ATOMIC_S32);
    CHECK_THROWS_WITH(set_st_atomic_cfg(none, ATOMIC_SUM),
                      Catch::Contains("set_st_atomic_cfg: the element type must be ATOMIC_S32"));
}
