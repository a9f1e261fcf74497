// Sweeps through GNU parallel, their resume, the collected results and plot;
// and the timeline against the round table (Slurm: test_sweep_slurm.cpp).
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>

using namespace syncsim;
using Catch::Contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines(const std::string& path) {
    std::vector<std::string> out;
    std::istringstream in(test::read_text(path));
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) out.push_back(l);
    return out;
}

} // namespace

TEST_CASE("a three-point sweep runs with -j2 through GNU parallel and produces the CSV",
          "[sweep]") {
    const std::string out = (test::temp_dir() / "smoke").string();
    const auto r = test::run_syncsim("sweep configs/sweeps/smoke.yaml -j 2 --out " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("parallel --will-cite --jobs 2"));
    const auto csv = lines(out + "/results.csv");
    REQUIRE(csv.size() == 4);
    CHECK_THAT(csv[0],
               Contains("point,workload.params.block_dim,status,outcome,rounds,latency_min_ns"));
    for (int i = 1; i <= 3; ++i) CHECK_THAT(csv[i], Contains(",ran,completed,8,"));
    CHECK(lines(out + "/joblog.tsv").size() == 4); // header + 3 jobs
    const json results = json::parse(test::read_text(out + "/results.json"));
    const double l2 = results["points"][0]["latency_median_ns"],
                 l8 = results["points"][2]["latency_median_ns"];
    CHECK(l2 < l8);
    for (const auto& dir : fs::directory_iterator(out + "/points")) {
        CHECK(fs::exists(dir.path() / "rerun.sh"));
        CHECK(fs::exists(dir.path() / "result.json"));
        CHECK(fs::exists(dir.path() / "sets.txt"));
    }
    CHECK(fs::exists(out + "/plot.png"));
    CHECK(fs::exists(out + "/plot.svg"));
}

// Issue 25 item 6: `platform` is a prefix of `platform.ffts.aggregation`;
// the plot used to read the shorter key for both, so the series merged into
// zig-zag lines labelled "None". The script writes what it drew beside the
// image: read it back.
TEST_CASE("a sweep's plot draws one correctly labelled series per combination of its series axes",
          "[sweep]") {
    const std::string sweep = test::write_file(
        "series.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                           "\ncombine: product\naxes:\n  platform: [950pr, 910b1]\n"
                           "  platform.ffts.aggregation: [serial, parallel]\n"
                           "  workload.params.block_dim: [2, 8]\n"
                           "plot:\n  x: workload.params.block_dim\n"
                           "  series: [platform, platform.ffts.aggregation]\n  yscale: log\n");
    const std::string out = (test::temp_dir() / "series").string();
    const auto r = test::run_syncsim("sweep " + sweep + " -j 2 --out " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    const json drawn = json::parse(test::read_text(out + "/plot.series.json"));
    CHECK(drawn["yscale"] == "log");
    REQUIRE(drawn["series"].size() == 4);
    std::set<std::string> labels;
    for (const json& s : drawn["series"]) {
        const std::string label = s["label"];
        labels.insert(label);
        CHECK_THAT(label, !Contains("None"));
        CHECK(s["points"].size() == 2); // block_dim 2 and 8, not merged with another series
        CHECK(s["keys"]["params.platform.ffts.aggregation"].is_string());
    }
    CHECK(labels.count("platform=910b1, aggregation=parallel") == 1);
    CHECK(labels.count("platform=950pr, aggregation=serial") == 1);
    CHECK(fs::exists(out + "/plot.png"));
}

// Issue 25 item 3: each point's figure with a band from the estimates its
// line rests on most, in the CSV and drawn; `exclude` leaves out points that
// would repeat others.
TEST_CASE("a sweep with bands gives each point a band from its line's top estimates",
          "[sweep][heavy]") {
    const std::string sweep = test::write_file(
        "bands.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                          "\naxes:\n  platform: [910b1]\n  workload.params.mode: [hard, soft]\n"
                          "  platform.ffts.aggregation: [serial, parallel]\n"
                          "  workload.params.block_dim: [4, 16]\n"
                          "exclude:\n  - {workload.params.mode: soft, platform.ffts.aggregation: "
                          "parallel}\nbands: true\nband_estimates: 2\n"
                          "plot:\n  x: workload.params.block_dim\n"
                          "  series: [workload.params.mode, platform.ffts.aggregation]\n");
    const std::string out = (test::temp_dir() / "bands").string();
    const auto r = test::run_syncsim("sweep " + sweep + " -j 2 --out " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("6 points") && Contains("bands: 3 line(s)"));
    const json results = json::parse(test::read_text(out + "/results.json"));
    REQUIRE(results["points"].size() == 6);
    for (const json& row : results["points"]) {
        INFO(row.dump());
        CHECK_FALSE((row["params"]["workload.params.mode"] == "soft" &&
                     row["params"]["platform.ffts.aggregation"] == "parallel"));
        REQUIRE(row.contains("band_low"));
        const double low = row["band_low"], high = row["band_high"], y = row["latency_median_ns"];
        CHECK(low <= y);
        CHECK(y <= high);
        CHECK(low < high);
        const std::string names = row["band_estimates"];
        // The mechanism each barrier rests on: the hub for hard, the L2 for soft.
        CHECK_THAT(names,
                   Contains(row["params"]["workload.params.mode"] == "hard" ? "ffts." : "die.l2."));
        // A value the sweep sets is the user's, never a band's estimate.
        CHECK_THAT(names, !Contains("ffts.aggregation"));
    }
    CHECK_THAT(lines(out + "/results.csv")[0],
               Contains("latency_median_ns_band_low,latency_median_ns_band_high,"
                        "latency_median_ns_band_estimates"));
    const json drawn = json::parse(test::read_text(out + "/plot.series.json"));
    REQUIRE(drawn["series"].size() == 3);
    for (const json& s : drawn["series"]) CHECK(s["band"].size() == 2);
}

TEST_CASE("a sweep's exclude entries name axes and their values", "[sweep]") {
    const auto error = [](const std::string& exclude) {
        const std::string sweep = test::write_file(
            "bad_exclude.yaml",
            "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                "\naxes:\n  workload.params.block_dim: [2, 4]\nexclude:\n" + exclude);
        return test::run_syncsim("sweep " + sweep + " --slurm");
    };
    auto r = error("  - {workload.params.mode: soft}\n");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("bad_exclude.yaml:5") && Contains("not an axis of this sweep"));
    r = error("  - {workload.params.block_dim: 3}\n");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("not one of the axis' values"));
    r = error("  - {workload.params.block_dim: 2}\n  - {workload.params.block_dim: 4}\n");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("leave no point to run"));
    r = error("  - {workload.params.block_dim: 2}\nbands: true\nplot: {y: outcome}\n");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("a band is of a number: plot.y is 'outcome'"));
}

