// Sweeps through GNU parallel, their resume and Slurm script, the collected
// results and plot; and the timeline against the round table.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

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

TEST_CASE("a resumed sweep reruns only the missing point", "[sweep]") {
    const std::string out = (test::temp_dir() / "resume").string();
    REQUIRE(test::run_syncsim("sweep configs/sweeps/smoke.yaml -j 2 --no-plot --out " + out)
                .exit_code == 0);
    // Lose the second point: its result and its line in the job log.
    auto log = lines(out + "/joblog.tsv");
    std::string lost_dir;
    for (const auto& dir : fs::directory_iterator(out + "/points"))
        if (dir.path().filename().string().rfind("001-", 0) == 0) lost_dir = dir.path().string();
    REQUIRE_FALSE(lost_dir.empty());
    fs::remove(lost_dir + "/result.json");
    {
        std::ofstream rewrite(out + "/joblog.tsv");
        for (const auto& l : log)
            if (l.find(lost_dir) == std::string::npos) rewrite << l << "\n";
    }
    const auto kept = fs::last_write_time(out + "/points/000-block_dim_2/result.json");
    const auto r =
        test::run_syncsim("sweep configs/sweeps/smoke.yaml -j 2 --no-plot --resume --out " + out);
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(fs::exists(lost_dir + "/result.json"));
    CHECK(fs::last_write_time(out + "/points/000-block_dim_2/result.json") == kept);
    CHECK(lines(out + "/joblog.tsv").size() == 4);
}

TEST_CASE("the Slurm option writes a job array over the job list and runs nothing", "[sweep]") {
    const std::string out = (test::temp_dir() / "slurm").string();
    const auto r =
        test::run_syncsim("sweep configs/sweeps/barrier_scaling.yaml --slurm --out " + out);
    REQUIRE(r.exit_code == 0);
    const std::string script = test::read_text(out + "/slurm.sh");
    CHECK_THAT(script, Contains("#SBATCH --array=0-35")); // 40 points, 4 impossible on 910b1
    CHECK_THAT(script, Contains("jobs.txt"));
    CHECK_THAT(script, Contains("SLURM_ARRAY_TASK_ID + 1"));
    CHECK(lines(out + "/jobs.txt").size() == 36);
    CHECK_FALSE(fs::exists(out + "/joblog.tsv"));
    CHECK_THAT(r.output, Contains("cannot all be resident on 910b1 (48 AIV cores)"));
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
        if (e["ph"] == "X") ++slices;
        if (e["ph"] != "i") continue;
        const std::string name = e["name"];
        (name.rfind("arrive", 0) == 0 ? arrivals : releases)[name].push_back(e["ts"].get<double>());
    }
    CHECK(slices > 54);
    REQUIRE(r["rounds"].size() == 3);
    for (const json& row : r["rounds"]) {
        const std::string n = std::to_string(row["round"].get<int>());
        auto& a = arrivals["arrive round " + n];
        auto& rel = releases["release round " + n];
        REQUIRE(a.size() == 54);
        REQUIRE(rel.size() == 54);
        CHECK(*std::min_element(a.begin(), a.end()) ==
              Approx(row["first_arrival_ps"].get<double>() / 1e6));
        CHECK(*std::max_element(a.begin(), a.end()) ==
              Approx(row["last_arrival_ps"].get<double>() / 1e6));
        CHECK(*std::max_element(rel.begin(), rel.end()) ==
              Approx(row["last_release_ps"].get<double>() / 1e6));
    }
}

TEST_CASE("the VCD round marker steps at each round's last arrival", "[timeline]") {
    const std::string vcd = (test::temp_dir() / "marker.vcd").string();
    const std::string res = (test::temp_dir() / "marker.json").string();
    REQUIRE(
        test::run_syncsim("run configs/a5/hard_aiv_all_blocks.yaml --vcd " + vcd + " --json " + res)
            .exit_code == 0);
    const json r = json::parse(test::read_text(res));
    const std::string v = test::read_text(vcd);
    CHECK_THAT(v, Contains("$scope module rounds $end"));
    const std::uint64_t last = r["rounds"][0]["last_arrival_ps"];
    // The marker's code is declared after the cores' signals; find its change at that time.
    CHECK_THAT(v, Contains("#" + std::to_string(last) + "\n"));
    CHECK_THAT(test::read_text((test::temp_dir() / "marker.gtkw").string()),
               Contains("syncsim.rounds.round[31:0]"));
}
