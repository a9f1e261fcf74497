#include "sim/sweep.hpp"

#include "sim/experiment_config.hpp"
#include "sim/yaml_view.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

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
    std::string plot_x, plot_y;
    std::vector<std::string> plot_series;
};

struct Point {
    int index;
    std::vector<std::pair<std::string, std::string>> values; // axis key -> value
    std::string dir, impossible;
};

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

SweepSpec read_spec(const std::string& file) {
    const MapView doc(load_yaml_file(file), file, "");
    doc.allow_only({"description", "base", "combine", "axes", "point_timeout", "retries", "plot"});
    SweepSpec s;
    s.description = doc.opt_text("description").value_or("");
    s.base = (fs::path(file).parent_path() / doc.text("base")).lexically_normal().string();
    if (!fs::exists(s.base)) doc.fail("base", "no config file " + s.base);
    s.zip = doc.has("combine") && doc.choice("combine", {"product", "zip"}) == "zip";
    const MapView axes = doc.map("axes");
    if (axes.keys().empty())
        throw ConfigError(doc.where() + ": a sweep needs at least one axis under 'axes'");
    for (const std::string& key : axes.keys()) {
        const YAML::Node list = axes.node(key);
        if (!list.IsSequence() || list.size() == 0)
            axes.fail(key, "an axis is a non-empty list of values");
        Axis a{key, {}};
        for (const auto& v : list) {
            if (!v.IsScalar()) axes.fail(key, "axis values are scalars");
            a.values.push_back(v.Scalar());
        }
        s.axes.push_back(a);
    }
    if (s.zip)
        for (const Axis& a : s.axes)
            if (a.values.size() != s.axes.front().values.size())
                axes.fail(a.key, "zipped axes need the same number of values");
    if (doc.has("point_timeout"))
        s.timeout_s = std::max<std::uint64_t>(
            1, parse_duration_ps(doc.text("point_timeout"),
                                 doc.where("point_timeout") + ": key 'point_timeout'") /
                   1000000000000ull);
    s.retries = static_cast<int>(doc.opt_integer("retries", 0, 10).value_or(0));
    const MapView plot = doc.map("plot");
    plot.allow_only({"x", "y", "series"});
    s.plot_x = plot.opt_text("x").value_or(s.axes.back().key);
    s.plot_y = plot.opt_text("y").value_or("latency_median_ns");
    if (const YAML::Node series = plot.node("series"))
        for (const auto& v : series) s.plot_series.push_back(v.as<std::string>());
    return s;
}

std::vector<Point> expand(const SweepSpec& s) {
    std::vector<Point> points;
    if (s.zip) {
        for (std::size_t i = 0; i < s.axes.front().values.size(); ++i) {
            Point p{static_cast<int>(i), {}, "", ""};
            for (const Axis& a : s.axes) p.values.push_back({a.key, a.values[i]});
            points.push_back(p);
        }
        return points;
    }
    std::vector<std::size_t> at(s.axes.size(), 0);
    for (int index = 0;; ++index) {
        Point p{index, {}, "", ""};
        for (std::size_t a = 0; a < s.axes.size(); ++a)
            p.values.push_back({s.axes[a].key, s.axes[a].values[at[a]]});
        points.push_back(p);
        std::size_t a = s.axes.size();
        while (a > 0 && ++at[a - 1] == s.axes[a - 1].values.size()) at[--a] = 0;
        if (a == 0) break;
    }
    return points;
}

std::string slug(const Point& p) {
    std::ostringstream os;
    os << std::setw(3) << std::setfill('0') << p.index;
    for (const auto& [key, value] : p.values) {
        const std::string last = key.substr(key.rfind('.') + 1);
        os << "-" << last << "_" << value;
    }
    std::string out = os.str();
    for (char& c : out)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    return out;
}

std::vector<std::string> sets_of(const Point& p) {
    std::vector<std::string> sets;
    for (const auto& [key, value] : p.values) sets.push_back(key + "=" + value);
    return sets;
}

// Why a point cannot run, or empty: its config must load and its workload
// must fit the device.
std::string check_point(const SweepSpec& s, const Point& p, const std::string& platforms_dir) {
    try {
        const ExperimentConfig cfg = load_experiment(s.base, sets_of(p), platforms_dir);
        if (cfg.host.empty()) return "";
        const HostEntry* host = WorkloadRegistry::builtin().host(cfg.host);
        if (!host->feasible) return "";
        const DeviceInfo device{cfg.platform.name, cfg.platform.arch, cfg.platform.aic_cores,
                                cfg.platform.aiv_cores};
        return host->feasible(device, cfg.params);
    } catch (const ConfigError& e) {
        return e.what();
    }
}

