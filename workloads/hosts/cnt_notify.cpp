// Host programs for the runtime's CntNotify on 950 (cann-cntnotify-and-platforms.md
// Part A): counting across streams, pipelines that reuse one CntNotify,
// bitmask waits, timeouts, bank exhaustion, and every documented error code.
#include "syncsim/pto/gm_atomic.hpp"
#include "workloads/hosts/cnt_notify_host.hpp"
#include "workloads/registry.hpp"

#include <string>
#include <vector>

namespace syncsim {

namespace {

// A small kernel a stream can run as "work": one AIV block adds 1 to a GM
// counter (and spins `cycles` on its vector pipe first).
void count_kernel(KernelContext& k) {
    k.compute(Pipe::V, static_cast<double>(k.arg(1)));
    k.pipe_barrier(Pipe::V);
    const GmAddr counter = k.arg(0);
    lib::gm_atomic_add(k, counter, 1);
}

using namespace cnt_host;

// N producer streams each run a kernel, then record ADD 1; the consumer
// stream waits until the count reaches N, then runs its own kernel. An
// ordinary notify counts only to 1; a CntNotify counts the producers.
void producers_host(HostApi& host) {
    const std::int64_t n = host.param_int("producers");
    const GmAddr work = host.malloc(64, "work");
    const GmAddr after = host.malloc(64, "after");
    host.memset(work, 0, 64);
    host.memset(after, 0, 64);
    aclrtCntNotify cnt = nullptr;
    const aclError rc = host.aclrtCntNotifyCreate(&cnt, 0);
    host.check("aclrtCntNotifyCreate succeeds", rc == acl::kSuccess,
               "returned " + std::to_string(rc));
    if (rc != acl::kSuccess) return;
    const StreamId consumer = host.create_stream();
    auto w = wait_info(BIGGER_OR_EQUAL_MODE, static_cast<std::uint32_t>(n),
                       static_cast<std::uint32_t>(host.param_int("timeout")), false);
    host.aclrtCntNotifyWaitWithTimeout(cnt, host.stream_handle(consumer), &w);
    launch_count(host, consumer, after, 10);
    std::vector<StreamId> producers;
    for (std::int64_t p = 0; p < n; ++p) {
        producers.push_back(host.create_stream());
        launch_count(host, producers.back(), work, 500 * static_cast<std::uint64_t>(p + 1));
        aclrtCntNotifyRecordInfo r{ADD_MODE, 1};
        host.aclrtCntNotifyRecord(cnt, host.stream_handle(producers.back()), &r);
    }
    int failures = 0;
    for (StreamId s : producers) failures += host.synchronize_stream(s) != 0;
    failures += host.synchronize_stream(consumer) != 0;
    host.check("every stream synchronises", failures == 0, std::to_string(failures) + " failed");
    host.check("all producers ran before the consumer's kernel",
               word(host, work) == n && word(host, after) == 1,
               "work " + std::to_string(word(host, work)) + ", after " +
                   std::to_string(word(host, after)));
}

// Rounds through two CntNotifies, `full` and `empty`: the producer waits for
// an empty slot, works, records full; the consumer waits for full, works,
// records empty. Reuse by isClear, or by a wait without clear plus Reset.
void pipeline_host(HostApi& host) {
    const std::int64_t rounds = host.param_int("rounds");
    const bool reset = std::get<std::string>(host.param("reuse")) == "reset";
    const GmAddr produced = host.malloc(64, "produced");
    const GmAddr consumed = host.malloc(64, "consumed");
    host.memset(produced, 0, 64);
    host.memset(consumed, 0, 64);
    aclrtCntNotify full = nullptr, empty = nullptr;
    host.aclrtCntNotifyCreate(&full, 0);
    host.aclrtCntNotifyCreate(&empty, 0);
    const StreamId producer = host.create_stream(), consumer = host.create_stream();
    auto take = [&](aclrtCntNotify cnt, StreamId s) {
        auto w = wait_info(reset ? EQUAL_MODE : BIGGER_OR_EQUAL_MODE, 1, 0, !reset);
        host.aclrtCntNotifyWaitWithTimeout(cnt, host.stream_handle(s), &w);
        if (reset) host.aclrtCntNotifyReset(cnt, host.stream_handle(s));
    };
    aclrtCntNotifyRecordInfo add1{ADD_MODE, 1};
    for (std::int64_t r = 0; r < rounds; ++r) {
        if (r > 0) take(empty, producer);
        launch_count(host, producer, produced, 300);
        host.aclrtCntNotifyRecord(full, host.stream_handle(producer), &add1);
        take(full, consumer);
        launch_count(host, consumer, consumed, 100);
        host.aclrtCntNotifyRecord(empty, host.stream_handle(consumer), &add1);
    }
    const int a = host.synchronize_stream(producer), b = host.synchronize_stream(consumer);
    host.check("both streams synchronise", a == 0 && b == 0,
               std::to_string(a) + ", " + std::to_string(b));
    host.check("every round produced and consumed once",
               word(host, produced) == rounds && word(host, consumed) == rounds,
               "produced " + std::to_string(word(host, produced)) + ", consumed " +
                   std::to_string(word(host, consumed)));
}

// K streams each set one bit with BIT_OR; the consumer waits until all bits are set.
void bitmask_host(HostApi& host) {
    const std::int64_t k = host.param_int("producers");
    const GmAddr after = host.malloc(64, "after");
    host.memset(after, 0, 64);
    aclrtCntNotify cnt = nullptr;
    host.aclrtCntNotifyCreate(&cnt, 0);
    const StreamId consumer = host.create_stream();
    const std::uint32_t mask = static_cast<std::uint32_t>((1ull << k) - 1);
    auto w = wait_info(EQUAL_WITH_BITMASK_MODE, mask, 0, false);
    host.aclrtCntNotifyWaitWithTimeout(cnt, host.stream_handle(consumer), &w);
    launch_count(host, consumer, after, 10);
    for (std::int64_t b = 0; b < k; ++b) {
        const StreamId s = host.create_stream();
        launch_count(host, s, host.malloc(64, "bit" + std::to_string(b)),
                     200 * static_cast<std::uint64_t>(k - b));
        aclrtCntNotifyRecordInfo r{BIT_OR_MODE, 1u << b};
        host.aclrtCntNotifyRecord(cnt, host.stream_handle(s), &r);
    }
    const std::int64_t mode4 = host.param_int("finish_with_mode4");
    if (mode4 > 0) {
        aclrtCntNotifyRecordInfo r{BIT_AND_MODE, static_cast<std::uint32_t>(mode4)};
        host.aclrtCntNotifyRecord(cnt, host.stream_handle(consumer), &r);
    }
    const int rc = host.synchronize_stream(consumer);
    host.check("the consumer is released once every bit is set", rc == 0 && word(host, after) == 1,
               "returned " + std::to_string(rc) + ", after " + std::to_string(word(host, after)));
}

// A wait whose condition never holds. With a timeout, the call returns 0,
// the stream fails with 107020 at synchronize and runs nothing after the
// wait; another stream is not affected. With timeout 0 it waits for ever.
void timeout_host(HostApi& host) {
    const auto timeout = static_cast<std::uint32_t>(host.param_int("timeout"));
    const GmAddr later = host.malloc(64, "later");
    const GmAddr other = host.malloc(64, "other");
    host.memset(later, 0, 64);
    host.memset(other, 0, 64);
    aclrtCntNotify cnt = nullptr;
    host.aclrtCntNotifyCreate(&cnt, 0);
    const StreamId waiting = host.create_stream(), free_stream = host.create_stream();
    auto w = wait_info(EQUAL_MODE, 99, timeout, false);
    expect_code(host, "aclrtCntNotifyWaitWithTimeout (never satisfied) returns 0",
                host.aclrtCntNotifyWaitWithTimeout(cnt, host.stream_handle(waiting), &w),
                acl::kSuccess);
    launch_count(host, waiting, later, 10);
    launch_count(host, free_stream, other, 10);
    expect_code(host, "aclrtSynchronizeStream(other stream) returns 0",
                host.synchronize_stream(free_stream), acl::kSuccess);
    expect_code(host, "aclrtSynchronizeStream(waiting stream) returns 107020",
                host.synchronize_stream(waiting), acl::kRtTaskTimeout);
    host.check("the task after the timed-out wait did not run", word(host, later) == 0,
               "later = " + std::to_string(word(host, later)));
    host.check("the other stream's task ran", word(host, other) == 1,
               "other = " + std::to_string(word(host, other)));
}

// Streams that use events take one CntNotify id each (on 950); user
// CntNotifies then get the rest of the bank.
void exhaust_host(HostApi& host) {
    const std::int64_t event_streams = host.param_int("event_streams");
    aclrtEvent event = nullptr;
    host.aclrtCreateEvent(&event);
    for (std::int64_t s = 0; s < event_streams; ++s)
        host.aclrtRecordEvent(event, host.stream_handle(host.create_stream()));
    std::int64_t created = 0;
    aclError rc = acl::kSuccess;
    for (;;) {
        aclrtCntNotify cnt = nullptr;
        rc = host.aclrtCntNotifyCreate(&cnt, 0);
        if (rc != acl::kSuccess) break;
        ++created;
    }
    host.check("creation stops with 207009 (ACL_ERROR_RT_NO_NOTIFY_RESOURCE)",
               rc == acl::kNoNotifyResource, "returned " + std::to_string(rc));
    const std::int64_t expected = host.param_int("expect_created");
    host.check("CntNotifies created before exhaustion", created == expected,
               std::to_string(created) + " created, expected " + std::to_string(expected));
}

// Every bad-input row of cann A.4, and the vendor's unit-test cases (A.8).
void errors_host(HostApi& host) {
    const bool supported = host.param_bool("supported");
    const aclError valid = supported ? acl::kSuccess : acl::kFeatureNotSupported;
    const aclrtStream def = nullptr;
    aclrtCntNotify cnt = nullptr;
    expect_code(host, "Create with flag 1", host.aclrtCntNotifyCreate(&cnt, 1),
                acl::kRtParamInvalid);
    expect_code(host, "Create with a NULL handle pointer", host.aclrtCntNotifyCreate(nullptr, 0),
                acl::kRtParamInvalid);
    expect_code(host, "Create with flag 0", host.aclrtCntNotifyCreate(&cnt, 0), valid);
    aclrtCntNotifyRecordInfo record{ADD_MODE, 0};
    auto wait = wait_info(EQUAL_MODE, 0, 10, false);
    expect_code(host, "Record with NULL info", host.aclrtCntNotifyRecord(cnt, def, nullptr),
                acl::kInvalidParam);
    expect_code(host, "Wait with NULL info", host.aclrtCntNotifyWaitWithTimeout(cnt, def, nullptr),
                acl::kInvalidParam);
    expect_code(host, "Record with a NULL handle", host.aclrtCntNotifyRecord(nullptr, def, &record),
                acl::kRtParamInvalid);
    expect_code(host, "Wait with a NULL handle",
                host.aclrtCntNotifyWaitWithTimeout(nullptr, def, &wait), acl::kRtParamInvalid);
    expect_code(host, "Reset with a NULL handle", host.aclrtCntNotifyReset(nullptr, def),
                acl::kRtParamInvalid);
    expect_code(host, "Destroy with a NULL handle", host.aclrtCntNotifyDestroy(nullptr),
                acl::kRtParamInvalid);
    std::uint32_t id = 0;
    expect_code(host, "GetId with a NULL handle", host.aclrtCntNotifyGetId(nullptr, &id),
                acl::kRtParamInvalid);
    if (!supported) return; // A2/A3: arguments are checked, then 207000
    aclrtCntNotifyRecordInfo mode3{static_cast<aclrtCntNotifyRecordMode>(3), 1};
    aclrtCntNotifyRecordInfo mode5{static_cast<aclrtCntNotifyRecordMode>(5), 1};
    auto wait5 = wait_info(static_cast<aclrtCntNotifyWaitMode>(5), 0, 0, false);
    expect_code(host, "Record with mode 3", host.aclrtCntNotifyRecord(cnt, def, &mode3),
                acl::kRtParamInvalid);
    expect_code(host, "Record with mode 5", host.aclrtCntNotifyRecord(cnt, def, &mode5),
                acl::kRtParamInvalid);
    expect_code(host, "Wait with mode 5", host.aclrtCntNotifyWaitWithTimeout(cnt, def, &wait5),
                acl::kRtParamInvalid);
    expect_code(host, "GetId with a NULL id pointer", host.aclrtCntNotifyGetId(cnt, nullptr),
                acl::kRtParamInvalid);
    // CountNotify_Record_Wait: record ADD 0, wait EQUAL 0 (10 s, no clear), reset twice.
    expect_code(host, "Record ADD 0", host.aclrtCntNotifyRecord(cnt, def, &record), acl::kSuccess);
    expect_code(host, "Wait EQUAL 0, timeout 10 s",
                host.aclrtCntNotifyWaitWithTimeout(cnt, def, &wait), acl::kSuccess);
    expect_code(host, "Reset", host.aclrtCntNotifyReset(cnt, def), acl::kSuccess);
    expect_code(host, "Reset again", host.aclrtCntNotifyReset(cnt, def), acl::kSuccess);
    expect_code(host, "Synchronize the default stream", host.aclrtSynchronizeStream(def),
                acl::kSuccess);
    expect_code(host, "GetId", host.aclrtCntNotifyGetId(cnt, &id), acl::kSuccess);
    expect_code(host, "Destroy", host.aclrtCntNotifyDestroy(cnt), acl::kSuccess);
    expect_code(host, "Record on a destroyed handle", host.aclrtCntNotifyRecord(cnt, def, &record),
                acl::kRtInvalidHandle);
    expect_code(host, "Wait on a destroyed handle",
                host.aclrtCntNotifyWaitWithTimeout(cnt, def, &wait), acl::kRtInvalidHandle);
    expect_code(host, "Reset on a destroyed handle", host.aclrtCntNotifyReset(cnt, def),
                acl::kRtInvalidHandle);
    expect_code(host, "GetId on a destroyed handle", host.aclrtCntNotifyGetId(cnt, &id),
                acl::kRtInvalidHandle);
    expect_code(host, "Destroy twice", host.aclrtCntNotifyDestroy(cnt), acl::kRtInvalidHandle);
}

} // namespace

// size-check: table
void register_cnt_notify(WorkloadRegistry& r) {
    r.add(KernelEntry{"cnt_notify_count",
                      "one AIV block: compute, then add 1 to a GM counter",
                      count_kernel,
                      {},
                      {},
                      "cnt_notify_producers"});
    r.add(HostEntry{"cnt_notify_producers",
                    "N producer streams ADD 1; a consumer waits BIGGER_OR_EQUAL N",
                    producers_host,
                    {{"producers", std::int64_t{4}, "producer streams", 1, 64},
                     {"timeout", std::int64_t{0},
                      "the consumer's wait timeout in seconds (0 = for ever)", 0, 1 << 20}},
                    nullptr,
                    {"aclrtCntNotifyCreate succeeds", "every stream synchronises",
                     "all producers ran before the consumer's kernel"}});
    r.add(HostEntry{
        "cnt_notify_pipeline",
        "a producer and a consumer stream hand over rounds through two CntNotifies",
        pipeline_host,
        {{"rounds", std::int64_t{4}, "rounds", 1, 1 << 20},
         choice_param("reuse", "is_clear", "is_clear (the wait clears) or reset (wait, then Reset)",
                      {"is_clear", "reset"})},
        nullptr,
        {"both streams synchronise", "every round produced and consumed once"}});
    r.add(HostEntry{
        "cnt_notify_bitmask",
        "streams set one bit each with BIT_OR; a consumer waits for the mask",
        bitmask_host,
        {{"producers", std::int64_t{5}, "producer streams (bits)", 1, 32},
         {"finish_with_mode4", std::int64_t{0},
          "then record mode 4 (BIT_AND) with this value; 0 = not", 0, 4294967295.0}},
        nullptr,
        {"aclrtCntNotifyCreate succeeds", "the consumer is released once every bit is set"}});
    r.add(HostEntry{
        "cnt_notify_timeout",
        "a wait that never holds: a timeout error, or a wait for ever",
        timeout_host,
        {{"timeout", std::int64_t{1}, "wait timeout in seconds (0 = for ever)", 0, 1 << 20}},
        nullptr,
        {"aclrtCntNotifyCreate succeeds",
         "aclrtCntNotifyWaitWithTimeout (never satisfied) returns 0",
         "aclrtSynchronizeStream(other stream) returns 0",
         "aclrtSynchronizeStream(waiting stream) returns 107020",
         "the task after the timed-out wait did not run", "the other stream's task ran"}});
    r.add(HostEntry{
        "cnt_notify_exhaust",
        "streams that use events, then CntNotifies until the bank is exhausted",
        exhaust_host,
        {{"event_streams", std::int64_t{3}, "streams that record an event first", 0, 4096},
         {"expect_created", std::int64_t{2045}, "how many CntNotifies the bank should still give",
          0, 1 << 20}},
        nullptr,
        {"creation stops with 207009 (ACL_ERROR_RT_NO_NOTIFY_RESOURCE)",
         "CntNotifies created before exhaustion"}});
    r.add(HostEntry{"cnt_notify_errors",
                    "every bad-input row of the CntNotify API and the vendor's unit tests",
                    errors_host,
                    {{"supported", true,
                      "the platform supports CntNotify (else 207000 after the argument checks)"}},
                    nullptr,
                    {"Create with flag 1",
                     "Create with a NULL handle pointer",
                     "Create with flag 0",
                     "Record with NULL info",
                     "Wait with NULL info",
                     "Record with a NULL handle",
                     "Wait with a NULL handle",
                     "Reset with a NULL handle",
                     "Destroy with a NULL handle",
                     "GetId with a NULL handle",
                     "Record with mode 3",
                     "Record with mode 5",
                     "Wait with mode 5",
                     "GetId with a NULL id pointer",
                     "Record ADD 0",
                     "Wait EQUAL 0, timeout 10 s",
                     "Reset",
                     "Reset again",
                     "Synchronize the default stream",
                     "GetId",
                     "Destroy",
                     "Record on a destroyed handle",
                     "Wait on a destroyed handle",
                     "Reset on a destroyed handle",
                     "GetId on a destroyed handle",
                     "Destroy twice"}});
}

} // namespace syncsim
