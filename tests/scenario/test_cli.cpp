// The syncsim binary as a user runs it: exit codes, error messages,
// determinism of the JSON and the VCD, tracing output, describe and list.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace syncsim;
using Catch::Contains;
using Catch::StartsWith;

TEST_CASE("cli: two identical runs give byte-identical JSON and VCD", "[cli]") {
    const std::string dir = test::temp_dir().string();
    for (int i = 0; i < 2; ++i) {
        const auto r = test::run_syncsim("run configs/quickstart.yaml --json " + dir + "/r" +
                                         std::to_string(i) + ".json --vcd " + dir + "/t" +
                                         std::to_string(i) + ".vcd");
        REQUIRE(r.exit_code == 0);
    }
    const std::string a = test::read_text(dir + "/r0.json");
    CHECK(a.size() > 1000);
    CHECK(a == test::read_text(dir + "/r1.json"));
    CHECK(test::read_text(dir + "/t0.vcd") == test::read_text(dir + "/t1.vcd"));
}

TEST_CASE("cli: a misspelt key fails with file, line, suggestion and exit code 2", "[cli]") {
    const std::string cfg = test::write_file(
        "typo.yaml",
        "platform: 950pr\nworkload:\n  host: gm_roundtrip\nlimts:\n  sim_time: 1 ms\n");
    const auto r = test::run_syncsim("run " + cfg);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("typo.yaml:4: unknown key 'limts'; did you mean 'limits'?"));
}

TEST_CASE("cli: an outcome that differs from expect exits 1", "[cli]") {
    const auto r = test::run_syncsim(
        "run configs/foundation/stale_read.yaml --set workload.params.consumer_dcci=true");
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("MISMATCH"));
}

TEST_CASE("cli: bad command-line input exits 2", "[cli]") {
    CHECK(test::run_syncsim("rn configs/quickstart.yaml").exit_code == 2);
    CHECK_THAT(test::run_syncsim("rn x").output, Contains("did you mean 'run'?"));
    CHECK(test::run_syncsim("run").exit_code == 2);
    CHECK(test::run_syncsim("run no-such.yaml").exit_code == 2);
    CHECK(test::run_syncsim("run configs/quickstart.yaml --set platform.aic_corse=3").exit_code ==
          2);
    CHECK(test::run_syncsim("describe platform 910x").exit_code == 2);
}

TEST_CASE("cli: --waits needs a .dot file and a kind whose model keeps a wait-for graph", "[cli]") {
    const auto no_dot = test::run_syncsim("run configs/quickstart.yaml --waits w.txt");
    CHECK(no_dot.exit_code == 2);
    CHECK_THAT(no_dot.output, Contains("--waits file 'w.txt' must end in .dot"));
    const auto vortex = test::run_syncsim("run configs/vortex/dotproduct.yaml --waits w.dot");
    CHECK(vortex.exit_code == 2);
    CHECK_THAT(vortex.output, Contains("vortex, a vortex platform, keeps none"));
}

TEST_CASE("cli: every command that runs a config many times refuses -j 0 the same way", "[cli]") {
    for (const char* command :
         {"sweep configs/sweeps/barrier_scaling.yaml", "sensitivity configs/quickstart.yaml",
          "portability configs/quickstart.yaml", "calibration check",
          "calibration fit --platform 910b1"}) {
        INFO(command);
        const auto r = test::run_syncsim(std::string(command) + " -j 0");
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.output, Contains("syncsim: error: -j needs at least 1 job"));
        const auto both = test::run_syncsim(std::string(command) + " --progress --quiet");
        CHECK(both.exit_code == 2);
        CHECK_THAT(both.output, Contains("--progress and --quiet contradict each other"));
    }
}

