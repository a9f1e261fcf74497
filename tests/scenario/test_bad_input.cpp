// Every input a mutation fuzzer and a new user found mishandled (a crash, a
// runaway run, an internal error for a user's mistake, or a value accepted
// without a word), as the binary sees it: each must end with exit 2 and a
// message naming what is wrong, or, where the input is valid, run bounded.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace syncsim;
using Catch::Contains;
namespace fs = std::filesystem;

namespace {

struct Case {
    std::string what, args;
    int exit_code;
    std::string message; // a part of the output that must be there
};

void check_cases(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        INFO(c.what << "\n  syncsim " << c.args);
        const auto r = test::run_syncsim(c.args);
        INFO(r.output);
        CHECK(r.exit_code == c.exit_code);
        CHECK_THAT(r.output, Contains(c.message));
        CHECK_THAT(r.output, !Contains("internal error"));
    }
}

const std::string kQuick = "run configs/quickstart.yaml ";
const std::string kSyncall = "run configs/a5/hard_aiv_all_blocks.yaml ";

// A copy of the shipped platforms plus one file of our own.
std::string platforms_with(const std::string& name, const std::string& text) {
    const fs::path dir = test::temp_dir() / ("platforms-" + name);
    fs::create_directories(dir);
    for (const auto& f : fs::directory_iterator(test::platforms_dir()))
        if (f.path().extension() == ".yaml")
            fs::copy_file(f.path(), dir / f.path().filename(),
                          fs::copy_options::overwrite_existing);
    std::ofstream(dir / (name + ".yaml")) << text;
    return dir.string();
}

} // namespace

TEST_CASE("bad input: what crashed or ran away is refused or bounded", "[bad_input]") {
    std::string bomb = "description=[&a0 [x,x,x,x,x,x,x,x,x]";
    for (int i = 1; i < 9; ++i)
        bomb += ", &a" + std::to_string(i) + " [*a" + std::to_string(i - 1) + ",*a" +
                std::to_string(i - 1) + "]";
    bomb += "]";
    std::string many_checks = "expect:\n  checks:\n";
    for (int i = 0; i < 20000; ++i) many_checks += "    check " + std::to_string(i) + ": pass\n";
    const std::string checks_cfg = test::write_file(
        "many_checks.yaml",
        test::read_text(test::repo_file("configs/quickstart.yaml")).substr(0, 0) +
            "platform: 950pr\nworkload:\n  host: gm_roundtrip\nlimits:\n  sim_time: 1 ms\n" +
            many_checks);
    check_cases({
        {"a Vortex chip with more warps than the machine has thread stacks",
         "run configs/vortex/dogfood_bar.yaml --set platform.cluster.count=64 "
         "--set platform.cluster.cores=64 --set platform.core.warps=64",
         2, "SystemC threads (64 clusters x 64 cores x (64 warps + 1))"},
        {"an alias bomb in --set", kQuick + "--set '" + bomb + "'", 2, "anchors"},
        {"a 1 GiB unified buffer per core (in range): allocated as used",
         kQuick + "--set platform.die.cluster.core.ub_bytes=1073741824", 0, "outcome    completed"},
        {"the most blocks a launch may have, of zeroed buffers: nothing is filled up front",
         "run configs/foundation/pipe_deadlock.yaml --set workload.launch.block_dim=65535 "
         "--set limits.max_events=20000",
         1, "outcome    event_limit"},
        {"a million blocks: more than a launch's BlockDim can hold (issue 23: 2 GB before exit 1)",
         "run configs/foundation/pipe_deadlock.yaml --set workload.launch.block_dim=1000000", 2,
         "key 'workload.launch.block_dim': 1000000 is outside [1, 65535]"},
        {"20,000 expected checks the workload does not report", "run " + checks_cfg, 2,
         "reports no check named 'check 0'"},
        {"a 100-day livelock stops at the wall-clock limit",
         "run configs/foundation/cached_poll_livelock.yaml --set 'limits.sim_time=8640000 s' "
         "--set 'limits.wall_time=1 s'",
         1, "outcome    wall_limit: limits.wall_time"},
    });
}

