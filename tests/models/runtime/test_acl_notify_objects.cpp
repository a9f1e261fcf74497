// AclNotifyObjects: the ACL's CntNotify objects behind opaque handles.
// Arguments are checked in the runtime's order, the bank's ids run out with
// 207009, and a destroyed object's stale handle is recognised (107017).
#include "models/notify/notify_table.hpp"
#include "models/runtime/acl_notify_objects.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace acl_notify_test {

NotifyParams two_ids() {
    NotifyParams p;
    p.cnt_supported = true;
    p.cnt_bank_ids = 2;
    p.notify_bank_ids = 2;
    p.record_cycles = 10;
    p.wake_cycles = 5;
    return p;
}

} // namespace acl_notify_test

TEST_CASE("ACL notify objects: create, get the id, run out of ids, destroy, and a stale handle",
          "[model][acl_notify_objects]") {
    RuntimeLog log;
    HostStreams streams(8, log);
    NotifyTable table(acl_notify_test::two_ids(), Clock{1000});
    AclNotifyObjects objects(streams, table, Clock{1000}, log);
    aclrtCntNotify a = nullptr, b = nullptr, c = nullptr;
    CHECK(objects.cnt_create(&a, 1) == acl::kRtParamInvalid); // the flag is checked first
    CHECK(objects.cnt_create(nullptr, 0) == acl::kRtParamInvalid);
    REQUIRE(objects.cnt_create(&a, 0) == acl::kSuccess);
    REQUIRE(objects.cnt_create(&b, 0) == acl::kSuccess);
    CHECK(objects.cnt_create(&c, 0) == acl::kNoNotifyResource); // a bank of two ids
    std::uint32_t id_a = 99, id_b = 99;
    CHECK(objects.cnt_get_id(a, &id_a) == acl::kSuccess);
    CHECK(objects.cnt_get_id(b, &id_b) == acl::kSuccess);
    CHECK(id_a != id_b);
    CHECK(objects.cnt_get_id(a, nullptr) == acl::kRtParamInvalid);
    CHECK(objects.cnt_destroy(a) == acl::kSuccess);
    CHECK(objects.cnt_get_id(a, &id_a) == acl::kRtInvalidHandle);
    CHECK(objects.cnt_destroy(a) == acl::kRtInvalidHandle);
    CHECK(objects.cnt_create(&c, 0) == acl::kSuccess); // the destroyed one's id is free again
    const auto reports = objects.cnt_notifies();
    REQUIRE(reports.size() == 3);
    CHECK(reports[0].destroyed);
    CHECK_FALSE(reports[1].destroyed);
    CHECK(log.kept().front().rfind("EE1023: Alloc CntNotify resource failed", 0) == 0);
}

TEST_CASE("ACL notify objects: without CntNotify on the platform, creation answers 207000 after "
          "the argument checks",
          "[model][acl_notify_objects]") {
    RuntimeLog log;
    HostStreams streams(8, log);
    NotifyParams none = acl_notify_test::two_ids();
    none.cnt_supported = false;
    none.cnt_bank_ids = 0;
    NotifyTable table(none, Clock{1000});
    AclNotifyObjects objects(streams, table, Clock{1000}, log);
    aclrtCntNotify a = nullptr;
    CHECK(objects.cnt_create(&a, 1) == acl::kRtParamInvalid);
    CHECK(objects.cnt_create(&a, 0) == acl::kFeatureNotSupported);
}
