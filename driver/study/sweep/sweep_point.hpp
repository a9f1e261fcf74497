// Inside a sweep: its spec, its points, and the collector that turns the
// points' directories into results.csv and results.json (sweep_results.cpp).
// Private to sim/sweep*.cpp.
#pragma once

#include "driver/study/sweep/sweep.hpp"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace syncsim::sweep {

struct Axis {
    std::string key;
    std::vector<std::string> values;
};

struct SweepSpec {
    std::string description, base;
    bool zip = false;
    std::vector<Axis> axes;
    std::uint64_t timeout_s = 600;
    int retries = 0;
    std::string plot_x, plot_y, plot_yscale = "auto";
    std::vector<std::string> plot_series;
    // bands: each point's plot_y gets a low-high band from the band_estimates
    // platform estimates that move its line most (sweep_bands.cpp).
    bool bands = false;
    int band_estimates = 3;
    // Partial points left out of the product: each entry's axis values.
    std::vector<std::vector<std::pair<std::string, std::string>>> exclude;
};

// A point is identified by its parameters, never by its position: its
// directory is named from them, and its key (a hash of the base config's
// text and the parameters) tells a resumed sweep whether a result on disk
// still answers the point as it is now.
struct Point {
    int index;
    std::vector<std::pair<std::string, std::string>> values; // axis key -> value
    std::string dir, impossible, key;
    std::string plugin; // the plugin its workload comes from (absolute), or ""
};

// A sweep is refused above this many points before any is made: each point
// gets a folder and its config is loaded before anything runs (10,000
// points: about 3 s and 100 MB of folders), and 10,000 points of a second
// each are hours on a 2-core machine.
constexpr std::uint64_t kMaxPoints = 10'000;

// The files a sweep writes in its output folder (besides points/).
struct SweepFiles {
    static constexpr const char* kResultsCsv = "results.csv";
    static constexpr const char* kResultsJson = "results.json";
    static constexpr const char* kJobs = "jobs.txt";
    static constexpr const char* kJobLog = "joblog.tsv";
    static constexpr const char* kSlurmScript = "slurm.sh";    // the job array
    static constexpr const char* kSlurmCollect = "collect.sh"; // the collect job
    static constexpr const char* kSlurmSubmit = "submit.sh";   // submits both
    static constexpr const char* kPlot = "plot";               // plot.png and plot.svg
    static constexpr const char* kAll[] = {kResultsCsv,  kResultsJson, kJobs,
                                           kJobLog,      kSlurmScript, kSlurmCollect,
                                           kSlurmSubmit, "plot.png",   "plot.svg"};
};

// The columns results.csv gives per point after the axes: what plot.y may name.
const std::vector<std::string>& result_metrics();
// A script the driver calls (plot_sweep.py, plot_tornado.py): the installed
// copy beside an installed binary, else the source tree's.
std::string script_path(const std::string& name);
// Draws OUT/plot.{png,svg} and OUT/plot.series.json from the collected
// results (sweep_plot.cpp); says why when it cannot.
void plot_results(const SweepSpec& spec, const std::string& out);

std::string read_file(const std::filesystem::path& path);

// Running points (sweep_runner.cpp), for sweeps and sensitivity runs alike.
std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 1469598103934665603ull);
std::string hex64(std::uint64_t v);
// A point's values as --set arguments: "key=value".
std::vector<std::string> sets_of(const Point& p);
// "block_dim_48-mode_soft-1a2b3c4d": readable, unique by a hash of the values.
std::string slug(const Point& p);
// Writes the point's folder and its rerun.sh.
void write_point(const SweepOptions& o, const SweepSpec& s, const Point& p);
// Runs OUT/JOBS with GNU parallel (o.jobs at once, o.sshlogin hosts),
// logging to OUT/JOBLOG.
void run_points(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
                const std::string& jobs = SweepFiles::kJobs,
                const std::string& joblog = SweepFiles::kJobLog);
// Runs the points (listed in OUT/JOBS; with `reuse`, only those without a
// current result) and returns every point's collected row, in order.
nlohmann::json run_batch(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
                         const std::vector<Point>& points, bool reuse,
                         const std::string& jobs = SweepFiles::kJobs,
                         const std::string& joblog = SweepFiles::kJobLog);
// A result that answers the point as it is now: it ran to an outcome, with
// the same base config and parameters.
bool has_current_result(const Point& p);
// A run's figures from its result JSON: outcome, rounds, latency min,
// median, p99 and max, skew, sim_time_ns, poll timeouts, and each stream's
// last task (streamN_end_ns, streamN_task_ns).
nlohmann::json result_row(nlohmann::json result);
// Whether `name` is a number result_row gives (streamN_* for any N).
bool is_run_metric(const std::string& name);
// Adds band_low, band_high and band_estimates to every ran point's row of
// `results` (sweep_bands.cpp); writes its runs under OUT/bands/.
void add_bands(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
               const std::vector<Point>& points, nlohmann::json& results);
// Every point's row; a failed point is a row that says how.
nlohmann::json collect(const SweepSpec& s, const std::vector<Point>& points);
void write_results(const std::string& out, const SweepSpec& s, const nlohmann::json& results);

} // namespace syncsim::sweep
