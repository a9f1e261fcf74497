#include "driver/study/calibration/calibration_fit_file.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "platforms/platform.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace syncsim {

namespace fs = std::filesystem;

const FitParameter* FitRecord::parameter(const std::string& path) const {
    for (const FitParameter& p : parameters)
        if (p.path == path) return &p;
    return nullptr;
}

const FitRefit* FitRecord::refit(const std::string& path, const std::string& end) const {
    for (const FitRefit& r : refits)
        if (r.path == path && r.end == end) return &r;
    return nullptr;
}

std::string fit_file(const std::string& dir, const std::string& chip) {
    return (fs::path(dir) / "fits" / (chip + ".yaml")).string();
}

std::vector<std::string> fitted_chips(const std::string& dir) {
    std::vector<std::string> chips;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::path(dir) / "fits", ec))
        if (entry.path().extension() == ".yaml") chips.push_back(entry.path().stem().string());
    std::sort(chips.begin(), chips.end());
    return chips;
}

std::string fit_number(double v) {
    std::ostringstream os;
    if (std::fabs(v) >= 100) {
        os << std::llround(v);
    } else {
        os << std::setprecision(4) << v;
    }
    return os.str();
}

namespace {

FitValues values_of(const MapView& m) {
    FitValues out;
    for (const MapView::Entry& e : m.entries()) {
        if (!e.value.IsScalar()) m.fail(e.key, "expected a value");
        out[e.key] = e.value.Scalar();
    }
    return out;
}

std::vector<std::string> names_of(const MapView& m, const std::string& key) {
    std::vector<std::string> out;
    const YAML::Node n = m.node(key);
    if (!n || !n.IsSequence()) m.fail(key, "expected a list of names");
    for (const YAML::Node& item : n) out.push_back(item.as<std::string>());
    return out;
}

void write_values(std::ostream& out, const FitValues& v) {
    out << "{";
    bool first = true;
    for (const auto& [path, value] : v) {
        out << (first ? "" : ", ") << path << ": " << value;
        first = false;
    }
    out << "}";
}

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "\"";
}

std::string names(const std::vector<std::string>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
    return out + "]";
}

bool same_number(const std::string& a, const std::string& b) {
    char* end = nullptr;
    const double x = std::strtod(a.c_str(), &end);
    if (*end != '\0') return a == b;
    const double y = std::strtod(b.c_str(), &end);
    if (*end != '\0') return false;
    return std::fabs(x - y) <= 1e-9 * std::max(1.0, std::fabs(x));
}

} // namespace

std::map<std::string, FitRecord> fits_of(const std::vector<ParamRow>& rows) {
    std::map<std::string, FitRecord> fits;
    for (const ParamRow& row : rows) {
        const std::string& chip = row.origin.fit;
        if (chip.empty() || fits.count(chip)) continue;
        const std::string file = fit_file(std::string(SYNCSIM_SOURCE_DIR) + "/calibration", chip);
        std::error_code ec;
        if (!fs::is_regular_file(file, ec))
            throw ConfigError(row.origin.where + ": platform parameter '" + row.path +
                              "' names the " + chip + " fit, but " + file +
                              " does not exist (syncsim calibration fit --platform " + chip +
                              " --write)");
        fits.emplace(chip, read_fit(file));
    }
    return fits;
}

FitRecord read_fit(const std::string& file) {
    const MapView doc(load_yaml_file(file), file, "");
    doc.allow_only({"command", "platform", "seed", "samples", "fitted", "held_out", "parameters",
                    "point", "refits", "consistent", "predictions"});
    FitRecord f;
    f.file = file;
    f.command = doc.text("command");
    f.platform = doc.text("platform");
    f.seed = static_cast<unsigned long long>(doc.integer("seed", 0, std::int64_t(1) << 62));
    f.samples = static_cast<int>(doc.integer("samples", 1, 100000));
    f.fitted = names_of(doc, "fitted");
    f.held_out = names_of(doc, "held_out");
    for (const MapView& p : doc.list("parameters")) {
        p.allow_only({"path", "status", "value", "low", "high", "prior_low", "prior_high",
                      "combination", "by"});
        FitParameter fp{p.text("path"),       p.choice("status", {"pinned", "combination", "free"}),
                        p.text("value"),      p.text("low"),
                        p.text("high"),       p.text("prior_low"),
                        p.text("prior_high"), p.has("combination") ? p.text("combination") : "",
                        names_of(p, "by")};
        f.parameters.push_back(fp);
    }
    f.point = values_of(doc.map("point"));
    for (const MapView& r : doc.list("refits")) {
        r.allow_only({"path", "end", "values"});
        f.refits.push_back(
            {r.text("path"), r.choice("end", {"low", "high"}), values_of(r.map("values"))});
    }
    const YAML::Node consistent = doc.node("consistent");
    if (consistent && consistent.IsSequence())
        for (std::size_t i = 0; i < consistent.size(); ++i)
            f.consistent.push_back(
                values_of(MapView(consistent[i], file, "consistent[" + std::to_string(i) + "]")));
    for (const MapView& p : doc.list("predictions")) {
        p.allow_only({"observation", "at_point_ns", "low_ns", "high_ns"});
        f.predictions.push_back({p.text("observation"), p.real("at_point_ns", -1e18, 1e18),
                                 p.real("low_ns", -1e18, 1e18), p.real("high_ns", -1e18, 1e18)});
    }
    return f;
}

