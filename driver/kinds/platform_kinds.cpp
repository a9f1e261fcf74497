// The registry of platform kinds: one row per built-in kind, and the
// lookups every command uses (driver/kinds/platform_kind.hpp).
#include "driver/kinds/platform_kind.hpp"

#include "driver/kinds/ascend/ascend_kind.hpp"
#include "driver/kinds/vortex/vortex_kind.hpp"

#include <algorithm>
#include <deque>
#include <iomanip>
#include <map>
#include <stdexcept>

namespace syncsim {

namespace {

struct KindRegistry {
    std::deque<PlatformKind> rows; // addresses stay put as kinds are added
    std::vector<const PlatformKind*> kinds;
    std::vector<std::string> names;

    void add(const PlatformKind& kind) {
        for (const std::string& name : names)
            if (name == kind.name)
                throw std::logic_error("platform kind '" + name + "' is registered twice");
        rows.push_back(kind);
        kinds.push_back(&rows.back());
        names.push_back(kind.name);
    }
};

KindRegistry& kind_registry() {
    static KindRegistry r = [] {
        KindRegistry built;
        for (const PlatformKind& kind : {ascend_kind(), vortex_kind()}) built.add(kind);
        return built;
    }();
    return r;
}

// Every leaf of the tree, by path, with its value, unit, provenance,
// meaning and range. Paths are what a config's `overrides:` and
// `--set platform.PATH=V` take.
void describe_params(std::ostream& out, const LoadedPlatform& p) {
    out << "platform " << p.name() << ": " << p.description() << "\n\n";
    // How much of the platform is fact: a count per kind of source.
    std::map<std::string, int> by_source;
    int from_fit = 0;
    std::string fit_chip;
    const auto rows = p.rows();
    for (const ParamRow& row : rows) {
        ++by_source[row.origin.source];
        if (row.origin.source == "estimate" && !row.origin.fit.empty()) {
            ++from_fit;
            fit_chip = row.origin.fit;
        }
    }
    out << rows.size() << " values: " << by_source["sourced"] << " sourced (a public fact), "
        << by_source["derived"] << " derived (computed from others), " << by_source["calibrated"]
        << " calibrated (fitted to device observations on this chip: syncsim describe "
           "calibration), "
        << by_source["estimate"] << " estimated (no public figure; each has a plausible range: "
        << "syncsim sensitivity CONFIG ranks them";
    if (from_fit > 0)
        out << "; " << from_fit << " of them taken from the " << fit_chip
            << " fit, with the range it found";
    out << ")\n\n";
    // Where a value comes from: a fit's value is calibrated on its chip and
    // an estimate, with the fit's range, on a chip that inherits it.
    const auto source_of = [](const ParamOrigin& o) {
        if (o.fit.empty()) return o.source;
        return o.source == "calibrated" ? "calibrated (" + o.fit + " fit)"
                                        : "estimate (fit on " + o.fit + ")";
    };
    // Each column as wide as its widest entry, two spaces apart.
    std::size_t path_w = 30, value_w = 5, unit_w = 4, source_w = 6;
    for (const ParamRow& row : rows) {
        path_w = std::max(path_w, row.path.size());
        value_w = std::max(value_w, row.value.size());
        unit_w = std::max(unit_w, row.unit.size());
        source_w = std::max(source_w, source_of(row.origin).size());
    }
    const int pw = int(path_w + 2), vw = int(value_w + 2), uw = int(unit_w + 2),
              sw = int(source_w + 2), indent = pw + vw + uw + sw;
    out << std::left << std::setw(pw) << "parameter (path under device:)" << std::setw(vw)
        << "value" << std::setw(uw) << "unit" << std::setw(sw) << "source"
        << "meaning / reference\n";
    for (const ParamRow& row : rows) {
        const ParamOrigin& o = row.origin;
        out << std::left << std::setw(pw) << row.path << std::setw(vw) << row.value << std::setw(uw)
            << row.unit << std::setw(sw) << source_of(o) << row.meaning << "\n";
        if (o.has_range())
            out << std::setw(indent) << ""
                << (o.fit.empty() ? "plausible " : "consistent with the observations ") << o.low
                << " .. " << o.high << ": " << o.range_why << "\n";
        out << std::setw(indent) << "" << (row.range.empty() ? "" : "accepts " + row.range + "; ");
        if (!row.derived_from.empty())
            out << "derived as " << row.derived_from;
        else
            out << "set at " << o.where << (o.ref.empty() ? "" : "; ref " + o.ref);
        if (!o.note.empty()) out << "; " << o.note;
        out << "\n";
    }
}

} // namespace

const std::vector<const PlatformKind*>& platform_kinds() {
    return kind_registry().kinds;
}

void add_platform_kind(const PlatformKind& kind) {
    kind_registry().add(kind);
}

const PlatformKind& platform_kind_of(const std::string& dir, const std::string& platform) {
    const std::string kind = platform_kind(dir, platform, kind_registry().names);
    for (const PlatformKind* k : platform_kinds())
        if (kind == k->name) return *k;
    throw std::logic_error("platform kind '" + kind + "' has no entry in the kind registry");
}

std::unique_ptr<LoadedPlatform> load_any_platform(const std::string& dir,
                                                  const std::string& platform) {
    return platform_kind_of(dir, platform).load(dir, platform);
}

void describe_platform(std::ostream& out, const std::string& dir, const std::string& platform) {
    const std::unique_ptr<LoadedPlatform> p = load_any_platform(dir, platform);
    describe_params(out, *p);
    p->describe_more(out);
}

} // namespace syncsim
