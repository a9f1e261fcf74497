// Users' own kernels as plugins: a plugin built in this tree (the example's
// neighbour_exchange) runs like a built-in (diagnosis, checks, rounds, VCD,
// timeline, sweeps), and each way a plugin can be bad is an exit-2 error
// that names the file and the problem.
#include "syncsim/plugin.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;

namespace {

// The example's config for PLATFORM, with the plugin built in this tree.
test::CommandResult run_exchange(const std::string& platform, const std::string& sets = "",
                                 const std::string& json_out = "") {
    return test::run_syncsim(
        "run examples/neighbour_exchange/configs/" + platform +
        ".yaml --set workload.plugin=" + test::plugin_path("neighbour_exchange") + " " + sets +
        (json_out.empty() ? "" : " --json " + json_out));
}

} // namespace

TEST_CASE("plugins: each bad plugin is exit 2 naming the file and the problem", "[plugin]") {
    const std::string not_a_library = test::write_file("not_a_library.so", "just text\n");
    struct Row {
        std::string path, message;
    };
    for (const Row& row :
         {Row{test::plugin_path("no_such_plugin"), "no such file"},
          Row{not_a_library, "cannot be loaded as a shared library"},
          Row{test::plugin_path("bad_no_entry"),
              "not a syncsim plugin: it has no 'syncsim_plugin' entry point"},
          Row{test::plugin_path("bad_version"),
              "built against plugin API version 999; this syncsim has version " +
                  std::to_string(SYNCSIM_PLUGIN_API_VERSION) + ": rebuild"},
          Row{test::plugin_path("bad_duplicate"),
              "registers kernel 'gm_roundtrip', a name syncsim's built-ins already took"},
          Row{test::plugin_path("bad_throws"),
              "threw while registering its workloads: the plugin's own table is broken"}}) {
        INFO(row.path);
        const auto listed = test::run_syncsim("list workloads --plugin " + row.path);
        CHECK(listed.exit_code == 2);
        CHECK_THAT(listed.output, Contains(row.path) && Contains(row.message));
        // From a config, the error also names the config's file, line and key.
        const std::string config =
            test::write_file("bad_plugin.yaml", "platform: 950pr\n"
                                                "workload:\n"
                                                "  plugin: " +
                                                    row.path +
                                                    "\n"
                                                    "  host: neighbour_exchange\n"
                                                    "limits: {sim_time: 1 ms}\n");
        const auto run = test::run_syncsim("run " + config);
        CHECK(run.exit_code == 2);
        CHECK_THAT(run.output, Contains("bad_plugin.yaml:3") && Contains("workload.plugin") &&
                                   Contains(row.message));
    }
}

TEST_CASE("plugins: list shows a plugin's workloads with their parameters", "[plugin]") {
    const auto r =
        test::run_syncsim("list workloads --plugin " + test::plugin_path("neighbour_exchange"));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("plugin neighbour_exchange"));
    CHECK_THAT(r.output, Contains("meta = none  (the kernel meta of the vector build; one of "
                                  "none | mix_aiv_main)"));
    CHECK_THAT(r.output, !Contains("gm_roundtrip")); // only the plugin's
}

TEST_CASE("plugins: a vendor-style kernel hangs on A2 with the diagnosis, and the meta fixes it",
          "[plugin]") {
    const auto hang = run_exchange("a2");
    CHECK(hang.exit_code == 1);
    CHECK_THAT(hang.output, Contains("outcome    deadlock"));
    CHECK_THAT(hang.output,
               Contains("culprit    nobody can signal flag 14: the launch owns no FFTS context") &&
                   Contains("  8 cores wait in round 1 on flag 14: aiv0-7\n") &&
                   Contains("the launch owns no FFTS context (AIV_ONLY task)") &&
                   Contains("fix        --set workload.params.meta=mix_aiv_main ("));
    const auto fixed = run_exchange("a2", "--set workload.params.meta=mix_aiv_main");
    CHECK(fixed.exit_code == 0);
    CHECK_THAT(fixed.output, Contains("checks     2 passed, 0 failed"));
    CHECK_THAT(fixed.output, Contains("(MIX_AIV_1_0)"));
}

