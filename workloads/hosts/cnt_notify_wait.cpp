// The CntNotify wait as parameters (cann-cntnotify-and-platforms.md A.2):
// any mode, value, number of prior records and timeout, so each documented
// misuse of a wait is a config.
#include "workloads/hosts/cnt_notify_host.hpp"
#include "workloads/registry.hpp"

#include <string>
#include <utility>

namespace syncsim {

namespace {

using namespace cnt_host;

// A wait with a chosen mode and value after a chosen number of ADD 1
// records, all landed first: the misuses of cann A.2 (a wait that can never
// hold, one that leftovers satisfy at once) as parameters.
void wait_host(HostApi& host) {
    static const std::pair<const char*, aclrtCntNotifyWaitMode> kModes[] = {
        {"less", LESS_MODE},
        {"equal", EQUAL_MODE},
        {"bigger", BIGGER_MODE},
        {"bigger_or_equal", BIGGER_OR_EQUAL_MODE},
        {"equal_with_bitmask", EQUAL_WITH_BITMASK_MODE}};
    const std::string mode_name = std::get<std::string>(host.param("wait_mode"));
    aclrtCntNotifyWaitMode mode = EQUAL_MODE;
    for (const auto& [name, m] : kModes)
        if (mode_name == name) mode = m;
    const auto value = static_cast<std::uint32_t>(host.param_int("wait_value"));
    const GmAddr later = host.malloc(64, "later");
    host.memset(later, 0, 64);
    aclrtCntNotify cnt = nullptr;
    expect_code(host, "aclrtCntNotifyCreate succeeds", host.aclrtCntNotifyCreate(&cnt, 0),
                acl::kSuccess);
    const StreamId recorder = host.create_stream(), waiting = host.create_stream();
    for (std::int64_t i = 0; i < host.param_int("records"); ++i) {
        aclrtCntNotifyRecordInfo add{ADD_MODE, 1};
        host.aclrtCntNotifyRecord(cnt, host.stream_handle(recorder), &add);
    }
    host.synchronize_stream(recorder);
    auto w = wait_info(mode, value, static_cast<std::uint32_t>(host.param_int("timeout")),
                       host.param_bool("is_clear"));
    host.aclrtCntNotifyWaitWithTimeout(cnt, host.stream_handle(waiting), &w);
    launch_count(host, waiting, later, 10);
    const int rc = host.synchronize_stream(waiting);
    host.check("the wait is released", rc == 0,
               "aclrtSynchronizeStream returned " + std::to_string(rc) + " (" +
                   std::to_string(host.param_int("records")) + " record(s) of +1, wait " +
                   mode_name + " " + std::to_string(value) + ")");
    host.check("the task after the wait ran", word(host, later) == 1,
               "later = " + std::to_string(word(host, later)));
}

} // namespace

void register_cnt_notify_wait(WorkloadRegistry& r) {
    r.add(HostEntry{
        "cnt_notify_wait",
        "a wait with a chosen mode and value after a chosen number of records",
        wait_host,
        {{"records", std::int64_t{0}, "ADD 1 records that land before the wait", 0, 1 << 20},
         choice_param("wait_mode", "equal", "the wait's mode",
                      {"less", "equal", "bigger", "bigger_or_equal", "equal_with_bitmask"}),
         {"wait_value", std::int64_t{1}, "the wait's value", 0, 4294967295.0},
         {"timeout", std::int64_t{0}, "wait timeout in seconds (0 = for ever)", 0, 1 << 20},
         {"is_clear", false, "the wait clears the count when it releases"}},
        nullptr,
        {"aclrtCntNotifyCreate succeeds", "the wait is released", "the task after the wait ran"}});
}

} // namespace syncsim
