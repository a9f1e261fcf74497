// `syncsim_bench races`: the GM race detector's cost on barrier rounds. The
// sweep base of barrier rounds (configs/sweeps/barrier_rounds_base.yaml, a
// 950PR: the hard AIVOnly barrier through FFTS, or the soft one through an
// atomic counter and polls) runs with `--races off` and `--races on`, each
// in its own child process, alternating; the ratio of simulation times is
// what checking costs. Figures, not assertions: the machine is shared.
#include "bench/races.hpp"
#include "bench/barrier.hpp"
#include "driver/run/run.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

namespace syncsim::bench {

namespace {

struct Part {
    double sim_s = 0, process_s = 0, rss_kib = 0, races = 0;
};

bool run_part(const std::string& command, Part* p) {
    FILE* f = popen(command.c_str(), "r");
    if (!f) return false;
    const int n =
        std::fscanf(f, "%lf %lf %lf %lf", &p->sim_s, &p->process_s, &p->rss_kib, &p->races);
    return pclose(f) == 0 && n == 4;
}

} // namespace

int races_part(const std::string& source, const RacesRun& run, const std::string& races) {
    // A 950PR's two dies with as many clusters (2 AIV each) as the cores need.
    const int clusters_per_die = std::max(36, (run.cores + 3) / 4);
    const std::vector<std::string> sets = {
        "workload.params.mode=" + run.mode,
        "platform.die.cluster.count=" + std::to_string(clusters_per_die),
        "workload.params.block_dim=" + std::to_string(run.cores),
        "workload.params.rounds=" + std::to_string(run.rounds), "limits.sim_time=100 s"};
    const auto cfg = load_experiment(source + "/configs/sweeps/barrier_rounds_base.yaml", sets,
                                     source + "/platforms");
    RunOptions options;
    options.races = races == "on" ? RaceMode::On : RaceMode::Off;
    const auto report = run_experiment(cfg, options);
    if (report.outcome != "completed") {
        std::fprintf(stderr, "bench: the barrier did not complete:\n%s", report.summary.c_str());
        return 1;
    }
    const double process = since_start();
    const std::uint64_t count =
        report.result.contains("races") ? report.result["races"]["count"].get<std::uint64_t>() : 0;
    std::printf("%.6f %.6f %ld %llu\n", report.simulation_seconds, process, peak_rss_kib(),
                static_cast<unsigned long long>(count));
    return 0;
}

int races_bench(const std::string& self, const std::vector<RacesRun>& runs, int repeats) {
    std::printf("the race detector on barrier rounds (configs/sweeps/barrier_rounds_base.yaml, "
                "950PR): each side run %d times, alternating, best time kept\n",
                repeats);
    std::printf("%5s %6s %8s %10s %10s %7s %13s %9s %9s %6s\n", "kind", "cores", "rounds",
                "off sim s", "on sim s", "ratio", "pairs min-max", "off RSS", "on RSS", "races");
    for (const RacesRun& run : runs) {
        Part off, on;
        double lo = 1e300, hi = 0;
        const std::string args =
            run.mode + " " + std::to_string(run.cores) + " " + std::to_string(run.rounds);
        for (int r = 0; r < repeats; ++r) {
            Part a, b;
            if (!run_part(self + " --races-part " + args + " off", &a) ||
                !run_part(self + " --races-part " + args + " on", &b)) {
                std::cerr << "bench: a part failed (" << args << ")\n";
                return 1;
            }
            lo = std::min(lo, b.sim_s / a.sim_s);
            hi = std::max(hi, b.sim_s / a.sim_s);
            if (r == 0 || a.sim_s < off.sim_s) off = a;
            if (r == 0 || b.sim_s < on.sim_s) on = b;
        }
        std::printf("%5s %6d %8llu %10.4f %10.4f %7.3f %6.3f-%-6.3f %6.1f MiB %6.1f MiB %6.0f\n",
                    run.mode.c_str(), run.cores, static_cast<unsigned long long>(run.rounds),
                    off.sim_s, on.sim_s, on.sim_s / off.sim_s, lo, hi, off.rss_kib / 1024,
                    on.rss_kib / 1024, on.races);
    }
    return 0;
}

int races_command(const std::string& source, int argc, char* argv[]) {
    const std::string mode = argv[1];
    if (mode == "--races-part" && argc == 6)
        return races_part(source, {argv[2], std::atoi(argv[3]), std::stoull(argv[4])}, argv[5]);
    const BenchArgs args = bench_args(argc, argv, 2);
    std::vector<RacesRun> runs;
    for (const std::string& arg : args.runs) {
        const auto a = arg.find(':'), b = arg.rfind(':');
        if (a == std::string::npos || a == b) {
            std::cerr << "bench: races takes KIND:CORES:ROUNDS arguments (KIND hard or soft)\n";
            return 2;
        }
        runs.push_back({arg.substr(0, a), std::stoi(arg.substr(a + 1, b - a - 1)),
                        std::stoull(arg.substr(b + 1))});
    }
    if (runs.empty())
        runs = {{"hard", 48, 20000}, {"soft", 48, 2000},  {"hard", 512, 1000},
                {"soft", 512, 100},  {"hard", 4096, 100}, {"soft", 4096, 10}};
    return races_bench(argv[0], runs, args.repeats);
}

} // namespace syncsim::bench