TEST_CASE("cli: a sweep's plot draws a line per value of every varied axis that is not x",
          "[cli]") {
    const std::string sweep = test::write_file(
        "two_axes.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                             "\naxes: {workload.params.mode: [hard, soft], "
                             "workload.params.block_dim: [2, 4]}\nplot: {x: "
                             "workload.params.block_dim}\n");
    const std::string out = (test::temp_dir() / "two-axes").string();
    const auto r = test::run_syncsim("sweep " + sweep + " --out " + out);
    REQUIRE(r.exit_code == 0);
    const auto plot = nlohmann::json::parse(test::read_text(out + "/plot.series.json"));
    REQUIRE(plot["series"].size() == 2);
    CHECK(plot["series"][0]["label"] == "mode=hard");
    CHECK(plot["series"][1]["label"] == "mode=soft");
    CHECK(plot["series"][0]["points"].size() == 2);
}

TEST_CASE("cli: a sweep counts its runs, and --progress shows them done of all on stderr",
          "[cli]") {
    const std::string out = (test::temp_dir() / "progress-sweep").string();
    const std::string sweep = "sweep configs/sweeps/smoke.yaml --out " + out;
    const auto shown = test::run_in_shell(std::string(SYNCSIM_BINARY) + " " + sweep +
                                          " --progress 2>&1 >/dev/null");
    CHECK(shown.exit_code == 0);
    // A line a second while it runs (a loaded machine may show some), then
    // the last count.
    const auto lines = test::lines_of(shown.output);
    REQUIRE(!lines.empty());
    for (const std::string& line : lines) CHECK_THAT(line, Catch::StartsWith("syncsim: "));
    CHECK_THAT(lines.back(), Catch::StartsWith("syncsim: 3 of 3 runs done, "));
    // Not a terminal and not asked: no line; stdout names the batch's size.
    const auto plain =
        test::run_in_shell(std::string(SYNCSIM_BINARY) + " " + sweep + " 2>&1 >/dev/null");
    CHECK(plain.output.empty());
    const auto listed = test::run_syncsim(sweep);
    CHECK_THAT(listed.output, Contains("running 3 runs: parallel --will-cite"));
}

TEST_CASE("cli: the summary reports outcome, times, events and wall time", "[cli]") {
    const auto r = test::run_syncsim("run configs/quickstart.yaml");
    REQUIRE(r.exit_code == 0);
    for (const char* line : {"outcome    completed", "simulated  ", "finished   aiv: 18 cores",
                             "resumed    ", "wall       ", "resumptions/s"})
        CHECK_THAT(r.output, Contains(line));
}

TEST_CASE("cli: the wall figure covers the whole run and --perf says which part is which",
          "[cli]") {
    const std::string perf = (test::temp_dir() / "perf.json").string();
    const auto r = test::run_syncsim("run configs/quickstart.yaml --perf " + perf);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("(set-up ") && Contains(", simulation ") &&
                             Contains(", result ") && Contains(" over the run"));
    const nlohmann::json p = nlohmann::json::parse(test::read_text(perf));
    const double setup = p["setup_s"], simulation = p["simulation_s"], result = p["result_s"],
                 wall = p["wall_s"];
    CHECK(setup > 0); // reading the config and elaborating take time too
    CHECK(simulation > 0);
    CHECK(result >= 0);
    CHECK(setup + simulation + result == Approx(wall).epsilon(0.01));
    CHECK(p["resumptions_per_s"].get<double>() >= p["resumptions_per_s_whole_run"].get<double>());
}

