#include "driver/study/sensitivity/sensitivity_report.hpp"

#include "driver/run/result_parts.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <unistd.h>

namespace syncsim::sensitivity {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kJson = "sensitivity.json";
constexpr const char* kCsv = "sensitivity.csv";

json number(double v) {
    return std::isnan(v) ? json(nullptr) : json(v);
}

// Every metric is a time in ns.
std::string shown(double ns) {
    if (std::isnan(ns)) return "-";
    return format_time(static_cast<std::uint64_t>(std::llround(std::max(0.0, ns) * 1000.0)));
}

json effect_json(const Effect& e) {
    json metrics = json::object();
    for (const auto& [name, m] : e.metrics)
        metrics[name] = {{"low", number(m.low)},
                         {"base", number(m.base)},
                         {"high", number(m.high)},
                         {"swing", m.swing()}};
    const Estimate& est = e.estimate;
    json out{
        {"path", est.path},
        {"source", est.source},
        {"value", est.value},
        {"low", est.low},
        {"high", est.high},
        {"why", est.why},
        {"moved", e.moved()},
        {"flips", e.flips()},
        {"metrics", metrics},
        {"outcome", {{"low", e.outcome_low}, {"base", e.outcome_base}, {"high", e.outcome_high}}}};
    if (!e.failed.empty()) out["failed"] = e.failed;
    return out;
}

// Spearman's rank correlation of two equally long series.
double rank_correlation(const std::vector<double>& x, const std::vector<double>& y) {
    const auto ranks = [](const std::vector<double>& v) {
        std::vector<std::size_t> order(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
        std::vector<double> r(v.size());
        for (std::size_t i = 0; i < order.size();) { // ties share their mean rank
            std::size_t j = i;
            while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
            for (std::size_t k = i; k <= j; ++k) r[order[k]] = (i + j) / 2.0;
            i = j + 1;
        }
        return r;
    };
    const std::vector<double> rx = ranks(x), ry = ranks(y);
    const double n = static_cast<double>(x.size());
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) mx += rx[i] / n, my += ry[i] / n;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (rx[i] - mx) * (ry[i] - my);
        sxx += (rx[i] - mx) * (rx[i] - mx);
        syy += (ry[i] - my) * (ry[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : 0.0;
}

// The samples' spread per metric, their outcomes, and how strongly each
// estimate's sampled value goes with the ranking metric (Spearman).
json lhs_json(const Report& r, const json& samples) {
    json out{
        {"samples", samples.size()}, {"metrics", json::object()}, {"outcomes", json::object()}};
    if (samples.empty()) return out;
    for (const json& s : samples) {
        const std::string kind = s["row"].value("status", "") == "ran"
                                     ? s["row"].value("outcome", std::string("?"))
                                     : s["row"].value("status", std::string("?"));
        out["outcomes"][kind] = out["outcomes"].value(kind, 0) + 1;
    }
    for (const std::string& m : r.metrics) {
        double lo = INFINITY, hi = -INFINITY;
        for (const json& s : samples)
            if (s["row"].contains(m) && s["row"][m].is_number()) {
                lo = std::min(lo, s["row"][m].get<double>());
                hi = std::max(hi, s["row"][m].get<double>());
            }
        if (lo <= hi) out["metrics"][m] = {{"min", lo}, {"max", hi}};
    }
    const std::string primary = r.metrics.empty() ? "" : r.metrics.front();
    json correlation = json::array();
    for (const Estimate& e : r.plan.to_run) {
        std::vector<double> x, y;
        for (const json& s : samples) {
            if (!s["row"].contains(primary) || !s["row"][primary].is_number()) continue;
            if (!s["values"].contains("platform." + e.path)) continue;
            const std::string v = s["values"]["platform." + e.path].get<std::string>();
            char* end = nullptr;
            const double d = std::strtod(v.c_str(), &end);
            x.push_back(*end == '\0' && !v.empty() ? d : (v == e.high ? 1.0 : 0.0));
            y.push_back(s["row"][primary].get<double>());
        }
        if (x.size() >= 3)
            correlation.push_back({{"path", e.path}, {"rho", rank_correlation(x, y)}});
    }
    std::stable_sort(correlation.begin(), correlation.end(), [](const json& a, const json& b) {
        return std::fabs(a["rho"].get<double>()) > std::fabs(b["rho"].get<double>());
    });
    json runs = json::array();
    for (const json& s : samples) {
        json run{{"values", s["values"]}, {"status", s["row"].value("status", "")}};
        for (const char* key : {"outcome", "reason"})
            if (s["row"].contains(key)) run[key] = s["row"][key];
        for (const std::string& m : r.metrics)
            if (s["row"].contains(m)) run[m] = s["row"][m];
        runs.push_back(run);
    }
    out["runs"] = runs;
    out["correlation_with"] = primary;
    out["correlation"] = correlation;
    return out;
}

json report_json(const Report& r) {
    json ranked = json::array(), flips = json::array(), still = json::array();
    for (const Effect& e : r.effects) {
        ranked.push_back(effect_json(e));
        if (e.flips()) flips.push_back(e.estimate.path);
        if (!e.moved()) still.push_back(e.estimate.path);
    }
    const auto excluded = [](const std::vector<Excluded>& list) {
        json out = json::array();
        for (const Excluded& x : list) out.push_back({{"path", x.path}, {"reason", x.reason}});
        return out;
    };
    json baseline{{"outcome", r.baseline.value("outcome", std::string("?"))}};
    for (const std::string& m : r.metrics) baseline[m] = r.baseline[m];
    return {{"config", r.config},
            {"sets", r.sets},
            {"platform", r.platform},
            {"key", r.key},
            {"primary", r.metrics.empty() ? "" : r.metrics.front()},
            {"metrics", r.metrics},
            {"baseline", baseline},
            {"flips", flips},
            {"ranked", ranked},
            {"did_not_move", still},
            {"cannot_move", excluded(r.plan.cannot_move)},
            {"set_by_config", excluded(r.plan.set_by_config)},
            {"lhs", lhs_json(r, r.lhs)},
            {"consistent", lhs_json(r, r.consistent)},
            {"consistent_what", r.consistent_what},
            {"refits", [&] {
                 json out = json::array();
                 for (const auto& [chip, n] : r.refits)
                     out.push_back({{"fit", chip}, {"fitted_observations", n}});
                 return out;
             }()}};
}

void write_csv(const Report& r, const std::string& path) {
    OutputFile file(path, "sensitivity CSV");
    std::ostream& csv = file.stream();
    csv << "estimate,source,value,low,high,end,end_value,outcome";
    for (const std::string& m : r.metrics) csv << "," << m;
    csv << "\n";
    const auto cell = [](double v) {
        std::ostringstream os;
        if (!std::isnan(v)) os << std::setprecision(12) << v;
        return os.str();
    };
    csv << "baseline,,,,,,," << r.baseline.value("outcome", std::string("?"));
    for (const std::string& m : r.metrics)
        csv << "," << (r.baseline[m].is_number() ? cell(r.baseline[m].get<double>()) : "");
    csv << "\n";
    for (const Effect& e : r.effects)
        for (const char* end : {"low", "high"}) {
            const bool low = end[0] == 'l';
            const Estimate& est = e.estimate;
            csv << est.path << "," << est.source << "," << est.value << "," << est.low << ","
                << est.high << "," << end << "," << (low ? est.low : est.high) << ","
                << (low ? e.outcome_low : e.outcome_high);
            for (const std::string& m : r.metrics) {
                const MetricValues& v = e.metrics.at(m);
                csv << "," << cell(low ? v.low : v.high);
            }
            csv << "\n";
        }
    file.close();
}

// The Latin-hypercube study in a few lines: outcomes, each metric's spread,
// the estimates that go with the ranking metric most.
void print_lhs(const json& lhs, std::ostream& s, const std::string& title) {
    if (lhs["samples"].get<std::size_t>() == 0) return;
    s << "\n" << title << "; outcomes";
    for (const auto& [kind, count] : lhs["outcomes"].items())
        s << " " << count.get<int>() << " " << kind;
    s << "\n";
    if (lhs["outcomes"].size() > 1)
        s << "  FLIPS inside it: the outcome depends on where in it the device is\n";
    for (const auto& [metric, spread] : lhs["metrics"].items())
        s << "  " << std::setw(20) << metric << shown(spread["min"].get<double>()) << " .. "
          << shown(spread["max"].get<double>()) << "\n";
    s << "  rank correlation with " << lhs["correlation_with"].get<std::string>() << ":";
    for (std::size_t i = 0; i < lhs["correlation"].size() && i < 5; ++i)
        s << (i ? "; " : " ") << lhs["correlation"][i]["path"].get<std::string>() << " "
          << std::fixed << std::setprecision(2) << lhs["correlation"][i]["rho"].get<double>()
          << std::defaultfloat;
    s << "\n";
}

void print_table(const Report& r, std::ostream& s) {
    const std::string primary = r.metrics.empty() ? "" : r.metrics.front();
    for (const auto& [chip, n] : r.refits)
        s << "refit      values the " << chip << " fit binds move with the others refit "
          << "(calibration/fits/" << chip << ".yaml): each such end reproduces all " << n
          << " fitted observations\n";
    s << "baseline   " << r.baseline.value("outcome", std::string("?"));
    for (const std::string& m : r.metrics)
        s << "; " << m << " "
          << (r.baseline[m].is_number() ? shown(r.baseline[m].get<double>()) : "-");
    s << "\n";
    int flips = 0;
    for (const Effect& e : r.effects)
        if (e.flips()) {
            s << "FLIPS      " << e.estimate.path << ": " << e.outcome_low << " at "
              << e.estimate.low << ", " << e.outcome_base << " at " << e.estimate.value << ", "
              << e.outcome_high << " at " << e.estimate.high;
            if (e.outcome_low == "time_limit" || e.outcome_high == "time_limit")
                s << " (time_limit: the config's limits.sim_time cut that run; raise it to see "
                     "how the run ends)";
            s << "\n";
            ++flips;
        }
    if (flips == 0) s << "flips      none: every end gives the baseline's outcome\n";
    s << "\nranked by the swing of " << primary
      << " (largest minus smallest of low end, value, high end):\n";
    s << std::left << std::setw(4) << "#" << std::setw(50) << "estimate" << std::setw(28)
      << "low .. high (value)" << std::setw(13) << "at low" << std::setw(13) << "at high"
      << std::setw(13) << "swing";
    for (std::size_t m = 1; m < r.metrics.size() && m < 3; ++m)
        s << std::setw(static_cast<int>(r.metrics[m].size()) + 8) << r.metrics[m] + " swing";
    s << "\n";
    int n = 0;
    for (const Effect& e : r.effects) {
        if (!e.moved()) continue;
        const MetricValues& v = e.metrics.at(primary);
        const Estimate& est = e.estimate;
        s << std::left << std::setw(4) << ++n << std::setw(50) << est.path << std::setw(28)
          << (est.low + " .. " + est.high + " (" + est.value + ")") << std::setw(13) << shown(v.low)
          << std::setw(13) << shown(v.high) << std::setw(13) << shown(v.swing());
        for (std::size_t m = 1; m < r.metrics.size() && m < 3; ++m)
            s << std::setw(static_cast<int>(r.metrics[m].size()) + 8)
              << shown(e.metrics.at(r.metrics[m]).swing());
        if (!e.failed.empty()) s << " (" << e.failed.substr(0, 120) << ")";
        s << "\n";
    }
    std::string still;
    for (const Effect& e : r.effects) {
        if (!e.moved() && e.failed.empty()) still += (still.empty() ? "" : ", ") + e.estimate.path;
        if (!e.moved() && !e.failed.empty())
            s << "-   " << std::setw(50) << e.estimate.path
              << "an end gave no result: " << e.failed.substr(0, 200) << "\n";
    }
    if (!still.empty()) s << "\nmoved no metric (run at both ends): " << still << "\n";
    for (const auto& [title, list] :
         {std::pair{"cannot move this run (not run; the model tells why)", &r.plan.cannot_move},
          std::pair{"set by the config or --set (not an estimate here)", &r.plan.set_by_config}}) {
        if (list->empty()) continue;
        s << "\n" << title << ":\n";
        for (const Excluded& x : *list) s << "  " << std::setw(42) << x.path << x.reason << "\n";
    }
}

// The ranking, where later runs of the same inputs find it.
void cache(const json& report, const std::string& key) {
    const auto dir = sensitivity_cache_dir();
    if (!dir) return;
    std::error_code ec;
    fs::create_directories(*dir, ec);
    const std::string path = (fs::path(*dir) / (key + ".json")).string();
    // Written beside and renamed: a run reading the cache meanwhile sees the
    // old file or the new one, never half of one.
    const std::string part = path + "." + std::to_string(::getpid()) + ".part";
    try {
        OutputFile file(part, "sensitivity cache");
        file.stream() << report.dump(2) << "\n";
        file.close();
        fs::rename(part, path);
        std::cout << "cached     " << path << " (syncsim run of the same inputs names the top "
                  << "estimates)\n";
    } catch (const std::exception& e) { // ConfigError, OutputError, filesystem_error
        fs::remove(part, ec);
        std::cout << "not cached: " << e.what() << "\n";
    }
}

} // namespace

std::vector<NamedPath> sensitivity_outputs(const std::string& out) {
    std::vector<NamedPath> outputs;
    for (const char* name : {kJson, kCsv, "tornado.png", "tornado.svg", "jobs.txt", "joblog.tsv"})
        outputs.push_back({(fs::path(out) / name).string(), std::string("the study's ") + name});
    return outputs;
}

void write_report(const Report& r, const std::string& out, bool plot) {
    const json j = report_json(r);
    const std::string json_path = (fs::path(out) / kJson).string();
    OutputFile file(json_path, "sensitivity JSON");
    file.stream() << j.dump(2) << "\n";
    file.close();
    write_csv(r, (fs::path(out) / kCsv).string());
    print_table(r, std::cout);
    print_lhs(j["lhs"], std::cout,
              "Latin-hypercube: " + std::to_string(j["lhs"]["samples"].get<std::size_t>()) +
                  " samples, every estimate at once (values a fit binds: its consistent points)");
    print_lhs(j["consistent"], std::cout, "consistent set: " + r.consistent_what);
    std::cout << "\nwrote      " << json_path << " and " << kCsv << "\n";
    cache(j, r.key);
    if (!plot) return;
    if (!have_command("/usr/bin/python3 -c 'import matplotlib'")) {
        std::cout << "no plot: /usr/bin/python3 with matplotlib is not available\n";
        return;
    }
    const std::string cmd =
        "/usr/bin/python3 " + shell_quote(sweep::script_path("plot_tornado.py")) + " " +
        shell_quote(json_path) + " --out " + shell_quote((fs::path(out) / "tornado").string());
    if (std::system(cmd.c_str()) != 0) std::cout << "the tornado plot script failed\n";
}

} // namespace syncsim::sensitivity