TEST_CASE("plugins: a __gm__ read without dcci sees the stale line, with dcci the fresh one",
          "[plugin]") {
    const std::string out = (test::temp_dir() / "exchange.json").string();
    const auto fresh = run_exchange("a5", "", out);
    CHECK(fresh.exit_code == 0);
    const json with_dcci = json::parse(test::read_text(out));
    const auto stale = run_exchange("a5", "--set workload.params.invalidate=false", out);
    CHECK(stale.exit_code == 1);
    CHECK_THAT(stale.output, Contains("block 0 read 0 (want 101)"));
    const json without = json::parse(test::read_text(out));
    // The same cache model as the built-ins: the stale reads are cache hits
    // on the line each core fetched before the barrier.
    auto hits = [](const json& r) {
        std::uint64_t n = 0;
        for (const json& c : r["cores"]) n += c["cache"]["hits"].get<std::uint64_t>();
        return n;
    };
    CHECK(hits(without) > hits(with_dcci));
}

TEST_CASE("plugins: a plugin kernel gets rounds, VCD, timeline and sweeps", "[plugin]") {
    const std::string dir = test::temp_dir().string();
    const auto r = run_exchange("a5", "--vcd " + dir + "/x.vcd --timeline " + dir + "/x.trace",
                                dir + "/x.json");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("rounds     2 barrier round(s), 2 complete"));
    CHECK_THAT(test::read_text(dir + "/x.vcd"), Contains("aiv7"));
    CHECK_THAT(test::read_text(dir + "/x.trace"), Contains("arrive round 1"));
    const json result = json::parse(test::read_text(dir + "/x.json"));
    CHECK(result["config"]["workload"]["plugin"] == test::plugin_path("neighbour_exchange"));

    // A sweep: every point carries the plugin's absolute path.
    const std::string base = test::write_file(
        "exchange_base.yaml", test::read_text("examples/neighbour_exchange/configs/a5.yaml"));
    const std::string sweep = test::write_file("exchange_sweep.yaml",
                                               "base: " + base +
                                                   "\naxes:\n  workload.params.blocks: [2, 4]\n"
                                                   "  workload.plugin: [" +
                                                   test::plugin_path("neighbour_exchange") + "]\n");
    const auto s = test::run_syncsim("sweep " + sweep + " --out " + dir + "/sw --no-plot");
    CHECK(s.exit_code == 0);
    CHECK_THAT(s.output, Contains("2 ran"));
    CHECK_THAT(test::read_text(dir + "/sw/results.csv"), Contains(",ran,completed,2,"));
}

TEST_CASE("plugins: a kernel or host program that throws ends the run with the exception's text",
          "[plugin]") {
    // A 950pr config whose workload is WORKLOAD (YAML lines under workload:) from kernel_throws.
    auto config = [](const std::string& name, const std::string& workload,
                     const std::string& outcome) {
        return test::write_file(
            name, "platform: 950pr\nworkload:\n  plugin: " + test::plugin_path("kernel_throws") +
                      "\n" + workload + "limits: {sim_time: 1 ms}\nexpect: {outcome: " + outcome +
                      "}\n");
    };
    const auto r = test::run_syncsim(
        "run " + config("throws.yaml",
                        "  kernel: throws_at_run\n  launch: {block_dim: 4, target: dav-c310-vec}\n",
                        "fault"));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("block 1: the kernel threw: index 7 past the end of my table"));
    const auto h = test::run_syncsim(
        "run " + config("host_throws.yaml", "  host: host_throws\n", "host_error"));
    CHECK(h.exit_code == 0);
    CHECK_THAT(h.output, Contains("the host program threw: my host program gave up"));
}