TEST_CASE("cli: --vcd writes core states grouped by type and a GTKWave save file", "[cli]") {
    const std::string vcd = (test::temp_dir() / "q.vcd").string();
    REQUIRE(test::run_syncsim("run configs/quickstart.yaml --vcd " + vcd).exit_code == 0);
    const std::string v = test::read_text(vcd);
    CHECK_THAT(v, Contains("$timescale 1ps $end"));
    CHECK_THAT(v, Contains("$scope module aic $end"));
    CHECK_THAT(v, Contains("$scope module aiv0 $end"));
    CHECK_THAT(v, Contains("$var wire 3 "));
    CHECK_THAT(v, Contains(" counter [31:0] $end"));
    const std::string g = test::read_text((test::temp_dir() / "q.gtkw").string());
    CHECK_THAT(g, !Contains("-AIC")); // no AIC core ran: no empty group
    CHECK_THAT(g, Contains("-AIV"));
    CHECK_THAT(g, Contains("[size] "));
    CHECK_THAT(g, Contains("+{aiv0_state} syncsim.aiv.aiv0.state[2:0]"));
    // The 18 blocks split between the dies: aiv0-8 and aiv36-44.
    CHECK_THAT(g, Contains("+{aiv44_round} syncsim.aiv.aiv44.barrier_round[31:0]"));
    CHECK_THAT(g, !Contains("aiv9_state")); // cores that never ran are left out of the view
    CHECK_THAT(g, Contains("q.states.txt"));
    CHECK_THAT(test::read_text((test::temp_dir() / "q.states.txt").string()),
               Contains("3 polling"));
}

TEST_CASE("cli: describe platform lists every parameter with unit and provenance", "[cli]") {
    const auto r = test::run_syncsim("describe platform 910b4");
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("aic_cores"));
    CHECK_THAT(r.output, Contains("20"));
    CHECK_THAT(r.output, Contains("aiv_cores"));
    CHECK_THAT(r.output, Contains("40"));
    CHECK_THAT(r.output, Contains("sourced"));
    CHECK_THAT(r.output, Contains("estimate"));
    CHECK_THAT(r.output, Contains("cann-cntnotify-and-platforms.md B.2"));
    // The columns line up however long a path is: every parameter's value
    // starts where the header's "value" does, after two spaces at least.
    std::istringstream lines(r.output);
    std::string line;
    std::size_t value_at = std::string::npos, rows = 0;
    while (std::getline(lines, line)) {
        if (line.rfind("parameter (path", 0) == 0) {
            value_at = line.find("value");
            continue;
        }
        if (value_at != std::string::npos && line.empty()) break; // the table's end
        if (value_at == std::string::npos || line[0] == ' ') continue;
        ++rows;
        INFO(line);
        REQUIRE(line.size() > value_at);
        CHECK(line.substr(value_at - 2, 2) == "  ");
        CHECK(line[value_at] != ' ');
    }
    CHECK(rows > 50);
}

TEST_CASE("cli: list platforms and workloads, --version, --help", "[cli]") {
    const auto p = test::run_syncsim("list platforms");
    CHECK(p.exit_code == 0);
    for (const char* name : {"910b1", "910b4", "910c", "950pr", "950dt"})
        CHECK_THAT(p.output, Contains(name));
    const auto w = test::run_syncsim("list workloads");
    CHECK_THAT(w.output, Contains("gm_roundtrip"));
    CHECK_THAT(w.output, Contains("forget_set_flag_block"));
    // Kernels a config can launch are listed apart from those that take
    // their host program's arguments.
    const auto launchable = w.output.find("kernels a config can launch");
    const auto host_only = w.output.find("kernels only their host program launches");
    REQUIRE(launchable != std::string::npos);
    REQUIRE(host_only != std::string::npos);
    // The first entry of a kernel at or after `from` (host programs share names).
    const auto at = [&w](const char* k, std::size_t from) {
        return w.output.find(std::string("\n  ") + k + ":", from);
    };
    CHECK(at("pipe_handoff", launchable) < host_only);
    CHECK(at("subcore_sync", launchable) > host_only);
    CHECK(at("subcore_sync", host_only) != std::string::npos);
    CHECK_THAT(w.output, Contains("[workload.host: simpler_run]"));
    // The commit it was built from: this tree's, as git names it.
    const std::string version = test::run_syncsim("--version").output;
    CHECK_THAT(version, Contains("syncsim 0.1.0 (commit "));
    // A build outside a git clone (a tarball, no git) names no commit.
    const auto head = test::run_in_shell("git -C " SYNCSIM_SOURCE_DIR " rev-parse --short=12 HEAD");
    if (head.exit_code == 0)
        CHECK_THAT(version, Contains(head.output.substr(0, 12)));
    else
        CHECK_THAT(version, Contains("(commit unknown: not built from a git clone"));
    CHECK(test::run_syncsim("--help").exit_code == 0);
}

