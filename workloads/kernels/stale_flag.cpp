// Publishing data to another core through GM without cache coherence.
// Block 1 (the consumer) reads the payload once, so its scalar cache holds
// the line; then tells the producer, through an uncached word, that it is
// armed. Block 0 (the producer) stores the payload, writes it back with
// dcci + dsb, and raises `ready`. The consumer waits for `ready` and reads the
// payload again: without its own dcci it reads the line it still holds.
#include "syncsim/pto/gm_atomic.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

constexpr std::int32_t kPayload = 42;
constexpr int kLineWords = 16;

PollLoad poll_load_from(const std::string& mode) {
    if (mode == "cached") return PollLoad::Cached;
    if (mode == "cached_dcci") return PollLoad::CachedAfterDcci;
    return PollLoad::Dev;
}

void stale_flag(KernelContext& k) {
    const GmAddr payload = k.arg(0), ready = k.arg(1), armed = k.arg(2), out = k.arg(3);
    PollSpec wait;
    wait.type = AtomicType::S32;
    wait.until = Cmp::GreaterEqual;
    wait.target = 1;
    if (k.get_block_idx() == 0) { // producer
        wait.addr = armed;
        k.poll(wait);
        lib::publish<std::int32_t>(k, payload, kPayload);
        k.st_dev<std::int32_t>(1, ready);
        k.dsb(DSB_DDR);
        return;
    }
    // consumer: reads the payload and `ready` once, so both lines are cached
    lib::publish<std::int32_t>(k, out, k.ld<std::int32_t>(payload));
    k.ld<std::int32_t>(ready);
    k.st_dev<std::int32_t>(1, armed);
    k.dsb(DSB_DDR);
    wait.addr = ready;
    wait.load = poll_load_from(std::get<std::string>(k.param("ready_poll")));
    k.poll(wait);
    if (k.param_bool("consumer_dcci")) k.dcci(payload, SINGLE_CACHE_LINE);
    lib::publish<std::int32_t>(k, out + kLineWords * 4, k.ld<std::int32_t>(payload));
}

void stale_flag_host(HostApi& host) {
    const GmAddr payload = host.malloc(64, "payload");
    const GmAddr ready = host.malloc(64, "ready");
    const GmAddr armed = host.malloc(64, "armed");
    const GmAddr out = host.malloc(128, "out");
    for (GmAddr a : {payload, ready, armed, out}) host.memset(a, 0, 64);
    host.memset(out + 64, 0, 64);
    host.trace_word("payload", payload);
    host.trace_word("ready", ready);
    host.trace_word("consumer_read", out + 64);

    KernelLaunch launch;
    launch.kernel = "stale_flag";
    launch.target = host.device().arch + "-vec";
    launch.block_dim = 2;
    launch.args = {payload, ready, armed, out};
    host.launch(host.default_stream(), launch);
    host.synchronize_stream(host.default_stream());

    const auto seen = host.read_array<std::int32_t>(out, 2 * kLineWords);
    host.check("consumer's first read sees the initial 0", seen[0] == 0,
               "read " + std::to_string(seen[0]));
    host.check("consumer sees the published payload", seen[kLineWords] == kPayload,
               "read " + std::to_string(seen[kLineWords]) + ", published " +
                   std::to_string(kPayload));
}

} // namespace

void register_stale_flag(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> params = {
        {"consumer_dcci", true, "the consumer invalidates the payload line before re-reading it"},
        choice_param("ready_poll", "dev",
                     "how the consumer polls `ready`: dev (ld_dev), cached_dcci (dcci + load) or "
                     "cached (plain cached load: never sees the store)",
                     {"dev", "cached_dcci", "cached"}),
    };
    r.add(KernelEntry{"stale_flag",
                      "producer publishes a payload, consumer re-reads it",
                      stale_flag,
                      params,
                      {},
                      "stale_flag"});
    r.add(HostEntry{
        "stale_flag",
        "two AIV blocks: does the consumer see the producer's payload?",
        stale_flag_host,
        params,
        nullptr,
        {"consumer's first read sees the initial 0", "consumer sees the published payload"}});
}

} // namespace syncsim