TEST_CASE("a config may name its platform by file, with base files beside it or installed",
          "[plugin][platform]") {
    test::write_file("my_chip.yaml",
                     "base: _dav-c310\n"
                     "description: my chip, one die of 4 clusters\n"
                     "device:\n"
                     "  soc_version: {value: MyChip, source: sourced, ref: my design}\n"
                     "  clock_mhz: {value: 1800, source: sourced, ref: my design}\n"
                     "  hbm_bytes: {value: 17179869184, source: sourced, ref: my design}\n"
                     "  die:\n"
                     "    count: {value: 1, source: sourced, ref: my design}\n"
                     "    cluster: {count: {value: 4, source: sourced, ref: my design}}\n");
    const std::string config = test::write_file("on_my_chip.yaml", "platform: my_chip.yaml\n"
                                                                   "workload:\n"
                                                                   "  host: gm_roundtrip\n"
                                                                   "  params: {block_dim: 8}\n"
                                                                   "limits: {sim_time: 1 ms}\n");
    const auto r = test::run_syncsim("run " + config);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output,
               Contains("platform   my_chip (MyChip, dav-c310, 4 AIC + 8 AIV @ 1800 MHz)"));
    const std::string missing =
        test::write_file("on_no_chip.yaml", "platform: ./no_chip.yaml\n"
                                            "workload: {host: gm_roundtrip}\n"
                                            "limits: {sim_time: 1 ms}\n");
    const auto bad = test::run_syncsim("run " + missing);
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Contains("on_no_chip.yaml:1") && Contains("no platform file"));
}

// (On A2/A3 a kernel must also set the FFTS base address its host got from
// rtGetC2cCtrlAddr; the example's host program does, this test's default host does not.)
TEST_CASE("plugins: PTO's SYNCALL signatures and the vendor's names run on both A5 parts",
          "[plugin]") {
    struct Row {
        const char *platform, *target, *meta;
    };
    for (const Row& row :
         {Row{"950pr", "dav-c310-vec", "none"}, Row{"950dt", "dav-c310-vec", "mix_aiv_main"}}) {
        INFO(row.platform);
        const std::string out = (test::temp_dir() / "syncall.json").string();
        const std::string config = test::write_file(
            "vendor_syncall.yaml",
            std::string("platform: ") + row.platform +
                "\nworkload:\n  plugin: " + test::plugin_path("vendor_syncall") +
                "\n  kernel: vendor_syncall\n  launch: {block_dim: 6, target: " + row.target +
                ", meta: " + row.meta +
                "}\nlimits: {sim_time: 1 ms}\n"
                "expect:\n  outcome: completed\n"
                "  memory: [{buffer: counter, index: 0, count: 1, equals: 6},\n"
                "           {buffer: tiles, index: 0, stride: 8, count: 6, equals: 1}]\n");
        const auto r = test::run_syncsim("run " + config + " --json " + out);
        INFO(r.output);
        CHECK(r.exit_code == 0);
        const json result = json::parse(test::read_text(out));
        REQUIRE(result["rounds"].size() == 2); // the hard round, then the soft one
        for (const json& round : result["rounds"]) CHECK(round["released"] == 6);
    }
}

TEST_CASE("plugins: a launch names the pto-isa it was built against", "[plugin][pto-isa]") {
    auto config = [&](const std::string& libraries) {
        return test::write_file(
            "vendor_syncall_lib.yaml",
            "platform: 950pr\nworkload:\n  plugin: " + test::plugin_path("vendor_syncall") +
                "\n  kernel: vendor_syncall\n  launch:\n    block_dim: 6\n"
                "    target: dav-c310-vec\n    libraries: " +
                libraries + "\nlimits: {sim_time: 1 ms}\n");
    };
    // 83d01313's soft SYNCALL takes workspace tiles: the kernel's two-argument
    // call would not compile against it.
    const std::string out = (test::temp_dir() / "lib.json").string();
    const auto old = test::run_syncsim("run " + config("{pto-isa: 83d01313}") + " --json " + out);
    INFO(old.output);
    CHECK(json::parse(test::read_text(out))["outcome"]["kind"] == "fault");
    CHECK_THAT(old.output, Contains("does not exist in pto-isa 83d01313"));
    // A version or library syncsim does not model is the config's error.
    const auto unknown = test::run_syncsim("run " + config("{pto-isa: abc123}"));
    CHECK(unknown.exit_code == 2);
    CHECK_THAT(unknown.output, Contains("vendor_syncall_lib.yaml:8") &&
                                   Contains("pto-isa version 'abc123' is not one syncsim models "
                                            "(f24f7b73, 83d01313)"));
    const auto library = test::run_syncsim("run " + config("{ptoisa: 83d01313}"));
    CHECK(library.exit_code == 2);
    CHECK_THAT(library.output, Contains("'ptoisa' is not a library syncsim models"));
}

