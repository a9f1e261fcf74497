#include "driver/run/utf8.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace syncsim::sweep {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The last lines of a point's stderr, for the results table.
static std::string tail_lines(const fs::path& path, std::size_t count) {
    std::vector<std::string> lines;
    std::istringstream in(read_file(path));
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) lines.push_back(l);
    std::string out;
    for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i)
        out += (out.empty() ? "" : " | ") + lines[i].substr(0, 300);
    return escape_invalid_utf8(out);
}

static double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// How a point's last run ended, from its status.txt: "exit N", "signal N"
// or "timeout", and the key of the point it ran ("" when it never ran).
struct PointStatus {
    std::string how, key;
};

static PointStatus read_status(const Point& p) {
    std::istringstream in(read_file(fs::path(p.dir) / "status.txt"));
    std::string line;
    std::getline(in, line);
    PointStatus st;
    const auto k = line.rfind(" key ");
    if (k == std::string::npos) return st;
    st.how = line.substr(0, k);
    st.key = line.substr(k + 5);
    return st;
}

// A result that answers the point as it is now: it ran to an outcome, with
// the same base config and parameters.
bool has_current_result(const Point& p) {
    const PointStatus st = read_status(p);
    return st.key == p.key && (st.how == "exit 0" || st.how == "exit 1") &&
           fs::exists(fs::path(p.dir) / "result.json");
}

json result_row(json r) { // a copy: a key a kind of result lacks reads as null
    json row = json::object();
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
    // Over every round (the result lists only the first rounds).
    json& stats = r["round_stats"];
    row["latency_p99_ns"] =
        stats.is_object() && stats.contains("latency_ps") && stats["latency_ps"].contains("p99")
            ? stats["latency_ps"]["p99"].get<double>() / 1000.0
            : NAN;
    row["sim_time_ns"] = r["time"]["end_ps"].get<double>() / 1000.0;
    // What the host program measured, as the device would have (measure_NAME).
    if (r.contains("measurements") && r["measurements"].is_object())
        for (const auto& [name, m] : r["measurements"].items()) row["measure_" + name] = m["value"];
    // Each stream's last task: when it ended and how long it ran.
    for (json& stream : r["streams"]) {
        const json span = stream["last_task_ps"];
        if (!span.is_array() || span.size() != 2) continue;
        const std::string name = "stream" + std::to_string(stream["stream"].get<int>());
        row[name + "_end_ns"] = span[1].get<double>() / 1000.0;
        row[name + "_task_ns"] = (span[1].get<double>() - span[0].get<double>()) / 1000.0;
    }
    row["poll_timeouts"] = r["poll_timeouts"].size();
    return row;
}

// One row; a point whose run failed in any way is a row that says how, and
// never stops the collection of the others.
static json collect_point(const Point& p) {
    json row = {{"point", p.index}, {"dir", fs::path(p.dir).filename().string()}};
    json params = json::object();
    for (const auto& [key, value] : p.values) params[key] = value;
    row["params"] = params;
    if (!p.impossible.empty()) {
        row["status"] = "impossible";
        row["reason"] = p.impossible;
        return row;
    }
    const PointStatus st = read_status(p);
    const fs::path stderr_file = fs::path(p.dir) / "stderr.txt";
    if (st.how.empty() || st.key != p.key) {
        row["status"] = "not_run";
        row["reason"] = st.how.empty() ? "the point has not run (no status.txt)"
                                       : "the result on disk is of an earlier version of the point";
        return row;
    }
    if (st.how == "timeout") {
        row["status"] = "timeout";
        row["reason"] = "killed at point_timeout; stderr: " + tail_lines(stderr_file, 3);
        return row;
    }
    if (st.how != "exit 0" && st.how != "exit 1") {
        row["status"] = "failed";
        row[st.how.rfind("signal", 0) == 0 ? "signal" : "exit_code"] =
            std::stoi(st.how.substr(st.how.find(' ') + 1));
        row["reason"] = st.how + "; stderr: " + tail_lines(stderr_file, 3);
        return row;
    }
    json r;
    try {
        r = json::parse(read_file(fs::path(p.dir) / "result.json"));
        (void)r.at("outcome").at("kind");
    } catch (const json::exception& e) {
        row["status"] = "failed";
        row["reason"] = std::string("unreadable result.json: ") + e.what();
        return row;
    }
    row["status"] = "ran";
    row.update(result_row(r));
    const fs::path perf = fs::path(p.dir) / "perf.json";
    if (fs::exists(perf)) {
        const json pj = json::parse(read_file(perf), nullptr, false);
        if (!pj.is_discarded()) {
            row["wall_s"] = pj["wall_s"];
            row["resumptions"] = pj["resumptions"];
            row["resumptions_per_s"] = pj["resumptions_per_s"];
        }
    }
    return row;
}