void write_fit(const FitRecord& f, std::ostream& out) {
    out << "# What `syncsim calibration fit` found on " << f.platform
        << ": do not edit. The platform files carry its\n"
           "# chosen point and ranges (`syncsim calibration check` holds them to it);\n"
           "# sensitivity studies and sweep bands move a bound value with the others\n"
           "# refit (refits:), so every point they run reproduces every fitted\n"
           "# observation.\n";
    out << "command: " << quoted(f.command) << "\n";
    out << "platform: " << f.platform << "\nseed: " << f.seed << "\nsamples: " << f.samples << "\n";
    out << "fitted: " << names(f.fitted) << "\nheld_out: " << names(f.held_out) << "\n";
    out << "parameters:\n";
    for (const FitParameter& p : f.parameters) {
        out << "  - {path: " << p.path << ", status: " << p.status << ", value: " << p.value
            << ", low: " << p.low << ", high: " << p.high << ", prior_low: " << p.prior_low
            << ", prior_high: " << p.prior_high;
        if (!p.combination.empty()) out << ", combination: " << quoted(p.combination);
        out << ", by: " << names(p.by) << "}\n";
    }
    out << "point: ";
    write_values(out, f.point);
    out << "\nrefits:\n";
    for (const FitRefit& r : f.refits) {
        out << "  - {path: " << r.path << ", end: " << r.end << ", values: ";
        write_values(out, r.values);
        out << "}\n";
    }
    out << "consistent:\n";
    for (const FitValues& v : f.consistent) {
        out << "  - ";
        write_values(out, v);
        out << "\n";
    }
    out << "predictions:\n";
    for (const FitPrediction& p : f.predictions)
        out << "  - {observation: " << p.observation
            << ", at_point_ns: " << fit_number(p.at_point_ns)
            << ", low_ns: " << fit_number(p.low_ns) << ", high_ns: " << fit_number(p.high_ns)
            << "}\n";
}

bool platform_follows_fit(const FitRecord& fit, const std::string& platforms_dir,
                          std::ostream& out) {
    bool ok = true;
    const auto problem = [&](const std::string& text) {
        out << "\n  " << text;
        ok = false;
    };
    for (const std::string& name : list_platforms(platforms_dir)) {
        if (!platform_kind_of(platforms_dir, name).calibrates) continue;
        const Platform p = load_platform(platforms_dir, name);
        for (const ParamRow& row : param_rows(p)) {
            const FitParameter* fp = fit.parameter(row.path);
            const ParamOrigin& o = row.origin;
            const bool chip = name == fit.platform;
            if (!fp) {
                if (o.fit == fit.platform)
                    problem(name + " " + row.path + " names the " + fit.platform +
                            " fit, which does not touch it (" + o.where + ")");
                continue;
            }
            // An instance's own value is the user's.
            if (!o.instance_of.empty()) continue;
            if (!chip && o.fit != fit.platform) continue; // another chip's own value
            // Fitted on the chip: calibrated there; free, or on a chip that
            // inherits it: an estimate with the fit's value and range.
            const std::string source = chip && fp->fitted() ? "calibrated" : "estimate";
            if (o.fit != fit.platform || o.source != source || !same_number(row.value, fp->value) ||
                !same_number(o.low, fp->low) || !same_number(o.high, fp->high))
                problem(name + " " + row.path + " is " + row.value + " (" + o.source +
                        (o.fit.empty() ? "" : ", fit " + o.fit) + ", range " + o.low + " .. " +
                        o.high + "); the fit has " + fp->value + " in " + fp->low + " .. " +
                        fp->high + ", " + source + " with fit: " + fit.platform + " (" + o.where +
                        ")");
        }
    }
    return ok;
}

} // namespace syncsim