void write_point(const SweepOptions& o, const SweepSpec& s, const Point& p) {
    fs::create_directories(p.dir);
    std::ofstream sets(fs::path(p.dir) / "sets.txt");
    for (const std::string& set : sets_of(p)) sets << set << "\n";
    std::ofstream sh(fs::path(p.dir) / "rerun.sh");
    sh << "#!/bin/sh\n# Reruns this sweep point; writes result.json, perf.json and summary.txt "
          "here.\n";
    sh << "cd \"$(dirname \"$0\")\" || exit 3\n";
    sh << shell_quote(o.syncsim_binary) << " --platforms " << shell_quote(o.platforms_dir)
       << " run " << shell_quote(fs::absolute(s.base).string());
    for (const std::string& set : sets_of(p)) sh << " --set " << shell_quote(set);
    sh << " --json result.json --perf perf.json > summary.txt 2>&1\n";
    // Exit 1 is an outcome other than the config expects: a result, not a failure.
    sh << "rc=$?\n[ \"$rc\" -le 1 ] && exit 0\nexit \"$rc\"\n";
    sh.close();
    fs::permissions(fs::path(p.dir) / "rerun.sh",
                    fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add);
}

double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

json collect(const SweepSpec& s, const std::vector<Point>& points) {
    json rows = json::array();
    for (const Point& p : points) {
        json row = {{"point", p.index}, {"dir", fs::path(p.dir).filename().string()}};
        json params = json::object();
        for (const auto& [key, value] : p.values) params[key] = value;
        row["params"] = params;
        if (!p.impossible.empty()) {
            row["status"] = "impossible";
            row["reason"] = p.impossible;
            rows.push_back(row);
            continue;
        }
        const fs::path result = fs::path(p.dir) / "result.json";
        if (!fs::exists(result)) {
            row["status"] = "failed";
            row["reason"] = "no result (see " + (fs::path(p.dir) / "summary.txt").string() + ")";
            rows.push_back(row);
            continue;
        }
        std::ifstream in(result);
        const json r = json::parse(in);
        row["status"] = "ran";
        row["outcome"] = r["outcome"]["kind"];
        std::vector<double> latency, skew;
        for (const json& round : r["rounds"])
            if (round.contains("latency_ps")) {
                latency.push_back(round["latency_ps"].get<double>() / 1000.0);
                skew.push_back(round["release_skew_ps"].get<double>() / 1000.0);
            }
        row["rounds"] = r["rounds"].size();
        row["latency_min_ns"] =
            latency.empty() ? NAN : *std::min_element(latency.begin(), latency.end());
        row["latency_median_ns"] = median(latency);
        row["latency_max_ns"] =
            latency.empty() ? NAN : *std::max_element(latency.begin(), latency.end());
        row["skew_median_ns"] = median(skew);
        row["sim_time_ns"] = r["time"]["end_ps"].get<double>() / 1000.0;
        row["poll_timeouts"] = r["poll_timeouts"].size();
        const fs::path perf = fs::path(p.dir) / "perf.json";
        if (fs::exists(perf)) {
            std::ifstream pin(perf);
            const json pj = json::parse(pin);
            row["wall_s"] = pj["wall_s"];
            row["events"] = pj["events"];
            row["events_per_s"] = pj["events_per_s"];
        }
        rows.push_back(row);
    }
    return json{{"description", s.description}, {"base", s.base}, {"points", rows}};
}

std::string csv_field(const json& v) {
    if (v.is_null()) return "";
    if (v.is_string()) {
        std::string s = v.get<std::string>();
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    }
    if (v.is_number_float() && std::isnan(v.get<double>())) return "";
    return v.dump();
}

void write_results(const std::string& out, const SweepSpec& s, const json& results) {
    std::ofstream(fs::path(out) / "results.json") << results.dump(2) << "\n";
    const std::vector<std::string> metrics = {
        "status",         "outcome",        "rounds",      "latency_min_ns", "latency_median_ns",
        "latency_max_ns", "skew_median_ns", "sim_time_ns", "poll_timeouts",  "wall_s",
        "events",         "events_per_s",   "reason"};
    std::ofstream csv(fs::path(out) / "results.csv");
    csv << "point";
    for (const Axis& a : s.axes) csv << "," << a.key;
    for (const std::string& m : metrics) csv << "," << m;
    csv << "\n";
    for (const json& row : results["points"]) {
        csv << row["point"].get<int>();
        for (const Axis& a : s.axes) csv << "," << csv_field(row["params"][a.key]);
        for (const std::string& m : metrics)
            csv << "," << (row.contains(m) ? csv_field(row[m]) : "");
        csv << "\n";
    }
}