json collect(const SweepSpec& s, const std::vector<Point>& points) {
    json rows = json::array();
    for (const Point& p : points) rows.push_back(collect_point(p));
    json out{{"description", s.description}, {"base", s.base}, {"points", rows}};
    make_valid_utf8(out);
    return out;
}

static std::string csv_field(const json& v) {
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

const std::vector<std::string>& result_metrics() {
    static const std::vector<std::string> metrics = {"status",
                                                     "outcome",
                                                     "rounds",
                                                     "latency_min_ns",
                                                     "latency_median_ns",
                                                     "latency_p99_ns",
                                                     "latency_max_ns",
                                                     "skew_median_ns",
                                                     "sim_time_ns",
                                                     "poll_timeouts",
                                                     "wall_s",
                                                     "resumptions",
                                                     "resumptions_per_s",
                                                     "exit_code",
                                                     "signal",
                                                     "reason"};
    return metrics;
}

bool is_run_metric(const std::string& name) {
    static const char* const kNumbers[] = {"rounds",         "latency_min_ns", "latency_median_ns",
                                           "latency_p99_ns", "latency_max_ns", "skew_median_ns",
                                           "sim_time_ns",    "poll_timeouts"};
    for (const char* n : kNumbers)
        if (name == n) return true;
    if (name.rfind("measure_", 0) == 0) // a host program's measurement
        return name.size() > 8 &&
               name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_", 8) == name.npos;
    // streamN_end_ns, streamN_task_ns
    const auto digits = name.find_first_not_of("0123456789", 6);
    if (name.rfind("stream", 0) != 0 || digits == 6 || digits == std::string::npos) return false;
    const std::string rest = name.substr(digits);
    return rest == "_end_ns" || rest == "_task_ns";
}

void write_results(const std::string& out, const SweepSpec& s, const json& results) {
    const std::vector<std::string>& metrics = result_metrics();
    const std::string csv_path = (fs::path(out) / SweepFiles::kResultsCsv).string();
    OutputFile csv_file(csv_path, "sweep results");
    std::ostream& csv = csv_file.stream();
    csv << "point";
    for (const Axis& a : s.axes) csv << "," << a.key;
    for (const std::string& m : metrics) csv << "," << m;
    static const char* const kBandColumns[] = {"band_low", "band_high", "band_estimates",
                                               "band_note"};
    if (s.bands)
        for (const char* b : kBandColumns) csv << "," << s.plot_y << "_" << b;
    csv << "\n";
    for (const json& row : results["points"]) {
        csv << row["point"].get<int>();
        for (const Axis& a : s.axes) csv << "," << csv_field(row["params"][a.key]);
        for (const std::string& m : metrics)
            csv << "," << (row.contains(m) ? csv_field(row[m]) : "");
        if (s.bands)
            for (const char* b : kBandColumns)
                csv << "," << (row.contains(b) ? csv_field(row[b]) : "");
        csv << "\n";
    }
    csv_file.close();
}

} // namespace syncsim::sweep
