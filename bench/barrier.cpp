// `syncsim_bench barrier`: syncsim's hard AIVOnly barrier against a yardstick
// run by the same binary on the same machine: the leanest SystemC model of
// the same barrier (N SC_THREAD cores and one aggregator thread; a core
// arrives after 1 ns and waits for the release, two resumptions per
// core-round, nothing else). Each side runs in its own child process; the
// figures are ratios of rates measured back to back, not timed assertions.
#include "bench/barrier.hpp"
#include <algorithm>
#include <cstdlib>

#include "driver/run/run.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim::bench {

namespace {

struct LeanBarrier : sc_core::sc_module {
    int cores;
    std::uint64_t rounds;
    int arrived = 0;
    sc_core::sc_event all_arrived, release;

    LeanBarrier(sc_core::sc_module_name n, int c, std::uint64_t r)
        : sc_module(n), cores(c), rounds(r) {
        SC_HAS_PROCESS(LeanBarrier);
        for (int i = 0; i < cores; ++i) sc_core::sc_spawn([this] { core(); });
        SC_THREAD(aggregator);
    }
    void core() {
        for (std::uint64_t r = 0; r < rounds; ++r) {
            sc_core::wait(1, sc_core::SC_NS); // the work before the barrier
            if (++arrived == cores) all_arrived.notify(sc_core::SC_ZERO_TIME);
            sc_core::wait(release);
        }
    }
    void aggregator() {
        for (std::uint64_t r = 0; r < rounds; ++r) {
            sc_core::wait(all_arrived);
            arrived = 0;
            release.notify(1, sc_core::SC_NS);
        }
    }
};

struct Side {
    double core_rounds = 0, run_s = 0, process_s = 0, rss_kib = 0;
};

// The whole process is timed from here, exit included (ending thousands of
// SystemC threads is part of what a user waits for).
bool run_side(const std::string& command, Side* s) {
    const auto t0 = std::chrono::steady_clock::now();
    FILE* p = popen(command.c_str(), "r");
    if (!p) return false;
    double child_s = 0;
    const int n =
        std::fscanf(p, "%lf %lf %lf %lf", &s->core_rounds, &s->run_s, &child_s, &s->rss_kib);
    const bool ok = pclose(p) == 0 && n == 4;
    s->process_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return ok;
}

const auto kProcessStart = std::chrono::steady_clock::now();

} // namespace

double since_start() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - kProcessStart).count();
}

int lean_part(int cores, std::uint64_t rounds) {
    LeanBarrier model("lean", cores, rounds);
    const auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    const double run = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%.0f %.6f %.6f %ld\n", double(cores) * double(rounds), run, since_start(),
                peak_rss_kib());
    return 0;
}

// syncsim's hard AIVOnly barrier (the sweep base, kernel meta MIX_AIV_MAIN)
// on a 910B1 made of as many clusters as N vector cores need.
int syncsim_part(const std::string& source, int cores, std::uint64_t rounds,
                 const std::string& races) {
    const int clusters = cores / 2;
    const int dies = (clusters + 4095) / 4096;
    const std::vector<std::string> sets = {"platform=910b1",
                                           "platform.die.count=" + std::to_string(dies),
                                           "platform.die.cluster.count=" +
                                               std::to_string(clusters / dies),
                                           "workload.params.block_dim=" + std::to_string(cores),
                                           "workload.params.rounds=" + std::to_string(rounds),
                                           "limits.sim_time=100 s"};
    const auto cfg = load_experiment(source + "/configs/sweeps/barrier_rounds_base.yaml", sets,
                                     source + "/platforms");
    RunOptions options; // a user's defaults (--races auto), or the detector off
    if (races == "off") options.races = RaceMode::Off;
    const auto report = run_experiment(cfg, options);
    if (report.outcome != "completed") {
        std::fprintf(stderr, "bench: the barrier did not complete:\n%s", report.summary.c_str());
        return 1;
    }
    std::printf("%.0f %.6f %.6f %ld\n", double(cores) * double(rounds), report.simulation_seconds,
                since_start(), peak_rss_kib());
    return 0;
}