TEST_CASE("a sweep plot's y scale is one of auto, linear or log", "[sweep]") {
    const std::string sweep = test::write_file(
        "bad_scale.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                              "\naxes:\n  workload.params.block_dim: [2]\n"
                              "plot:\n  yscale: logarithmic\n");
    const auto r = test::run_syncsim("sweep " + sweep + " --slurm");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("plot.yscale"));
}

namespace {

// The point directory whose name starts with `prefix` ("block_dim_4-").
std::string point_dir(const std::string& out, const std::string& prefix) {
    for (const auto& dir : fs::directory_iterator(out + "/points"))
        if (dir.path().filename().string().rfind(prefix, 0) == 0) return dir.path().string();
    return "";
}

std::string smoke_variant(const std::string& name, const std::string& axis) {
    return test::write_file(
        name, "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                  "\naxes:\n  workload.params.block_dim: " + axis + "\npoint_timeout: 60 s\n");
}

} // namespace

TEST_CASE("a resumed sweep reruns exactly the points without a current result", "[sweep]") {
    const std::string out = (test::temp_dir() / "resume").string();
    const std::string first = smoke_variant("first.yaml", "[2, 4, 8]");
    REQUIRE(test::run_syncsim("sweep " + first + " -j 2 --no-plot --out " + out).exit_code == 0);
    // One point lost its result, one failed (a crash), one is fine.
    const std::string lost = point_dir(out, "block_dim_2-"),
                      crashed = point_dir(out, "block_dim_4-"),
                      fine = point_dir(out, "block_dim_8-");
    REQUIRE_FALSE(lost.empty());
    fs::remove(lost + "/status.txt");
    const std::string key = test::read_text(crashed + "/status.txt").substr(7); // "exit 0 key ..."
    std::ofstream(crashed + "/status.txt") << "signal 11 key " << key;
    std::ofstream(crashed + "/stderr.txt") << "first line\nSegmentation fault\n";
    fs::remove(crashed + "/result.json");
    const auto kept = fs::last_write_time(fine + "/result.json");

    // The collector reports each as it is, and the sweep does not claim success.
    auto r = test::run_syncsim("sweep " + first + " --collect --no-plot --out " + out);
    CHECK(r.exit_code == 1);
    json rows = json::parse(test::read_text(out + "/results.json"))["points"];
    CHECK(rows[0]["status"] == "not_run");
    CHECK(rows[1]["status"] == "failed");
    CHECK(rows[1]["signal"] == 11);
    CHECK_THAT(rows[1]["reason"].get<std::string>(), Contains("Segmentation fault"));
    CHECK(rows[2]["status"] == "ran");

    r = test::run_syncsim("sweep " + first + " -j 2 --no-plot --resume --out " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("2 to run, 1 already done"));
    CHECK(fs::last_write_time(fine + "/result.json") == kept);
    CHECK(fs::exists(crashed + "/result.json"));

    // An edited axis: points are found by their parameters, not their position,
    // so only the new value runs.
    const std::string edited = smoke_variant("edited.yaml", "[2, 3, 8]");
    r = test::run_syncsim("sweep " + edited + " -j 2 --no-plot --resume --out " + out);
    INFO(r.output);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("1 to run, 2 already done"));
    rows = json::parse(test::read_text(out + "/results.json"))["points"];
    REQUIRE(rows.size() == 3);
    CHECK(rows[1]["params"]["workload.params.block_dim"] == "3");
    CHECK(rows[1]["status"] == "ran");
}

