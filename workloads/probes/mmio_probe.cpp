// The AICPU's register path, as hw-native-sys/simpler measured it on a2a3
// (6ebaf771 docs/hardware/mmio-performance.md:51-62, the probes of
// tools/cann-examples/aicpu-mmio-probes/device/probes.cpp):
//   cond_ldr     10,000 back-to-back LDRs of one core's COND between two
//                cntvct reads (Phase 12-A, probes.cpp:97-108): per LDR;
//   str_burst    1,000 posted STRs to one core's DATA_MAIN_BASE (Phase 4,
//                probes.cpp:73-79, no barrier before the second read): per STR;
//   str_ldr      one STR to DATA_MAIN_BASE and an LDR of it back
//                (probes.cpp:83-89): the round trip, one sample a run on the
//                device, here `samples` spaced runs;
//   dmb_visible  an AICPU store to a core's DATA_MAIN_BASE until the core's
//                spin on it reads the value and takes get_sys_cnt (Phase 3,
//                whose code is not public: this is the closest reading).
#include "workloads/probes/probe_support.hpp"
#include "workloads/registry.hpp"

namespace syncsim {

namespace {

constexpr std::uint64_t kStrValue = 0x7FFFFFFD; // what the probes store
constexpr int kReadySlot = 0, kSamplesAt = 64;  // the worker's GM: a line each

// dmb_visible's AICore side: announces its SoC id, then for each sample
// spins on DATA_MAIN_BASE until the AICPU's next value lands, takes the
// counter and acknowledges in COND. The counts go to GM at the end.
void dmb_worker(KernelContext& k) {
    const GmAddr gm = k.arg(0);
    const auto samples = static_cast<std::int64_t>(k.arg(1));
    k.st<std::uint64_t>(gm + kReadySlot, static_cast<std::uint64_t>(k.get_physical_core_id()) + 1);
    k.dcci(gm + kReadySlot, SINGLE_CACHE_LINE);
    std::uint64_t seen = 0;
    for (std::int64_t s = 0; s < samples; ++s) {
        seen = k.spin_while_reg(RegId::DATA_MAIN_BASE, seen);
        const std::uint64_t t1 = k.get_sys_cnt();
        k.st<std::uint64_t>(gm + kSamplesAt + static_cast<GmAddr>(s) * 8, t1);
        k.write_reg(RegId::COND, seen);
    }
    k.dcci(gm, ENTIRE_DATA_CACHE);
    k.dsb(DSB_DDR);
}

void mmio_host(HostApi& host) {
    const std::string probe = std::get<std::string>(host.param("probe"));
    const std::int64_t samples = host.param_int("samples");
    std::vector<std::uint64_t> ticks;
    if (probe == "dmb_visible") {
        const GmAddr gm = host.malloc(kSamplesAt + static_cast<std::uint64_t>(samples) * 8, "dmb");
        host.memset(gm, 0, kSamplesAt + static_cast<std::uint64_t>(samples) * 8);
        std::vector<std::uint64_t> t0(static_cast<std::size_t>(samples));
        AicpuLaunch cpu{"dmb_visible", 1,
                        [&](AicpuContext& c) {
                            std::uint64_t id = 0;
                            const std::uint64_t none = 0;
                            c.poll_gm(gm + kReadySlot, &id, 8, &none, 1e12);
                            const int core = static_cast<int>(id - 1);
                            for (std::int64_t s = 0; s < samples; ++s) {
                                c.work(1013); // samples apart, at varied counter phases
                                t0[static_cast<std::size_t>(s)] = c.read_sys_cnt();
                                c.write_reg(core, RegId::DATA_MAIN_BASE,
                                            static_cast<std::uint64_t>(s + 1));
                                c.scan_cond({core}, {static_cast<std::uint64_t>(s)}, 1e12);
                            }
                        },
                        [] { return std::string("dmb_visible: stores DATA_MAIN_BASE"); }};
        probes::run_beside_aicpu(host,
                                 probes::probe_launch(host, "mmio_probe_worker", false, 1,
                                                      {gm, static_cast<std::uint64_t>(samples)}),
                                 cpu);
        const auto t1 =
            host.read_array<std::uint64_t>(gm + kSamplesAt, static_cast<std::size_t>(samples));
        for (std::size_t s = 0; s < t1.size(); ++s)
            if (t1[s] >= t0[s]) ticks.push_back(t1[s] - t0[s]);
        probes::measure_ticks(host, "visible", ticks,
                              "an AICPU store to DATA_MAIN_BASE until the core's spin sees it");
        return;
    }
    // The AICPU alone, on core 0's registers.
    const std::int64_t repeat = probe == "str_ldr" ? samples : 1;
    const std::int64_t per_sample = probe == "str_ldr" ? 1 : samples;
    AicpuLaunch cpu{probe, 1,
                    [&](AicpuContext& c) {
                        for (std::int64_t r = 0; r < repeat; ++r) {
                            c.work(1013);
                            const std::uint64_t t0 = c.read_sys_cnt();
                            for (std::int64_t i = 0; i < per_sample; ++i) {
                                if (probe == "cond_ldr") c.read_reg(0, RegId::COND);
                                if (probe != "cond_ldr")
                                    c.write_reg(0, RegId::DATA_MAIN_BASE, kStrValue);
                                if (probe == "str_ldr") c.read_reg(0, RegId::DATA_MAIN_BASE);
                            }
                            ticks.push_back(c.read_sys_cnt() - t0);
                        }
                    },
                    [probe] { return probe + ": MMIO to core 0"; }};
    const StreamId s = host.create_stream();
    host.launch_aicpu(s, cpu);
    host.check("the probe's kernels ran", host.synchronize_stream(s) == 0, "the AICPU stream");
    const DeviceInfo& d = host.device();
    if (probe == "str_ldr") {
        probes::measure_ticks(host, "round_trip", ticks, "an STR then an LDR of the same register");
        return;
    }
    const double per = d.ticks_to_ns(double(ticks.at(0))) / double(samples);
    host.measure(probe == "cond_ldr" ? "ldr_ns" : "str_ns", per, "ns",
                 probe == "cond_ldr" ? "one LDR of COND, from " + std::to_string(samples)
                                     : "one posted STR, from " + std::to_string(samples));
}

} // namespace

void register_mmio_probe(WorkloadRegistry& r) {
    r.add(KernelEntry{"mmio_probe_worker",
                      "spins on DATA_MAIN_BASE and takes get_sys_cnt per value",
                      dmb_worker,
                      {},
                      {},
                      "mmio_probe"});
    r.add(HostEntry{"mmio_probe",
                    "times the AICPU's register path as simpler's probes did",
                    mmio_host,
                    {choice_param("probe", "cond_ldr",
                                  "cond_ldr, str_burst, str_ldr or dmb_visible (the file says what "
                                  "each times)",
                                  {"cond_ldr", "str_burst", "str_ldr", "dmb_visible"}),
                     {"samples", std::int64_t{10000},
                      "accesses timed together (cond_ldr, str_burst) or samples (str_ldr, "
                      "dmb_visible)",
                      1, 1e6}},
                    nullptr,
                    {"the probe's kernels ran", "visible sampled", "round_trip sampled"}});
}

} // namespace syncsim
