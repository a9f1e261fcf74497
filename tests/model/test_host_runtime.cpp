// The host runtime on a small device: streams run their tasks in order and
// apart from each other, a CntNotify record on one stream releases a wait on
// another (the reader's kernel starts after the writer's, the record and the
// wake), memory round-trips, and a stale handle gets the runtime's code.
#include "models/runtime/host_runtime.hpp"
#include "platforms/ascend_device.hpp"
#include "tests/support/small_device.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

double g_writer_end_ns = -1, g_reader_start_ns = -1;

void write_seven(KernelContext& k) {
    k.scalar_work(1000);
    k.st_dev<std::int32_t>(7, k.arg(0));
    k.dsb(DSB_DDR);
    g_writer_end_ns = test::now_ns();
}

void copy_word(KernelContext& k) {
    g_reader_start_ns = test::now_ns();
    k.st_dev<std::int32_t>(k.ld_dev<std::int32_t>(k.arg(0)), k.arg(0), 1);
    k.dsb(DSB_DDR);
}

KernelFn kernel_named(const std::string& name) {
    return name == "write_seven" ? write_seven : name == "copy_word" ? copy_word : nullptr;
}

void two_streams(HostApi& h) {
    const GmAddr word = h.malloc(64, "word");
    aclrtCntNotify notify = nullptr;
    h.check("create", h.aclrtCntNotifyCreate(&notify, 0) == acl::kSuccess, "");
    const StreamId writer = h.create_stream(), reader = h.create_stream();
    KernelLaunch launch;
    launch.target = "dav-x900-vec";
    launch.block_dim = 1;
    launch.args = {word};
    launch.kernel = "write_seven";
    h.launch(writer, launch);
    aclrtCntNotifyRecordInfo record{ADD_MODE, 1};
    h.aclrtCntNotifyRecord(notify, h.stream_handle(writer), &record);
    aclrtCntNotifyWaitInfo wait{BIGGER_OR_EQUAL_MODE, 1, 0, 1, {}};
    h.aclrtCntNotifyWaitWithTimeout(notify, h.stream_handle(reader), &wait);
    launch.kernel = "copy_word";
    h.launch(reader, launch);
    h.check("writer synchronizes", h.synchronize_stream(writer) == acl::kSuccess, "");
    h.check("reader synchronizes", h.synchronize_stream(reader) == acl::kSuccess, "");
    std::int32_t copied = 0;
    h.read(&copied, word + 4, 4);
    h.check("the reader copied the writer's word", copied == 7, std::to_string(copied));
    h.check("destroy", h.aclrtCntNotifyDestroy(notify) == acl::kSuccess, "");
    h.check("destroyed twice", h.aclrtCntNotifyDestroy(notify) == acl::kRtInvalidHandle, "");
}

} // namespace

TEST_CASE("host runtime: streams in order and apart, CntNotify across streams, codes",
          "[host][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Platform p = test::small_platform("die: {count: 1, cluster: {count: 2}}\n");
    AscendDevice device(p);
    HostRuntime host("host", two_streams, kernel_named, std::make_shared<const ParamMap>(),
                     device.host_ports());
    sc_core::sc_start();

    INFO(host.error().value_or("no host error"));
    CHECK(host.finished());
    CHECK_FALSE(host.error());
    REQUIRE(host.checks().size() == 6);
    for (const HostCheck& c : host.checks()) {
        INFO(c.name << ": " << c.detail);
        CHECK(c.ok);
    }
    // The reader's stream waited for the record (200 cycles after the
    // writer's launch ended) and the wake (200 more), then its launch overhead.
    REQUIRE(g_writer_end_ns > 1000);
    CHECK(g_reader_start_ns > g_writer_end_ns + 200 + 200);
    CHECK(host.streams().size() >= 3); // the default stream and two more
}

TEST_CASE("host runtime: the device hands it every port in one struct", "[host][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Platform p = test::small_platform("die: {count: 1, cluster: {count: 2}}\n");
    AscendDevice device(p);
    const HostPorts ports = device.host_ports();
    CHECK(ports.gm == &device.gm());
    CHECK(ports.gm_base == kGmBase);
    CHECK(ports.gm_bytes == static_cast<std::uint64_t>(p.hbm_bytes));
    CHECK(ports.scheduler == &device.scheduler());
    CHECK(ports.notifies == &device.notifies());
    CHECK(ports.aicpu == &device.aicpu());
    CHECK(ports.provenance == &device.provenance());
    CHECK(ports.stale_reads == &device.stale_reads());
    CHECK(ports.races == device.races());
    CHECK(ports.race_host_agent == device.race_host_agent());
    CHECK(ports.launch_rules.size() == p.launch_rules.size());
    // rtGetC2cCtrlAddr points at the FFTS hub only where the arch has one to point at.
    CHECK(ports.c2c_ctrl_addr == (p.ffts.needs_base_address ? FftsHub::kBaseAddress : 0));
    CHECK(ports.requester_name(0) == device.requester_name(0));
}