TEST_CASE("a result of an earlier version of a point is never reported as fresh", "[sweep]") {
    const std::string out = (test::temp_dir() / "stale").string();
    REQUIRE(test::run_syncsim("sweep configs/sweeps/smoke.yaml --no-plot --out " + out).exit_code ==
            0);
    // The same axes over another base config: every point is a different point.
    const std::string base = test::write_file(
        "other_base.yaml",
        test::read_text(test::repo_file("configs/sweeps/barrier_rounds_base.yaml")) +
            "\n# edited\n");
    const std::string other = test::write_file(
        "other.yaml", "base: " + base + "\naxes:\n  workload.params.block_dim: [2, 4, 8]\n");
    const auto r = test::run_syncsim("sweep " + other + " --collect --no-plot --out " + out);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.output, Contains("3 not_run"));
    const json results = json::parse(test::read_text(out + "/results.json"));
    for (const json& row : results["points"]) CHECK(row["status"] == "not_run");
}

TEST_CASE("a point that runs past point_timeout is stopped and recorded, the others stand",
          "[sweep][heavy]") {
    // A cached poll that never sees the store: it would run for hours to the
    // default event bound; point_timeout stops it. The timeout is generous
    // because the short point must finish within it even under
    // AddressSanitizer on a loaded 2-core machine (1 s did not: CI, stop 36).
    const std::string base = test::write_file(
        "livelock.yaml",
        test::read_text(test::repo_file("configs/foundation/cached_poll_livelock.yaml")));
    const std::string sweep = test::write_file(
        "timeout.yaml",
        "base: " + base +
            "\naxes:\n  limits.sim_time: ['2 us', '8640000 s']\npoint_timeout: 20 s\n");
    const std::string out = (test::temp_dir() / "timeout").string();
    const auto r = test::run_syncsim("sweep " + sweep + " -j 2 --out " + out);
    INFO(r.output);
    CHECK(r.exit_code == 1);
    const json rows = json::parse(test::read_text(out + "/results.json"))["points"];
    CHECK(rows[0]["status"] == "ran");
    CHECK(rows[1]["status"] == "timeout");
    CHECK(fs::exists(out + "/results.csv"));
    CHECK(fs::exists(out + "/plot.png"));
}

TEST_CASE("a bad sweep file is a clear error", "[sweep]") {
    const std::string bad = test::write_file("bad_sweep.yaml", "base: nowhere.yaml\naxes: {}\n");
    const auto r = test::run_syncsim("sweep " + bad);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.output, Contains("bad_sweep.yaml:1") && Contains("no config file"));
}

