// An AICore telling the AICPU "done", as hw-native-sys/simpler measured it
// on a2a3 (6ebaf771 tools/cann-examples/aicore-notification-perf/: the
// producer device-aicore/producer.cce:52-91, the consumer
// device-aicpu/consumer.cpp:79-182, the handshake shared/handshake.h:58-73;
// the figures in docs/hardware/mmio-performance.md:61-62).
//
// One AIC produces: each iteration re-reads the handshake line (dcci, then
// go, mode and throttle), takes get_sys_cnt, stores it to p_tw and then
//   gm:   stores p_seq and cleans the (dirty) line: dcci(CACHELINE_OUT);
//   cond: cleans the line holding p_tw and sets COND (no dsb between);
// then idles the throttle (the source's loop of 50 stack accesses, "~1 us
// on a3"). One AICPU thread consumes: it spins on a cacheable load of p_seq
// (gm) or an LDR of COND (cond), reads cntvct when it changes, then loads
// p_tw: each sample is cntvct - p_tw when positive. With no dsb, the COND
// path can read the p_tw of the sample before (its write-back has not
// landed), as the device can.
#include "workloads/probes/probe_support.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

// The handshake's first line (shared/handshake.h:58-73), and one line after
// it the producer's id and the consumer's stop flag: the tool keeps its stop
// (go = 0) on the shared line, where the producer's whole-line write-backs
// can put the old value back; on a line of its own it always lands.
constexpr GmAddr kGo = 0, kMode = 4, kThrottle = 8, kSeq = 16, kTw = 24, kWho = 64, kStop = 72;
constexpr std::uint64_t kModeGm = 0, kModeCond = 1;

void producer(KernelContext& k) {
    const GmAddr hank = k.arg(0);
    const auto most = static_cast<std::int64_t>(k.arg(1));
    const auto throttle = static_cast<double>(k.arg(2));
    k.st<std::uint64_t>(hank + kWho, static_cast<std::uint64_t>(k.get_physical_core_id()) + 1);
    k.dcci(hank + kWho, SINGLE_CACHE_LINE);
    std::uint64_t seq = 0;
    // Until the consumer has its samples (or a bound, should it stop early).
    for (std::int64_t e = 0; e < most; ++e) {
        k.dcci(hank + kStop, SINGLE_CACHE_LINE);
        if (k.ld<std::uint64_t>(hank + kStop) != 0) break;
        k.dcci(hank, SINGLE_CACHE_LINE);
        k.ld<std::int32_t>(hank + kGo);
        const auto mode = static_cast<std::uint64_t>(k.ld<std::int32_t>(hank + kMode));
        k.ld<std::int32_t>(hank + kThrottle);
        ++seq;
        const std::uint64_t tw = k.get_sys_cnt();
        k.st<std::uint64_t>(hank + kTw, tw);
        if (mode == kModeGm) {
            k.st<std::uint64_t>(hank + kSeq, seq);
            k.dcci(hank + kSeq, SINGLE_CACHE_LINE);
        } else {
            k.dcci(hank + kTw, SINGLE_CACHE_LINE);
            k.write_reg(RegId::COND, (seq & 0x7FFFFFFF) | 0x80000000);
        }
        k.scalar_work(throttle);
    }
}

void notification_host(HostApi& host) {
    const bool gm_path = std::get<std::string>(host.param("path")) == "gm";
    const std::int64_t samples = host.param_int("samples");
    const GmAddr hank = host.malloc(128, "handshake");
    host.memset(hank, 0, 128);
    const std::int32_t go = 1, mode = static_cast<std::int32_t>(gm_path ? kModeGm : kModeCond);
    host.write(hank + kGo, &go, 4);
    host.write(hank + kMode, &mode, 4);
    std::vector<std::uint64_t> ticks;
    AicpuLaunch cpu{"consumer", 1,
                    [&](AicpuContext& c) {
                        std::uint64_t who = 0;
                        const std::uint64_t none = 0;
                        c.poll_gm(hank + kWho, &who, 8, &none, 1e12);
                        const int core = static_cast<int>(who - 1);
                        std::uint64_t last = 0;
                        if (gm_path)
                            c.read_gm(hank + kSeq, &last, 8);
                        else
                            last = c.read_reg(core, RegId::COND);
                        for (std::int64_t s = 0; s < samples; ++s) {
                            // A notice comes every few us; none in 1 ms: the
                            // producer has stopped.
                            const double deadline = c.now_ns() + 1e6;
                            std::uint64_t now = 0;
                            const bool seen = gm_path
                                                  ? c.poll_gm(hank + kSeq, &now, 8, &last, deadline)
                                                  : c.scan_cond({core}, {last}, deadline).end ==
                                                        CondScan::End::Changed;
                            if (!seen) break;
                            const std::uint64_t t_obs = c.read_sys_cnt();
                            std::uint64_t tw = 0;
                            c.read_gm(hank + kTw, &tw, 8);
                            if (gm_path)
                                c.read_gm(hank + kSeq, &last, 8);
                            else
                                last = c.read_reg(core, RegId::COND);
                            if (t_obs > tw) ticks.push_back(t_obs - tw);
                        }
                        const std::uint64_t stop = 1;
                        c.write_gm(hank + kStop, &stop, 8);
                    },
                    [] { return std::string("consumer: waits for the producer's notice"); }};
    probes::run_beside_aicpu(
        host,
        probes::probe_launch(host, "notification_producer", true, 1,
                             {hank, static_cast<std::uint64_t>(samples * 4 + 16),
                              static_cast<std::uint64_t>(host.param_int("throttle_cycles"))}),
        cpu);
    probes::measure_ticks(host, "notice", ticks,
                          gm_path ? "a GM store + dcci until the AICPU's load sees it"
                                  : "a COND store until the AICPU's LDR sees it");
}

} // namespace

void register_notification_probe(WorkloadRegistry& r) {
    r.add(KernelEntry{"notification_producer",
                      "stores a timestamp and notifies the AICPU (GM + dcci, or COND)",
                      producer,
                      {},
                      {},
                      "notification_probe"});
    r.add(HostEntry{
        "notification_probe",
        "times an AICore's notice to the AICPU as simpler's tool did",
        notification_host,
        {choice_param("path", "gm", "gm (a GM store + dcci) or cond (the COND register)",
                      {"gm", "cond"}),
         {"samples", std::int64_t{100}, "notices timed (the tool's N)", 1, 1e5},
         {"throttle_cycles", std::int64_t{1850},
          "the producer's idle loop between notices (the source: 50 iterations, ~1 us on a3)", 0,
          1e9}},
        nullptr,
        {"the probe's kernels ran", "notice sampled"}});
}

} // namespace syncsim