TEST_CASE("cli: every command prints its own usage with -h, --help and help CMD", "[cli]") {
    const auto top = test::run_syncsim("--help");
    for (const char* cmd :
         {"run", "sweep", "sensitivity", "portability", "calibration", "list", "describe"}) {
        INFO(cmd);
        CHECK_THAT(top.output, Contains(std::string("\n  ") + cmd + " "));
        const auto help = test::run_syncsim(std::string(cmd) + " --help");
        CHECK(help.exit_code == 0);
        CHECK_THAT(help.output, StartsWith(std::string("usage: syncsim ") + cmd));
        CHECK(test::run_syncsim(std::string(cmd) + " -h").output == help.output);
        CHECK(test::run_syncsim(std::string("help ") + cmd).output == help.output);
    }
    // A command's usage is its own: run's names its options, not sweep's.
    const auto run = test::run_syncsim("run --help").output;
    for (const char* option : {"--vcd FILE", "--set KEY=VALUE", "--races auto|off|on",
                               "--try-fixes", "--signals LIST", "--platforms DIR"})
        CHECK_THAT(run, Contains(option));
    CHECK_THAT(run, !Contains("--slurm"));
    CHECK_THAT(run, !Contains("usage: syncsim sweep"));
    CHECK_THAT(test::run_syncsim("help calibration fit").output,
               Contains("usage: syncsim calibration fit --platform CHIP"));
    CHECK_THAT(test::run_syncsim("help sweep").output, Contains("--slurm-opt KEY=VALUE"));
    // An option a command does not take points at that command's help.
    const auto bad = test::run_syncsim("sweep --vcd x.vcd");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Contains("(syncsim sweep --help)"));
    CHECK(test::run_syncsim("help nosuch").exit_code == 2);
}

TEST_CASE("cli: --platforms=DIR is read like --platforms DIR", "[cli]") {
    const auto r = test::run_syncsim("list platforms --platforms=" + test::platforms_dir());
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("910b1"));
    CHECK(test::run_syncsim("list platforms --platforms=/nonexistent").exit_code == 2);
}

TEST_CASE("cli: bash completion comes from the commands' declared options", "[cli]") {
    // What bash would offer after each partial command line.
    const auto offered = [](const std::string& words, int cword) {
        return test::run_in_shell("bash -c 'source <(" SYNCSIM_BINARY " completion bash) && "
                                  "COMP_WORDS=(" +
                                  words + ") && COMP_CWORD=" + std::to_string(cword) +
                                  " && _syncsim && echo \"${COMPREPLY[*]}\"'")
            .output;
    };
    CHECK(offered("syncsim desc", 1) == "describe\n");
    CHECK(offered("syncsim run --try", 2) == "--try-fixes\n");
    CHECK(offered("syncsim run --pro", 2) == "--progress\n");
    CHECK(offered("syncsim sweep --res", 2) == "--resume\n");
    CHECK(offered("syncsim describe pl", 2) == "platform\n");
    CHECK(offered("syncsim calibration f", 2) == "fit\n");
    CHECK(offered("syncsim help sen", 2) == "sensitivity\n");
    CHECK(test::run_syncsim("completion zsh").exit_code == 2);
}

TEST_CASE("cli: a --set split in two words says how to write it", "[cli]") {
    const auto r =
        test::run_syncsim("run " SYNCSIM_SOURCE_DIR "/configs/a2/soft_aiv_all_blocks.yaml --set "
                          "workload.params.block_dim 4");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("--set workload.params.block_dim 4: a --set is one word, "
                                  "KEY=VALUE: --set workload.params.block_dim=4"));
}
