#include "driver/calibration.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/experiment_config.hpp"
#include "driver/run_common.hpp"
#include "driver/shell_command.hpp"
#include "driver/sweep_point.hpp"
#include "platforms/platform_kinds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <sstream>
#include <unistd.h>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// "1%" or "0.5 %" as a fraction.
double percent(const MapView& m, const std::string& key) {
    std::string text = m.text(key);
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || std::string(end) != "%" || !(v >= 0) || v > 100)
        m.fail(key, "expected a percentage, e.g. 1%");
    return v / 100.0;
}

// The value of `path` in `platform` as the platform files give it, with its
// provenance; throws when the platform or the path does not exist.
ParamRow platform_value(const FittedValue& f, const std::string& platforms_dir) {
    try {
        check_platform_name(f.platform);
        if (platform_folder(platforms_dir, f.platform).empty())
            throw ConfigError("no platform '" + f.platform + "' (syncsim list platforms)");
        const AnyPlatform platform = load_any_platform(platforms_dir, f.platform);
        for (const ParamRow& row : platform_rows(platform))
            if (row.path == f.path) return row;
        throw ConfigError("platform " + f.platform + " has no parameter '" + f.path + "'");
    } catch (const ConfigError& e) {
        throw ConfigError(f.where + ": fitted value: " + e.what());
    }
}

std::string shown(double ns) {
    return format_time(static_cast<std::uint64_t>(std::llround(std::max(0.0, ns) * 1000.0)));
}

} // namespace

std::string calibration_dir() {
    return std::string(SYNCSIM_SOURCE_DIR) + "/calibration";
}

CalibrationRecord read_calibration(const std::string& file) {
    const MapView doc(load_yaml_file(file), file, "");
    doc.allow_only({"observation", "source", "observed", "reproduction", "fitted"});
    CalibrationRecord c;
    c.file = file;
    c.name = fs::path(file).stem().string();
    c.observation = doc.text("observation");
    c.source = doc.text("source");
    const MapView observed = doc.map("observed");
    observed.allow_only({"value", "uncertainty"});
    c.observed = observed.text("value");
    c.observed_ns =
        static_cast<double>(parse_duration_ps(c.observed, observed.where("value") + ": key '" +
                                                              observed.path_of("value") + "'")) /
        1000.0;
    c.uncertainty = percent(observed, "uncertainty");
    const MapView repro = doc.map("reproduction");
    repro.allow_only({"config", "metric", "tolerance"});
    c.config_shown = repro.text("config");
    c.config = (fs::path(file).parent_path().parent_path() / c.config_shown).lexically_normal();
    std::error_code ec;
    if (!fs::is_regular_file(c.config, ec))
        repro.fail("config", "no config file " + quote_short(c.config));
    c.metric = repro.text("metric");
    if (!sweep::is_run_metric(c.metric))
        repro.fail("metric", quote_short(c.metric) +
                                 " is not a run's figure: latency_median_ns, latency_p99_ns, "
                                 "sim_time_ns, streamN_end_ns, streamN_task_ns, ...");
    c.tolerance = percent(repro, "tolerance");
    for (const MapView& f : doc.list("fitted")) {
        f.allow_only({"platform", "path", "value", "why"});
        c.fitted.push_back(
            {f.text("platform"), f.text("path"), f.text("value"), f.text("why"), f.where()});
    }
    if (c.fitted.empty())
        doc.fail("fitted", "a calibration names the platform values fitted to it");
    return c;
}

std::vector<CalibrationRecord> read_calibrations(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == ".yaml") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    std::vector<CalibrationRecord> records;
    for (const std::string& f : files) records.push_back(read_calibration(f));
    return records;
}

void describe_calibrations(std::ostream& out, const std::string& dir,
                           const std::string& platforms_dir) {
    const auto records = read_calibrations(dir);
    out << records.size() << " calibration(s) in " << fs::path(dir).filename().string()
        << "/ (syncsim calibration check runs each reproduction)\n";
    for (const CalibrationRecord& c : records) {
        out << "\n" << c.name << ": " << c.observation << "\n";
        out << "  source       " << c.source << "\n";
        out << "  observed     " << c.observed << " +- " << c.uncertainty * 100 << "%\n";
        out << "  reproduced   by " << c.config_shown << ", metric " << c.metric << ", within "
            << c.tolerance * 100 << "%\n";
        for (const FittedValue& f : c.fitted) {
            const ParamRow row = platform_value(f, platforms_dir);
            out << "  fitted       " << f.platform << " " << f.path << " = " << f.value
                << " (the platform has " << row.value << ", " << row.origin.source << ", set at "
                << row.origin.where << "): " << f.why << "\n";
        }
    }
}

int check_calibrations(const std::vector<std::string>& files, const std::string& platforms_dir,
                       const std::string& syncsim_binary, std::ostream& out) {
    std::vector<CalibrationRecord> records;
    for (const std::string& f : files) records.push_back(read_calibration(f));
    bool all_hold = true;
    for (const CalibrationRecord& c : records) {
        bool holds = true;
        std::ostringstream why;
        for (const FittedValue& f : c.fitted) {
            const ParamRow row = platform_value(f, platforms_dir);
            if (row.value != f.value || row.origin.source != "calibrated") {
                holds = false;
                why << "\n  " << f.platform << " " << f.path << " is " << row.value << " ("
                    << row.origin.source << ", " << row.origin.where << "), fitted " << f.value
                    << ": re-fit, or mark it calibrated";
            }
        }
        const fs::path result = fs::temp_directory_path() /
                                ("syncsim-calibration-" + std::to_string(::getpid()) + ".json");
        // A reproduction that ran away is a failed one, not a hung check.
        const std::string cmd = "timeout --kill-after=10 600 " + shell_quote(syncsim_binary) +
                                " --platforms " + shell_quote(platforms_dir) + " run " +
                                shell_quote(c.config) + " --json " + shell_quote(result.string()) +
                                " > /dev/null";
        const int rc = std::system(cmd.c_str());
        const json r = json::parse(sweep::read_file(result), nullptr, false);
        fs::remove(result);
        const json row = r.is_discarded() ? json() : sweep::result_row(r);
        const double got =
            row.contains(c.metric) && row[c.metric].is_number() ? row[c.metric].get<double>() : NAN;
        const double off = (got - c.observed_ns) / c.observed_ns;
        if (std::isnan(got) || !(std::fabs(off) <= c.tolerance)) holds = false;
        std::ostringstream gives;
        if (std::isnan(got))
            gives << "no " << c.metric << " (exit " << WEXITSTATUS(rc) << ")";
        else
            gives << c.metric << " " << shown(got) << " (" << std::showpos << std::fixed
                  << std::setprecision(2) << off * 100 << "%)";
        out << c.name << ": observed " << c.observed << "; " << c.config_shown << " gives "
            << gives.str() << ", tolerance " << c.tolerance * 100
            << "%: " << (holds ? "holds" : "DOES NOT HOLD") << why.str() << "\n";
        all_hold = all_hold && holds;
    }
    return all_hold ? 0 : 1;
}

} // namespace syncsim
