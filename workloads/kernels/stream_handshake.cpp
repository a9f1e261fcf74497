// Two single-block launches that need each other: `ping` raises a word and
// waits for `pong`'s answer. On two streams they run at the same time and
// finish; on one stream `pong` is queued behind `ping` and never starts, so
// `ping` polls until the time limit.
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

void poll_for_one(KernelContext& k, GmAddr word) {
    PollSpec spec;
    spec.addr = word;
    spec.until = Cmp::GreaterEqual;
    spec.target = 1;
    k.poll(spec);
}

void handshake_ping(KernelContext& k) {
    k.st_dev<std::int32_t>(1, k.arg(0));
    k.dsb(DSB_DDR);
    poll_for_one(k, k.arg(1));
}

void handshake_pong(KernelContext& k) {
    poll_for_one(k, k.arg(0));
    k.st_dev<std::int32_t>(1, k.arg(1));
    k.dsb(DSB_DDR);
}

void stream_handshake_host(HostApi& host) {
    const GmAddr ping = host.malloc(64, "ping");
    const GmAddr pong = host.malloc(64, "pong");
    host.memset(ping, 0, 64);
    host.memset(pong, 0, 64);
    host.trace_word("ping", ping);
    host.trace_word("pong", pong);
    const StreamId a = host.create_stream();
    const StreamId b = host.param_bool("same_stream") ? a : host.create_stream();
    KernelLaunch l;
    l.target = host.device().arch + "-vec";
    l.block_dim = 1;
    l.args = {ping, pong};
    l.kernel = "handshake_ping";
    host.launch(a, l);
    l.kernel = "handshake_pong";
    host.launch(b, l);
    host.synchronize_stream(a);
    host.synchronize_stream(b);
    host.check("pong answered", host.read_array<std::int32_t>(pong, 1)[0] == 1, "");
}

} // namespace

void register_stream_handshake(WorkloadRegistry& r) {
    r.add(KernelEntry{
        "handshake_ping", "raise ping, wait for pong", handshake_ping, {}, {}, "stream_handshake"});
    r.add(KernelEntry{
        "handshake_pong", "wait for ping, raise pong", handshake_pong, {}, {}, "stream_handshake"});
    r.add(HostEntry{"stream_handshake",
                    "two launches that wait for each other, on two streams or one",
                    stream_handshake_host,
                    {{"same_stream", false, "launch both on one stream (they cannot overlap)"}},
                    nullptr,
                    {"pong answered"}});
}

} // namespace syncsim