TEST_CASE("bad input: a user's mistake is exit 2 naming file, line and key, never exit 3",
          "[bad_input]") {
    const std::string scalar = test::write_file("scalar.yaml", "just text\n");
    const std::string map_key =
        test::write_file("map_key.yaml", "? [a, b]\n: 1\nplatform: 950pr\n");
    const std::string long_name(300, 'p');
    const std::string sweep_dir_base = test::write_file(
        "dir_base.yaml", "base: " + test::temp_dir().string() + "\naxes: {a: [1]}\n");
    const std::string sweep_long_base = test::write_file(
        "long_base.yaml", "base: " + std::string(5000, 'x') + "\naxes: {a: [1]}\n");
    const std::string sweep_bad_series =
        test::write_file("bad_series.yaml", "base: " + test::repo_file("configs/quickstart.yaml") +
                                                "\naxes: {a: [1]}\nplot: {series: [[x]]}\n");
    check_cases({
        {"a mapping key that is a list", "run " + map_key, 2,
         "map_key.yaml:1: a mapping key must be text"},
        {"a list inside expect.stuck", kQuick + "--set 'expect.stuck=[[aiv3]]'", 2,
         "key 'expect.stuck': expected a list of core names"},
        {"--set on a config that is one scalar", "run " + scalar + " --set a=1", 2,
         "not a mapping"},
        {"a directory as the config", "run " + test::temp_dir().string(), 2, "not a regular file"},
        {"a special file as the config", "run /dev/null", 2, "not a regular file"},
        {"a directory as the sweep", "sweep " + test::temp_dir().string(), 2, "not a regular file"},
        {"an unknown kernel meta", kSyncall + "--set workload.params.meta=foo", 2,
         "'foo' is not one of: 'none' 'mix_aiv_main' 'aic_only' 'mix_aic_main'"},
        {"a scalar cache smaller than its line",
         kQuick + "--set platform.die.cluster.core.scalar_cache.line_bytes=128 "
                  "--set platform.die.cluster.core.scalar_cache.bytes=64",
         2,
         "die.cluster.core.scalar_cache.bytes (64, set at --set "
         "platform.die.cluster.core.scalar_cache.bytes) must be a whole number of "
         "die.cluster.core.scalar_cache.line_bytes"},
        {"an unwritable --vcd", kQuick + "--vcd /nonexistent/dir/t.vcd", 2,
         "cannot write VCD file '/nonexistent/dir/t.vcd'"},
        {"a platform name over 255 characters", kQuick + "--set platform=" + long_name, 2,
         "is not a platform name"},
        {"a platform whose kind is not text",
         "--platforms " + platforms_with("kindlist", "kind: [a]\nparams: {}\n") + " " + kQuick +
             "--set platform=kindlist",
         2, "kindlist.yaml:1: key 'kind': expected a text value"},
        {"a platform whose base is not text",
         "--platforms " + platforms_with("basemap", "base: {a: b}\nparams: {}\n") + " " + kQuick +
             "--set platform=basemap",
         2, "basemap.yaml:1: key 'base': expected a text value"},
        {"an uncreatable sweep --out", "sweep configs/sweeps/smoke.yaml --out /dev/null/x", 2,
         "cannot create the sweep folder"},
        // Issue 25: an estimate states how far it may be off.
        {"a platform estimate without a range",
         "--platforms " +
             platforms_with("norange", "base: _dav-c310\ndevice:\n  die:\n    l2:\n"
                                       "      hop_cycles: {value: 30, source: estimate}\n") +
             " " + kQuick + "--set platform=norange",
         2,
         "norange.yaml:5: key 'device.die.l2.hop_cycles.range': an estimate needs 'range: "
         "[low, high]'"},
        {"a sweep whose base is a directory", "sweep " + sweep_dir_base, 2,
         "key 'base': " + test::temp_dir().string() + ": not a regular file"},
        {"a sweep whose base name is too long for the file system", "sweep " + sweep_long_base, 2,
         "key 'base': no config file"},
        {"a sweep whose plot series is not a list of keys", "sweep " + sweep_bad_series, 2,
         "key 'plot.series': expected a list of axes"},
    });
}

