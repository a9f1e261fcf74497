#include "platforms/platform_kinds.hpp"

#include <iomanip>
#include <map>
#include <stdexcept>

namespace syncsim {

namespace {

// Every parameter with its value, unit, provenance and meaning.
// Every leaf of the tree, by path, with its value, unit, provenance,
// meaning and range. Paths are what a config's `overrides:` and
// `--set platform.PATH=V` take.
template <typename P>
void describe_params(std::ostream& out, const P& p) {
    out << "platform " << p.name << ": " << p.description << "\n\n";
    // How much of the platform is fact: a count per kind of source.
    std::map<std::string, int> by_source;
    int from_fit = 0;
    std::string fit_chip;
    const auto rows = param_rows(p);
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
    out << std::left << std::setw(44) << "parameter (path under device:)" << std::setw(18)
        << "value" << std::setw(9) << "unit" << std::setw(26) << "source"
        << "meaning / reference\n";
    // Where a value comes from: a fit's value is calibrated on its chip and
    // an estimate, with the fit's range, on a chip that inherits it.
    const auto source_of = [](const ParamOrigin& o) {
        if (o.fit.empty()) return o.source;
        return o.source == "calibrated" ? "calibrated (" + o.fit + " fit)"
                                        : "estimate (fit on " + o.fit + ")";
    };
    for (const ParamRow& row : rows) {
        const ParamOrigin& o = row.origin;
        out << std::left << std::setw(44) << row.path << std::setw(18) << row.value << std::setw(9)
            << row.unit << std::setw(26) << source_of(o) << row.meaning << "\n";
        if (o.has_range())
            out << std::setw(97) << ""
                << (o.fit.empty() ? "plausible " : "consistent with the observations ") << o.low
                << " .. " << o.high << ": " << o.range_why << "\n";
        out << std::setw(97) << "" << (row.range.empty() ? "" : "accepts " + row.range + "; ");
        if (!row.derived_from.empty())
            out << "derived as " << row.derived_from;
        else
            out << "set at " << o.where << (o.ref.empty() ? "" : "; ref " + o.ref);
        if (!o.note.empty()) out << "; " << o.note;
        out << "\n";
    }
}

void describe_ascend(std::ostream& out, const AnyPlatform& any) {
    const Platform& p = std::get<Platform>(any);
    out << "\nlaunch rules (" << p.launch_rules_from << "): build side, kernel meta -> "
        << "task type, cores per block, FFTS context\n";
    for (const LaunchRule& r : p.launch_rules)
        out << "  " << std::left << std::setw(5) << to_string(r.side) << std::setw(13)
            << to_string(r.meta)
            << (r.meta == KernelMeta::MixAicMain ? "1:" + std::to_string(r.meta_aiv) : "   ")
            << " -> " << std::setw(12) << r.kernel_type << r.aic_per_block << " AIC + "
            << r.aiv_per_block << " AIV, " << (r.ffts_context ? "FFTS context" : "no FFTS context")
            << "; " << r.why << "\n";
}

} // namespace

const std::vector<PlatformKind>& platform_kinds() {
    static const std::vector<PlatformKind> kinds = {
        {"ascend",
         [](const std::string& dir, const std::string& name) {
             return AnyPlatform(load_platform(dir, name));
         },
         describe_ascend, true, true},
        {"vortex",
         [](const std::string& dir, const std::string& name) {
             return AnyPlatform(load_vortex_platform(dir, name));
         },
         [](std::ostream&, const AnyPlatform&) {}, false, false},
    };
    return kinds;
}

const PlatformKind& platform_kind_of(const std::string& dir, const std::string& platform) {
    const std::string kind = platform_kind(dir, platform);
    for (const PlatformKind& k : platform_kinds())
        if (kind == k.name) return k;
    throw std::logic_error("platform kind '" + kind + "' has no entry in the kind registry");
}

const PlatformKind& kind_of(const AnyPlatform& p) {
    // The registry lists the kinds in the variant's order.
    return platform_kinds().at(p.index());
}

AnyPlatform load_any_platform(const std::string& dir, const std::string& platform) {
    return platform_kind_of(dir, platform).load(dir, platform);
}

const std::string& platform_name(const AnyPlatform& p) {
    return std::visit([](const auto& x) -> const std::string& { return x.name; }, p);
}

const std::string& platform_description(const AnyPlatform& p) {
    return std::visit([](const auto& x) -> const std::string& { return x.description; }, p);
}

const std::vector<std::string>& platform_files(const AnyPlatform& p) {
    return std::visit([](const auto& x) -> const std::vector<std::string>& { return x.files; }, p);
}

std::vector<ParamRow> platform_rows(const AnyPlatform& p) {
    return std::visit([](const auto& x) { return param_rows(x); }, p);
}

void describe_platform(std::ostream& out, const std::string& dir, const std::string& platform) {
    const PlatformKind& kind = platform_kind_of(dir, platform);
    const AnyPlatform p = kind.load(dir, platform);
    std::visit([&out](const auto& x) { describe_params(out, x); }, p);
    kind.describe_more(out, p);
}

} // namespace syncsim