namespace {

// Best of the repeats: each figure on its own.
void keep_best(Side& into, const Side& s, bool first) {
    if (first) {
        into = s;
        return;
    }
    into.run_s = std::min(into.run_s, s.run_s);
    into.process_s = std::min(into.process_s, s.process_s);
    into.rss_kib = std::min(into.rss_kib, s.rss_kib);
}

struct SyncsimSide {
    const char* races; // as --races takes it; "auto" is a user's default
    Side best;
    double pair_min = 1e300, pair_max = 0;
};

} // namespace

int barrier_bench(const std::string& self, const std::vector<std::pair<int, std::uint64_t>>& runs,
                  int repeats) {
    // The fixed base: syncsim's peak RSS for 2 vector cores and one round
    // (the program, SystemC, the platform and config); what a run holds
    // above it, per vector core, is what more cores cost.
    Side base;
    if (!run_side(self + " --barrier-syncsim 2 1 auto", &base)) {
        std::cerr << "bench: the base run failed\n";
        return 1;
    }
    std::printf("fixed base (2 AIV, 1 round): peak RSS %.1f MiB; each side run %d times, "
                "alternating, best time kept (the machine is shared and noisy)\n",
                base.rss_kib / 1024, repeats);
    std::printf("%6s %8s %6s %12s %12s %12s %7s %7s %13s %10s %10s\n", "cores", "rounds", "races",
                "lean c-r/s", "syncsim c-r/s", "(whole)", "ratio", "(whole)", "pairs min-max",
                "RSS/core", "above base");
    for (const auto& [cores, rounds] : runs) {
        Side lean;
        SyncsimSide sides[] = {{"auto", {}}, {"off", {}}};
        const std::string args = std::to_string(cores) + " " + std::to_string(rounds);
        for (int r = 0; r < repeats; ++r) {
            Side l;
            if (!run_side(self + " --lean " + args, &l)) return 1;
            keep_best(lean, l, r == 0);
            for (SyncsimSide& side : sides) {
                Side x;
                if (!run_side(self + " --barrier-syncsim " + args + " " + side.races, &x)) {
                    std::cerr << "bench: a part failed at " << cores << " cores\n";
                    return 1;
                }
                const double pair = (x.core_rounds / x.run_s) / (l.core_rounds / l.run_s);
                side.pair_min = std::min(side.pair_min, pair);
                side.pair_max = std::max(side.pair_max, pair);
                keep_best(side.best, x, r == 0);
            }
        }
        const double lean_rate = lean.core_rounds / lean.run_s;
        const double lean_whole = lean.core_rounds / lean.process_s;
        for (const SyncsimSide& side : sides) {
            const Side& sim = side.best;
            const double sim_rate = sim.core_rounds / sim.run_s;
            const double sim_whole = sim.core_rounds / sim.process_s;
            std::printf("%6d %8llu %6s %12.3g %12.3g %12.3g %7.3f %7.3f %6.3f-%-6.3f %10.1f "
                        "%10.1f\n",
                        cores, static_cast<unsigned long long>(rounds), side.races, lean_rate,
                        sim_rate, sim_whole, sim_rate / lean_rate, sim_whole / lean_whole,
                        side.pair_min, side.pair_max, sim.rss_kib / cores,
                        (sim.rss_kib - base.rss_kib) / cores);
        }
    }
    return 0;
}

long peak_rss_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

BenchArgs bench_args(int argc, char* argv[], int first) {
    BenchArgs a;
    for (int i = first; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            a.repeats = std::max(1, std::atoi(argv[++i]));
        else
            a.runs.push_back(arg);
    }
    return a;
}

} // namespace syncsim::bench