TEST_CASE("plugins: a Vortex warp program from a plugin runs like a built-in", "[plugin][vortex]") {
    const std::string lib = test::plugin_path("vortex_ring");
    const auto listed = test::run_syncsim("list workloads --plugin " + lib);
    CHECK(listed.exit_code == 0);
    CHECK_THAT(listed.output, Contains("vortex warp programs") && Contains("vortex_ring"));
    auto run = [&](bool barrier) {
        const std::string config =
            test::write_file("vortex_ring.yaml", "platform: vortex\n"
                                                 "workload:\n"
                                                 "  plugin: " +
                                                     lib +
                                                     "\n"
                                                     "  vortex: vortex_ring\n"
                                                     "  params: {use_barrier: " +
                                                     (barrier ? "true" : "false") +
                                                     "}\n"
                                                     "limits: {sim_time: 1 ms}\n");
        const std::string out = (test::temp_dir() / "vortex_ring.json").string();
        const auto r = test::run_syncsim("run " + config + " --json " + out);
        INFO(r.output);
        CHECK(r.exit_code == (barrier ? 0 : 1)); // a failed check is a run not as expected
        return json::parse(test::read_text(out));
    };
    const json with = run(true);
    CHECK(with["outcome"]["kind"] == "completed");
    REQUIRE(with["checks"].size() == 1);
    CHECK(with["checks"][0]["ok"] == true);
    CHECK(with["config"]["workload"]["vortex"] == "vortex_ring");
    // Without the barrier the early cores read before their neighbours wrote.
    const json without = run(false);
    CHECK(without["checks"][0]["ok"] == false);
}

TEST_CASE("plugins: a Vortex program, setup or check that throws is reported, never a crash",
          "[plugin][vortex]") {
    struct Row {
        std::string where, outcome, message;
    };
    for (const Row& row :
         {Row{"program", "fault", "core 1 warp 0: the warp program threw: ring broke"},
          Row{"setup", "host_error", "vortex_ring: its setup threw: no memory"},
          Row{"check", "completed", "not judged: its check threw: lost count"}}) {
        INFO(row.where);
        const std::string config =
            test::write_file("vortex_throws.yaml", "platform: vortex\n"
                                                   "workload:\n"
                                                   "  plugin: " +
                                                       test::plugin_path("vortex_ring") +
                                                       "\n"
                                                       "  vortex: vortex_ring\n"
                                                       "  params: {throws: " +
                                                       row.where +
                                                       "}\n"
                                                       "limits: {sim_time: 1 ms}\n");
        const std::string out = (test::temp_dir() / "vortex_throws.json").string();
        const auto r = test::run_syncsim("run " + config + " --json " + out);
        INFO(r.output);
        CHECK(r.exit_code == 1);
        CHECK_THAT(r.output, Contains(row.message));
        CHECK_THAT(r.output, !Contains("internal error"));
        CHECK(json::parse(test::read_text(out))["outcome"]["kind"] == row.outcome);
    }
}

TEST_CASE("plugins: a library whose static destructor aborts does not turn a finished command into "
          "an abort",
          "[plugins]") {
    // Before: the run or listing finished, then the plugin's destructor ran
    // at exit and the process died with SIGABRT (exit 134).
    const auto r =
        test::run_syncsim("list workloads --plugin " + test::plugin_path("bad_destructor"));
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("idle_after_exit"));
}
