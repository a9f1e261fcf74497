// Benchmarks. Each measured part runs in its own child process, since
// SystemC elaborates once per process. Wall-clock numbers: run them, do not
// assert on them.
//
//   syncsim_bench [CONFIG]  the raw SystemC event rate of this machine (two
//                           threads handing a timed event back and forth) and
//                           syncsim's event rate on a memory-heavy kernel,
//                           and their ratio
//   syncsim_bench poll      a soft barrier on 72 AIV cores where one never
//                           arrives: spinning vs fast-forwarded polls
//   syncsim_bench barrier [--repeat K] [N:ROUNDS]...
//                           syncsim's hard AIVOnly barrier against the lean
//                           SystemC model of it (default 48:20000 512:2000
//                           4096:100), each side K times (default 3),
//                           alternating, best time kept: core-rounds/s of
//                           each, their ratio, peak RSS per core; syncsim
//                           twice, as a user runs it (--races auto) and
//                           with the race detector off
//   syncsim_bench races [--repeat K] [KIND:N:ROUNDS]...
//                           the GM race detector's cost: barrier rounds
//                           (KIND hard or soft; default hard:48:2000
//                           soft:48:200) with --races off and on, each K
//                           times (default 3), alternating: the ratio of
//                           simulation times
//   syncsim_bench gm-access [RUNS]
//                           one kernel's scalar GM accesses through gm_ptr<T>
//                           (g++) and through `__gm__ T*` instrumented by
//                           syncsim's pass (clang): wall time of each, ratio
#include "bench/barrier.hpp"
#include "bench/races.hpp"
#include "driver/run/run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <systemc>
#include <vector>

namespace {

const std::string kSource = SYNCSIM_SOURCE_DIR;

struct PingPong : sc_core::sc_module {
    sc_core::sc_event to_b, to_a;
    std::uint64_t rounds, resumptions = 0;
    PingPong(sc_core::sc_module_name n, std::uint64_t r) : sc_module(n), rounds(r) {
        SC_HAS_PROCESS(PingPong);
        SC_THREAD(a);
        SC_THREAD(b);
    }
    void a() {
        for (std::uint64_t i = 0; i < rounds; ++i) {
            to_b.notify(1, sc_core::SC_NS);
            sc_core::wait(to_a);
            ++resumptions;
        }
    }
    void b() {
        for (;;) {
            sc_core::wait(to_b);
            ++resumptions;
            to_a.notify(1, sc_core::SC_NS);
        }
    }
};

int raw_part() {
    PingPong pp("pingpong", 2000000);
    const auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%llu %.6f 0\n", static_cast<unsigned long long>(pp.resumptions), wall);
    return 0;
}

int sim_part(const std::string& config, const std::vector<std::string>& sets) {
    const auto cfg = syncsim::load_experiment(config, sets, kSource + "/platforms");
    const auto report = syncsim::run_experiment(cfg, {});
    if (!report.expectation_met) {
        std::fprintf(stderr, "benchmark config did not run as expected:\n%s",
                     report.summary.c_str());
        return 1;
    }
    std::printf(
        "%llu %.6f %llu\n", static_cast<unsigned long long>(report.events),
        report.simulation_seconds,
        static_cast<unsigned long long>(report.result["time"]["end_ps"].get<std::uint64_t>()));
    return 0;
}

struct Measured {
    double events = 0, wall = 0, sim_ps = 0;
};

bool run_child(const std::string& self, const std::string& args, Measured* m) {
    FILE* p = popen((self + " " + args).c_str(), "r");
    if (!p) return false;
    const int n = std::fscanf(p, "%lf %lf %lf", &m->events, &m->wall, &m->sim_ps);
    return pclose(p) == 0 && n == 3;
}

int event_rate_bench(const std::string& self, const std::string& config, const std::string& shown) {
    Measured raw, sim;
    if (!run_child(self, "--raw", &raw) || !run_child(self, "--sim " + config, &sim)) {
        std::cerr << "bench: a part failed\n";
        return 1;
    }
    const double raw_rate = raw.events / raw.wall, sim_rate = sim.events / sim.wall;
    std::printf(
        "raw SystemC (2 threads, timed notify): %.0f resumptions in %.3f s = %.3g events/s\n",
        raw.events, raw.wall, raw_rate);
    std::printf("syncsim %s: %.0f events in %.3f s = %.3g events/s (%.1f us simulated)\n",
                shown.c_str(), sim.events, sim.wall, sim_rate, sim.sim_ps / 1e6);
    std::printf("ratio syncsim / raw event rate: %.3f\n", sim_rate / raw_rate);
    return 0;
}

int poll_bench(const std::string& self) {
    const std::string config = kSource + "/configs/bench/soft_poll_timeout.yaml";
    const char* modes[2] = {"spin", "fast_forward"};
    Measured m[2];
    for (int i = 0; i < 2; ++i)
        if (!run_child(self, "--sim " + config + " simulator.poll=" + modes[i], &m[i])) {
            std::cerr << "bench: the " << modes[i] << " run failed\n";
            return 1;
        }
    std::printf("soft barrier on 72 AIV cores, one never arrives: 71 cores poll to 1,000,000\n");
    for (int i = 0; i < 2; ++i)
        std::printf("  %-12s %12.0f events %9.3f s wall %9.3f ms simulated\n", modes[i],
                    m[i].events, m[i].wall, m[i].sim_ps / 1e9);
    std::printf("  wall-time ratio spin / fast_forward: %.0f\n", m[0].wall / m[1].wall);
    return m[0].sim_ps == m[1].sim_ps ? 0 : 1;
}

// The same kernel's scalar GM accesses through gm_ptr<T> (g++) and through
// `__gm__ T*` rewritten by syncsim's pass (clang): the wall time of each
// simulation, best of `runs`, and the ratio (the pass's target: <= 1.5).
int gm_access_bench(const std::string& self, int runs) {
#if defined(SYNCSIM_BENCH_INSTRUMENTED_PLUGIN)
    // In bench/, not configs/: it needs the bench's plugins, whose paths are
    // this build's (no golden result can hold them).
    const std::string config = kSource + "/bench/gm_access.yaml";
    const char* names[2] = {"gm_ptr<T> (g++)", "__gm__ T* (clang + pass)"};
    const std::string plugins[2] = {SYNCSIM_BENCH_GM_PTR_PLUGIN, SYNCSIM_BENCH_INSTRUMENTED_PLUGIN};
    const double accesses = 48.0 * 16 * 1024 * 2;
    double best[2] = {1e300, 1e300};
    for (int r = 0; r < runs; ++r)
        for (int i = 0; i < 2; ++i) {
            Measured m;
            if (!run_child(self, "--sim " + config + " workload.plugin=" + plugins[i], &m)) {
                std::cerr << "bench: the " << names[i] << " run failed\n";
                return 1;
            }
            best[i] = std::min(best[i], m.wall);
        }
    std::printf("48 vector cores x 32768 scalar GM accesses (best of %d runs)\n", runs);
    for (int i = 0; i < 2; ++i)
        std::printf("  %-26s %8.3f s wall  %6.0f ns per access\n", names[i], best[i],
                    best[i] / accesses * 1e9);
    std::printf("  ratio instrumented / gm_ptr: %.2f\n", best[1] / best[0]);
    return 0;
#else
    (void)self;
    (void)runs;
    std::cerr << "bench: built without clang-14/llvm-14-dev: no instrumented plugin\n";
    return 1;
#endif
}

} // namespace

