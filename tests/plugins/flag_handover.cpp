// A producer hands a payload to a consumer through a GM flag, built against
// the SDK as a user writes it (issue 40 item 0). Block 0 stores the payload
// and writes its line back (dcci), then, with or without a dsb between,
// stores the flag and writes it back. Block 1 waits for the flag one of
// three ways (the SDK's poll(), a hand-written dcci + ld loop, an ld_dev
// loop), then invalidates the payload line and reads it. Without the dsb
// nothing orders the payload's write-back before the flag's, whatever order
// they land in: the race detector must say so, and only then.
#include <syncsim/cce.hpp>
#include <syncsim/plugin.hpp>

#include <string>

namespace {

constexpr std::int32_t kPayload = 42;

__aicore__ void produce(gm_ptr<std::int32_t> payload, gm_ptr<std::int32_t> flag, bool fence) {
    payload[0] = kPayload;
    payload[1] = kPayload + 1;
    dcci(payload, SINGLE_CACHE_LINE); // write the payload's line back ...
    if (fence) dsb(DSB_DDR);          // ... and wait until it landed
    flag[0] = 1;
    dcci(flag, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

__aicore__ void wait_for_flag(gm_ptr<std::int32_t> flag, const std::string& how) {
    if (how == "poll") {
        syncsim::PollSpec wait;
        wait.addr = syncsim::kernel_ptr::address(flag);
        wait.load = syncsim::PollLoad::CachedAfterDcci;
        wait.until = syncsim::Cmp::GreaterEqual;
        wait.target = 1;
        syncsim::current_kernel().poll(wait);
    } else if (how == "dcci_load") {
        for (;;) {
            dcci(flag, SINGLE_CACHE_LINE);
            if (flag[0] >= 1) break;
        }
    } else {
        while (ld_dev(flag) < 1) {
        }
    }
}

extern "C" __global__ __aicore__ void flag_handover(GM_ADDR payload_gm, GM_ADDR flag_gm,
                                                    GM_ADDR seen_gm, std::int64_t fence,
                                                    std::int64_t consumer) {
    gm_ptr<std::int32_t> payload = (gm_ptr<std::int32_t>)payload_gm;
    gm_ptr<std::int32_t> flag = (gm_ptr<std::int32_t>)flag_gm;
    gm_ptr<std::int32_t> seen = (gm_ptr<std::int32_t>)seen_gm;
    if (get_block_idx() == 0) {
        produce(payload, flag, fence != 0);
        return;
    }
    static const char* const kWays[] = {"poll", "dcci_load", "ld_dev"};
    wait_for_flag(flag, kWays[consumer]);
    dcci(payload, SINGLE_CACHE_LINE);
    seen[0] = payload[0];
    seen[1] = payload[1];
    dcci(seen, SINGLE_CACHE_LINE);
    dsb(DSB_DDR);
}

void handover_host(syncsim::HostApi& host) {
    const syncsim::GmAddr payload = host.malloc(64, "payload");
    const syncsim::GmAddr flag = host.malloc(64, "flag");
    const syncsim::GmAddr seen = host.malloc(64, "seen");
    for (syncsim::GmAddr a : {payload, flag, seen}) host.memset(a, 0, 64);
    const std::string consumer = std::get<std::string>(host.param("consumer"));
    const std::uint64_t way = consumer == "poll" ? 0 : consumer == "dcci_load" ? 1 : 2;

    syncsim::KernelLaunch launch;
    launch.kernel = "flag_handover";
    launch.target = host.device().arch + "-vec";
    launch.block_dim = 2;
    launch.args = {payload, flag, seen, host.param_bool("dsb") ? 1u : 0u, way};
    host.launch(host.default_stream(), launch);
    host.synchronize_stream(host.default_stream());
    const auto got = host.read_array<std::int32_t>(seen, 2);
    host.check("the consumer reads the payload", got[0] == kPayload && got[1] == kPayload + 1,
               "read " + std::to_string(got[0]) + ", " + std::to_string(got[1]));
}

} // namespace

SYNCSIM_PLUGIN("flag_handover") {
    sink.add(syncsim::KernelEntry{"flag_handover",
                                  "block 0 publishes a payload and a flag, block 1 waits for the "
                                  "flag and reads the payload",
                                  &syncsim::vendor_kernel<flag_handover>,
                                  {},
                                  {},
                                  "flag_handover"});
    sink.add(syncsim::HostEntry{
        "flag_handover",
        "launches flag_handover on two blocks and checks the payload the consumer read",
        handover_host,
        {{"dsb", true, "the producer's dsb between the payload's write-back and the flag"},
         syncsim::choice_param("consumer", "poll",
                               "how the consumer waits: poll (the SDK's poll), dcci_load "
                               "(dcci + ld loop) or ld_dev (ld_dev loop)",
                               {"poll", "dcci_load", "ld_dev"})},
        nullptr,
        {"the consumer reads the payload"}});
}