bool have_command(const std::string& probe) {
    return std::system((probe + " > /dev/null 2>&1").c_str()) == 0;
}

} // namespace

int run_sweep(const SweepOptions& o) {
    const SweepSpec spec = read_spec(o.sweep_file);
    const std::string out =
        o.out_dir.empty() ? (fs::path("runs") / fs::path(o.sweep_file).stem()).string() : o.out_dir;
    std::vector<Point> points = expand(spec);
    fs::create_directories(fs::path(out) / "points");
    std::ofstream jobs(fs::path(out) / "jobs.txt");
    int feasible = 0;
    for (Point& p : points) {
        p.dir = fs::absolute(fs::path(out) / "points" / slug(p)).string();
        p.impossible = check_point(spec, p, o.platforms_dir);
        if (!p.impossible.empty()) {
            std::cout << "skip  point " << p.index << " (" << slug(p) << "): " << p.impossible
                      << "\n";
            continue;
        }
        if (!o.collect_only) write_point(o, spec, p);
        jobs << "sh " << shell_quote((fs::path(p.dir) / "rerun.sh").string()) << "\n";
        ++feasible;
    }
    jobs.close();
    std::cout << points.size() << " points, " << feasible << " to run, " << points.size() - feasible
              << " impossible\n";

    const std::string joblog = (fs::path(out) / "joblog.tsv").string();
    const std::string job_list = (fs::path(out) / "jobs.txt").string();
    if (o.slurm) {
        const std::string script = (fs::path(out) / "slurm.sh").string();
        std::ofstream sh(script);
        sh << "#!/bin/bash\n# One array task per line of jobs.txt; then: syncsim sweep "
           << o.sweep_file << " --out " << out << " --collect\n";
        sh << "#SBATCH --job-name=syncsim-sweep\n";
        sh << "#SBATCH --array=0-" << std::max(0, feasible - 1) << "\n";
        sh << "#SBATCH --time=" << (spec.timeout_s + 59) / 60 << "\n";
        sh << "#SBATCH --output=" << fs::absolute(out).string() << "/slurm-%A_%a.out\n";
        sh << "line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" "
           << shell_quote(fs::absolute(job_list).string()) << ")\n";
        sh << "eval \"$line\"\n";
        std::cout << "wrote " << script << " (sbatch it, then collect with --collect)\n";
        return 0;
    }
    if (!o.collect_only && feasible > 0) {
        if (!have_command("parallel --version"))
            throw ConfigError(
                "GNU parallel is not installed: apt-get install parallel (scripts/setup.sh does)");
        std::ostringstream cmd;
        cmd << "parallel --will-cite --jobs " << o.jobs << " --joblog " << shell_quote(joblog)
            << " --timeout " << spec.timeout_s << " --retries " << spec.retries + 1
            << " --halt never";
        if (o.resume) cmd << " --resume";
        if (!o.sshlogin.empty()) cmd << " --sshlogin " << shell_quote(o.sshlogin);
        cmd << " :::: " << shell_quote(job_list);
        std::cout << "running: " << cmd.str() << "\n" << std::flush;
        const int rc = std::system(cmd.str().c_str());
        if (rc != 0)
            std::cout << "parallel reports " << (WIFEXITED(rc) ? WEXITSTATUS(rc) : rc)
                      << " failed job(s)\n";
    }

    const json results = collect(spec, points);
    write_results(out, spec, results);
    int failed = 0;
    for (const json& row : results["points"]) failed += row["status"] == "failed" ? 1 : 0;
    std::cout << "wrote " << (fs::path(out) / "results.csv").string() << " and results.json";
    if (failed) std::cout << "; " << failed << " point(s) failed";
    std::cout << "\n";

    if (o.plot && have_command("/usr/bin/python3 -c 'import matplotlib'")) {
        std::ostringstream cmd;
        cmd << "/usr/bin/python3 "
            << shell_quote(std::string(SYNCSIM_SOURCE_DIR) + "/scripts/plot_sweep.py") << " "
            << shell_quote((fs::path(out) / "results.json").string()) << " --x "
            << shell_quote("params." + spec.plot_x) << " --y " << shell_quote(spec.plot_y)
            << " --out " << shell_quote((fs::path(out) / "plot").string());
        for (const std::string& series : spec.plot_series)
            cmd << " --series " << shell_quote("params." + series);
        if (std::system(cmd.str().c_str()) != 0) std::cout << "the plot script failed\n";
    } else if (o.plot) {
        std::cout << "no plot: /usr/bin/python3 with matplotlib is not available (apt-get install "
                     "python3-matplotlib)\n";
    }
    return failed ? 1 : 0;
}

} // namespace syncsim