// The SystemC banner is printed before sc_main; a static initialiser is early enough.
static const int kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

int sc_main(int argc, char* argv[]) {
    (void)kQuietBanner;
    syncsim::configure_systemc_reports();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "--raw") return raw_part();
    if (mode == "--sim") return sim_part(argv[2], std::vector<std::string>(argv + 3, argv + argc));
    if (mode == "poll") return poll_bench(argv[0]);
    if (mode == "gm-access") return gm_access_bench(argv[0], argc > 2 ? std::atoi(argv[2]) : 5);
    if (mode == "races" || mode == "--races-part")
        return syncsim::bench::races_command(kSource, argc, argv);
    if (mode == "--lean")
        return syncsim::bench::lean_part(std::atoi(argv[2]), std::stoull(argv[3]));
    if (mode == "--barrier-syncsim")
        return syncsim::bench::syncsim_part(kSource, std::atoi(argv[2]), std::stoull(argv[3]),
                                            argc > 4 ? argv[4] : "auto");
    if (mode == "barrier") {
        const syncsim::bench::BenchArgs args = syncsim::bench::bench_args(argc, argv, 2);
        std::vector<std::pair<int, std::uint64_t>> runs;
        for (const std::string& arg : args.runs) {
            const auto colon = arg.find(':');
            if (colon == std::string::npos) {
                std::cerr << "bench: barrier takes CORES:ROUNDS arguments\n";
                return 2;
            }
            runs.emplace_back(std::stoi(arg.substr(0, colon)), std::stoull(arg.substr(colon + 1)));
        }
        if (runs.empty()) runs = {{48, 20000}, {512, 2000}, {4096, 100}};
        return syncsim::bench::barrier_bench(argv[0], runs, args.repeats);
    }
    if (!mode.empty()) return event_rate_bench(argv[0], mode, mode);
    return event_rate_bench(argv[0], kSource + "/configs/bench/memory_heavy.yaml",
                            "configs/bench/memory_heavy.yaml");
}
