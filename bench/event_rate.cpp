// Measures, in one benchmark run, the raw SystemC event rate of this machine
// (two threads handing a timed event back and forth) and syncsim's event
// rate on a memory-heavy multi-core kernel, and prints both and their ratio.
// Each part runs in its own child process, since SystemC elaborates once per
// process. Wall-clock numbers: run it, do not assert on it.
#include "sim/run.hpp"

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <systemc>

namespace {

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
    std::printf("%llu %.6f\n", static_cast<unsigned long long>(pp.resumptions), wall);
    return 0;
}

int sim_part(const std::string& config) {
    const auto cfg =
        syncsim::load_experiment(config, {}, std::string(SYNCSIM_SOURCE_DIR) + "/platforms");
    const auto report = syncsim::run_experiment(cfg, {});
    if (!report.expectation_met) {
        std::fprintf(stderr, "benchmark config did not run as expected:\n%s",
                     report.summary.c_str());
        return 1;
    }
    std::printf(
        "%llu %.6f %llu\n", static_cast<unsigned long long>(report.events), report.wall_seconds,
        static_cast<unsigned long long>(report.result["time"]["end_ps"].get<std::uint64_t>()));
    return 0;
}

bool run_child(const std::string& self, const std::string& args, double* events, double* wall,
               double* extra) {
    FILE* p = popen((self + " " + args).c_str(), "r");
    if (!p) return false;
    double e = 0, w = 0, x = 0;
    const int n = std::fscanf(p, "%lf %lf %lf", &e, &w, &x);
    const int rc = pclose(p);
    if (rc != 0 || n < 2) return false;
    *events = e;
    *wall = w;
    if (extra) *extra = x;
    return true;
}

} // namespace

// The SystemC banner is printed before sc_main; a static initialiser is early enough.
static const int kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

int sc_main(int argc, char* argv[]) {
    (void)kQuietBanner;
    syncsim::configure_systemc_reports();
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "--raw") return raw_part();
    if (mode == "--sim") return sim_part(argv[2]);

    const std::string config =
        argc > 1 ? argv[1] : std::string(SYNCSIM_SOURCE_DIR) + "/configs/bench/memory_heavy.yaml";
    const std::string shown = argc > 1 ? config : "configs/bench/memory_heavy.yaml";
    double raw_events = 0, raw_wall = 0, sim_events = 0, sim_wall = 0, sim_ps = 0;
    if (!run_child(argv[0], "--raw", &raw_events, &raw_wall, nullptr) ||
        !run_child(argv[0], "--sim " + config, &sim_events, &sim_wall, &sim_ps)) {
        std::cerr << "bench: a part failed\n";
        return 1;
    }
    const double raw_rate = raw_events / raw_wall, sim_rate = sim_events / sim_wall;
    std::printf(
        "raw SystemC (2 threads, timed notify): %.0f resumptions in %.3f s = %.3g events/s\n",
        raw_events, raw_wall, raw_rate);
    std::printf("syncsim %s: %.0f events in %.3f s = %.3g events/s (%.1f us simulated)\n",
                shown.c_str(), sim_events, sim_wall, sim_rate, sim_ps / 1e6);
    std::printf("ratio syncsim / raw event rate: %.3f\n", sim_rate / raw_rate);
    return 0;
}