TEST_CASE("the timeline's arrivals and releases match the round table", "[timeline]") {
    const std::string tl = (test::temp_dir() / "timeline.json").string();
    const std::string res = (test::temp_dir() / "result.json").string();
    REQUIRE(
        test::run_syncsim("run configs/a5/hard_mix_1_2.yaml --timeline " + tl + " --json " + res)
            .exit_code == 0);
    const json t = json::parse(test::read_text(tl));
    const json r = json::parse(test::read_text(res));
    std::map<std::string, std::vector<double>> arrivals, releases;
    int slices = 0;
    for (const json& e : t["traceEvents"]) {
        if (e["ph"] != "X") continue;
        const std::string name = e["name"];
        const bool arrival = name.rfind("arrive round", 0) == 0;
        if (!arrival && name.rfind("release round", 0) != 0) {
            ++slices;
            continue;
        }
        CHECK(e["dur"] == 0.0005); // half a ns: a mark readers cannot misorder
        (arrival ? arrivals : releases)[name].push_back(e["ts"].get<double>());
    }
    CHECK(slices > 54);
    REQUIRE(r["rounds"].size() == 3);
    for (const json& row : r["rounds"]) {
        const std::string n = std::to_string(row["round"].get<int>());
        auto& a = arrivals["arrive round " + n];
        auto& rel = releases["release round " + n];
        REQUIRE(a.size() == 54);
        REQUIRE(rel.size() == 54);
        // The timeline's times are to the ns (0.0005 us).
        CHECK(*std::min_element(a.begin(), a.end()) ==
              Approx(row["first_arrival_ps"].get<double>() / 1e6).margin(0.0005));
        CHECK(*std::max_element(a.begin(), a.end()) ==
              Approx(row["last_arrival_ps"].get<double>() / 1e6).margin(0.0005));
        CHECK(*std::max_element(rel.begin(), rel.end()) ==
              Approx(row["last_release_ps"].get<double>() / 1e6).margin(0.0005));
    }
}

namespace {

// The value changes of one VCD signal, as (time, value) pairs in file order.
std::vector<std::pair<std::uint64_t, std::string>>
vcd_changes(const std::string& vcd, const std::string& scope, const std::string& name) {
    std::istringstream in(vcd);
    std::string line, code, current_scope;
    std::uint64_t now = 0;
    std::vector<std::pair<std::uint64_t, std::string>> changes;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string w0, w1, w2, w3, w4;
        words >> w0 >> w1 >> w2 >> w3 >> w4;
        if (w0 == "$scope") current_scope = w2;
        if (w0 == "$var" && current_scope == scope && w4 == name) code = w3;
        if (!line.empty() && line[0] == '#') now = std::stoull(line.substr(1));
        if (!code.empty() && line[0] == 'b' && w1 == code) changes.emplace_back(now, w0.substr(1));
    }
    return changes;
}

} // namespace

TEST_CASE("the VCD round marker steps at each round's last arrival", "[timeline]") {
    const std::string vcd = (test::temp_dir() / "marker.vcd").string();
    const std::string res = (test::temp_dir() / "marker.json").string();
    REQUIRE(
        test::run_syncsim("run configs/a5/hard_aiv_all_blocks.yaml --vcd " + vcd + " --json " + res)
            .exit_code == 0);
    const json r = json::parse(test::read_text(res));
    REQUIRE(r["rounds"].size() == 1);
    const std::uint64_t last = r["rounds"][0]["last_arrival_ps"];
    REQUIRE(last > 0);
    // The marker itself: 0 from the start, 1 at the round's last arrival, nothing else.
    const auto changes = vcd_changes(test::read_text(vcd), "rounds", "round");
    REQUIRE(changes.size() == 2);
    CHECK(changes[0] == std::make_pair(std::uint64_t{0}, std::string("0")));
    CHECK(changes[1] == std::make_pair(last, std::string("1")));
    CHECK_THAT(test::read_text((test::temp_dir() / "marker.gtkw").string()),
               Contains("syncsim.rounds.round[31:0]"));
}

TEST_CASE("a sweep value that is not UTF-8 is escaped and every point is collected", "[sweep]") {
    const std::string sweep = test::write_file(
        "utf8_sweep.yaml", "base: " + test::repo_file("configs/sweeps/barrier_rounds_base.yaml") +
                               "\naxes:\n  description: [\"ok\", \"bad \xff text\"]\n");
    const std::string out = (test::temp_dir() / "utf8").string();
    const auto r = test::run_syncsim("sweep " + sweep + " --no-plot --out " + out);
    INFO(r.output);
    CHECK(r.exit_code == 0);
    const auto csv = lines(out + "/results.csv");
    REQUIRE(csv.size() == 3);
    CHECK_THAT(csv[2], Contains("bad \\xFF text,ran,completed"));
}