TEST_CASE("bad input: parts of a config that do not fit together are named as such",
          "[bad_input]") {
    const std::string sweep_series_missing =
        test::write_file("series_missing.yaml",
                         "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                             "\naxes: {workload.params.mode: [hard, soft], "
                             "workload.params.block_dim: [2, 4]}\nplot: {x: "
                             "workload.params.block_dim, series: []}\n");
    check_cases({
        {"a sweep whose plot leaves a varied axis out of its series",
         "sweep " + sweep_series_missing, 2,
         "key 'plot.series': the axis 'workload.params.mode' varies (hard, soft) but is neither "
         "plot.x nor in plot.series"},
        // Issue 43: a platform of another kind than the workload's is named as that.
        {"an Ascend config set to a vortex platform", kSyncall + "--set platform=vortex", 2,
         "key 'workload.host': this workload runs on ascend platforms (910b1, 910b4, 910c, "
         "950dt, 950pr), but platform 'vortex' (set by --set platform=vortex) is of kind "
         "vortex, whose workloads name 'vortex'"},
        {"a vortex config set to an Ascend platform",
         "run configs/vortex/dotproduct.yaml --set platform=910b1", 2,
         "key 'workload.vortex': this workload runs on vortex platforms (vortex, vortex_simx), "
         "but platform '910b1' (set by --set platform=910b1) is of kind ascend, whose "
         "workloads name 'host' or 'kernel'"},
    });
}

TEST_CASE("bad input: nothing is accepted without a word", "[bad_input]") {
    const std::string rounds_txt = (test::temp_dir() / "rounds.txt").string(),
                      rounds_csv = (test::temp_dir() / "rounds.csv").string();
    const std::string dup = test::write_file(
        "dup.yaml", "platform: 950pr\nplatform: 910b1\nworkload: {host: gm_roundtrip}\n");
    const std::string docs = test::write_file(
        "docs.yaml",
        "platform: 950pr\nworkload: {host: gm_roundtrip}\nlimits: {sim_time: 1 ms}\n---\n[bad\n");
    const std::string tag =
        test::write_file("tag.yaml", "platform: !weird 950pr\nworkload: {host: gm_roundtrip}\n");
    check_cases({
        {"a misspelt barrier mode", kSyncall + "--set workload.params.mode=sfot", 2,
         "did you mean 'soft'?"},
        {"an unknown core type", kSyncall + "--set workload.params.core_type=vector", 2,
         "is not one of: 'aiv_only' 'aic_only' 'mix'"},
        {"an unknown build", kSyncall + "--set workload.params.build=release", 2,
         "is not one of: 'npu' 'auto' 'cpu_sim'"},
        {"an unknown meta ratio", kSyncall + "--set workload.params.meta_ratio=1:3", 2,
         "is not one of: '1:1' '1:2'"},
        {"an unknown build target", kSyncall + "--set workload.params.target=foo", 2,
         "'foo' is not one of"},
        {"an unknown CntNotify reuse",
         "run configs/cntnotify/pipeline_reset.yaml --set "
         "workload.params.reuse=never",
         2, "is not one of: 'is_clear' 'reset'"},
        {"an unknown ready poll",
         "run configs/foundation/stale_read.yaml --set "
         "workload.params.ready_poll=spin",
         2, "is not one of: 'dev' 'cached_dcci' 'cached'"},
        {"a Vortex hang case that does not exist",
         "run configs/vortex/hang_h1_too_few_arrivals.yaml --set workload.params.case=h9", 2,
         "is not one of: 'h1'"},
        {"an unwritable --timeline", kQuick + "--timeline /nonexistent/t.json", 2,
         "cannot write --timeline file"},
        {"a --rounds file of no known format", kQuick + "--rounds " + rounds_txt, 2,
         "--rounds file '" + rounds_txt + "' must end in .csv or .jsonl"},
        {"--rounds on a vortex run", "run configs/vortex/dogfood_bar.yaml --rounds " + rounds_csv,
         2, "a vortex run marks none"},
        {"--json to a full disk", kQuick + "--json /dev/full", 2,
         "writing --json file '/dev/full' failed"},
        {"--json with an empty name", kQuick + "--json ''", 2, "--json needs a file name"},
        {"an unwritable --perf, found before the run", kQuick + "--perf /nonexistent/p.json", 2,
         "cannot write --perf file"},
        {"a key given twice", "run " + dup, 2, "dup.yaml:2: key 'platform' is given twice"},
        {"a second document", "run " + docs, 2, "docs.yaml:4: a second YAML document"},
        {"an unknown tag", "run " + tag, 2, "tag.yaml:1: YAML tag '!weird' is not supported"},
        {"a platform of an unknown kind",
         "--platforms " + platforms_with("gpu", "kind: gpu\nparams: {}\n") + " " + kQuick +
             "--set platform=gpu",
         2, "'gpu' is not one of: ascend, vortex"},
        {"a platforms folder that does not exist", "--platforms /nonexistent list platforms", 2,
         "platforms folder '/nonexistent' (--platforms) is not a directory"},
        {"a duration past 100 days", kQuick + "--set 'limits.sim_time=10000000 s'", 2,
         "longer than 100 days"},
        {"a hex duration", kQuick + "--set 'limits.sim_time=0x10 ms'", 2, "is not a duration"},
        {"a duration below the resolution", kQuick + "--set 'limits.sim_time=0.4 ps'", 2,
         "is not a whole number of picoseconds"},
        {"an L2 that is not whole lines", kQuick + "--set platform.die.l2.bytes=100000", 2,
         "die.l2.bytes (100000, set at --set platform.die.l2.bytes) must be a whole number of "
         "die.l2.line_bytes"},
        {"FFTS mode 4 without the intra-block path",
         kSyncall + "--set platform=950pr --set platform.ffts.intra_block=false", 2,
         "ffts.modes (0,1,2,4, set at platforms/_dav-c310.yaml:18) lists mode 4, the "
         "AIC-to-one-AIV "
         "path of set_intra_block, but ffts.intra_block (set at --set "
         "platform.ffts.intra_block) is false"},
        {"the intra-block path without FFTS mode 4",
         kSyncall + "--set platform=950pr --set platform.ffts.modes=0,1,2", 2,
         "ffts.intra_block (set at platforms/_dav-c310.yaml:19) is true, but ffts.modes (0,1,2, "
         "set at --set platform.ffts.modes) does not list mode 4"},
        {"a misspelt check name in expect", kQuick + "--set 'expect.checks={launch succeds: pass}'",
         2, "did you mean 'launch succeeds'?"},
    });
}

TEST_CASE("bad input: non-UTF-8 text is escaped in the JSON, never a truncated file",
          "[bad_input]") {
    const std::string out = (test::temp_dir() / "utf8.json").string();
    const auto r = test::run_syncsim(
        kQuick + "--set \"description=$(printf 'bad \\377\\376 text')\" --json " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const auto j = nlohmann::json::parse(test::read_text(out));
    CHECK(j["config"]["description"] == "bad \\xFF\\xFE text");
}

TEST_CASE("exit codes: a failed host check without expect is exit 1, saying why", "[bad_input]") {
    const std::string cfg = test::write_file(
        "no_expect.yaml", "platform: 950pr\nworkload:\n  host: stale_flag\n  params: "
                          "{consumer_dcci: false}\nlimits:\n  sim_time: 1 ms\n");
    const auto r = test::run_syncsim("run " + cfg);
    CHECK(r.exit_code == 1);
    const std::string last = r.output.substr(r.output.rfind("verdict"));
    // Nothing was expected, so nothing is "NOT met": the run is not clean.
    CHECK_THAT(last, Contains("not a clean run (exit 1; no expect: given): check 'consumer sees "
                              "the published payload' failed"));
    CHECK_THAT(r.output, !Contains("expect     NOT met"));
    CHECK_THAT(r.output, !Contains("MISMATCH"));
    const auto clean =
        test::run_syncsim("run " + cfg + " --set workload.params.consumer_dcci=true");
    CHECK(clean.exit_code == 0);
    CHECK_THAT(clean.output, Contains("verdict    a clean run: it completed and every check passed "
                                      "(exit 0; no expect: given)"));
    CHECK_THAT(clean.output, !Contains("expect     met"));
    // And a poll loop that gave up is not a clean run either.
    const auto p =
        test::run_syncsim("run configs/soft_failures/used_cores_too_large.yaml --set 'expect={}'");
    CHECK(p.exit_code == 1);
    CHECK_THAT(p.output, Contains("poll loop(s) gave up"));
}

TEST_CASE("sweeps: a sweep whose points are all impossible exits non-zero", "[bad_input]") {
    const std::string sweep = test::write_file(
        "impossible.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                               "\naxes:\n  workload.params.block_dim: [500, 600]\n");
    const auto r = test::run_syncsim("sweep " + sweep + " --no-plot --out " +
                                     (test::temp_dir() / "impossible").string());
    INFO(r.output);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("2 impossible"));
}

TEST_CASE("newcomer mistakes get messages that say what to type (issue 29)", "[bad_input]") {
    const std::string host_only = test::write_file(
        "host_only_kernel.yaml", "platform: 910b1\nworkload:\n  kernel: subcore_sync\n  launch: "
                                 "{block_dim: 2, target: dav-c220}\nlimits: {sim_time: 1 ms}\n");
    const std::string bad_indent = test::write_file(
        "bad_indent.yaml", "platform: 910b1\nworkload:\n  host: gm_roundtrip\n   params: {}\n");
    check_cases({
        {"a sweep file given to run", "run configs/sweeps/smoke.yaml", 2,
         "this is a sweep file (it has base: and axes:), not a run's config: run it with "
         "`syncsim sweep configs/sweeps/smoke.yaml`"},
        {"a run's config given to sweep", "sweep configs/quickstart.yaml", 2,
         "this is a run's config (it has platform:), not a sweep file: run it with `syncsim run "
         "configs/quickstart.yaml`"},
        {"the chip's soc_version as the platform", kQuick + "--set platform=Ascend910B1", 2,
         "'Ascend910B1' is the soc_version of '910b1': did you mean '910b1'?"},
        {"a word of a choice",
         "run configs/a5/soft_aiv_all_blocks.yaml --set "
         "workload.params.core_type=aiv",
         2, "did you mean 'aiv_only'?"},
        {"a workload's old name",
         "run configs/a5/soft_aiv_all_blocks.yaml --set "
         "workload.host=syncall_st",
         2, "no host program 'syncall_st': it was renamed 'syncall_system_test'"},
        {"a misspelt platform parameter with --set", kQuick + "--set platform.die.l2.bytez=1", 2,
         "key 'platform.die.l2.bytez': unknown platform parameter; did you mean "
         "'platform.die.l2.bytes'?"},
        {"the soc_version without its variant", kQuick + "--set platform=Ascend950PR", 2,
         "did you mean '950pr'?"},
        {"a choice in the capitals syncsim prints",
         "run configs/a5/soft_aiv_all_blocks.yaml --set workload.params.core_type=AIV_ONLY", 2,
         "did you mean 'aiv_only'?"},
        {"a platform key set with a unit", kQuick + "--set platform.clock_mhz=1.8GHz", 2,
         "--set platform.clock_mhz: platform parameter 'clock_mhz': expected a number"},
        {"a relative plugin path given with --set",
         "run examples/neighbour_exchange/configs/a5.yaml --set workload.plugin=../build/libnx.so",
         2, "with --set a relative path is taken from the current directory"},
        {"a kernel that takes its host program's arguments", "run " + host_only, 2,
         "host_only_kernel.yaml:3: key 'workload.kernel': kernel 'subcore_sync' takes arguments "
         "that only its host program passes: run that program instead (workload.host: "
         "subcore_sync"},
        {"a line indented one space off", "run " + bad_indent, 2,
         "bad_indent.yaml:4:10: YAML syntax error: illegal map value (keys of one mapping must "
         "start in the same column"},
        {"a number past an integer's range",
         "run configs/a5/hard_aiv_rounds_sweep.yaml --set "
         "workload.params.rounds=1e12",
         2, "expected an integer in [1, 1000000], got '1e12'"},
    });
    const auto never = test::run_syncsim(kQuick + "--window 5ms.. --vcd " +
                                         (test::temp_dir() / "never.vcd").string());
    CHECK_THAT(never.output, Contains("never reached (it starts at 5.000 ms, after the run ended "
                                      "at 13.771 us)"));
}
