// The machinery behind every kind of platform file: a table of named,
// typed, ranged parameters (each with a unit and a meaning), read from YAML
// with a `base:` chain, every value recording where it came from.
#pragma once

#include "config/yaml_view.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace syncsim {

struct ParamOrigin {
    std::string source; // sourced, derived or estimate
    std::string ref;    // pointer into reference/
    std::string note;
    std::string set_at; // file:line or --set
};

template <typename P>
struct ParamSpecOf {
    using Field = std::variant<std::int64_t P::*, double P::*, bool P::*, std::string P::*>;
    ParamSpecOf(const char* name_, const char* unit_, const char* meaning_, Field field_,
                double min_ = 0, double max_ = 0, std::vector<std::string> choices_ = {},
                std::function<void(P&)> derive_ = nullptr, const char* derived_from_ = "")
        : name(name_), unit(unit_), meaning(meaning_), field(field_), min(min_), max(max_),
          choices(std::move(choices_)), derive(std::move(derive_)), derived_from(derived_from_) {}

    const char* name;
    const char* unit;
    const char* meaning;
    Field field;
    double min, max;                  // numbers
    std::vector<std::string> choices; // text; empty = free text
    // A derived value is computed from others, never given: `derive` sets it
    // and `derived_from` says how (it becomes the value's provenance).
    std::function<void(P&)> derive = nullptr;
    const char* derived_from = "";
};

// Computes every derived value of `p` (after loading and after overrides).
template <typename P>
void derive_params(P& p, const std::vector<ParamSpecOf<P>>& specs) {
    for (const auto& spec : specs)
        if (spec.derive) {
            spec.derive(p);
            p.origins[spec.name] = {"derived", spec.derived_from, "", "derived"};
        }
}

template <typename P>
std::vector<std::string> param_names(const std::vector<ParamSpecOf<P>>& specs) {
    std::vector<std::string> names;
    for (const auto& s : specs) names.push_back(s.name);
    return names;
}

template <typename P>
const ParamSpecOf<P>* find_param(const std::vector<ParamSpecOf<P>>& specs,
                                 const std::string& name) {
    for (const auto& s : specs)
        if (name == s.name) return &s;
    return nullptr;
}

// Sets one parameter from a YAML scalar; `where` names the source for errors
// and becomes the value's origin.
template <typename P>
void set_param(P& p, const std::vector<ParamSpecOf<P>>& specs, const std::string& name,
               const YAML::Node& value, const std::string& where) {
    const ParamSpecOf<P>* spec = find_param(specs, name);
    if (!spec) {
        std::string message = where + ": unknown platform parameter '" + name + "'";
        const std::string hint = nearest_name(name, param_names(specs));
        if (!hint.empty()) message += "; did you mean '" + hint + "'?";
        throw ConfigError(message + " (syncsim describe platform NAME lists them)");
    }
    const std::string what = where + ": platform parameter '" + name + "'";
    if (spec->derive)
        throw ConfigError(what + " is derived (" + spec->derived_from +
                          "), never given: set what it is derived from");
    std::visit(
        [&](auto field) {
            using T = std::decay_t<decltype(p.*field)>;
            if constexpr (std::is_same_v<T, std::int64_t>) {
                p.*field = scalar_integer(value, what, static_cast<std::int64_t>(spec->min),
                                          static_cast<std::int64_t>(spec->max));
            } else if constexpr (std::is_same_v<T, double>) {
                p.*field = scalar_real(value, what, spec->min, spec->max);
            } else if constexpr (std::is_same_v<T, bool>) {
                p.*field = scalar_boolean(value, what);
            } else {
                if (!value.IsScalar()) throw ConfigError(what + ": expected a text value");
                const std::string v = value.Scalar();
                if (!spec->choices.empty() && std::find(spec->choices.begin(), spec->choices.end(),
                                                        v) == spec->choices.end()) {
                    std::string all;
                    for (const auto& c : spec->choices) all += (all.empty() ? "" : " | ") + c;
                    throw ConfigError(what + ": '" + v + "' is not one of " + all);
                }
                p.*field = v;
            }
        },
        spec->field);
    p.origins[name].set_at = where;
}

template <typename P>
std::string format_param(const P& p, const ParamSpecOf<P>& spec) {
    std::ostringstream os;
    std::visit(
        [&](auto field) {
            using T = std::decay_t<decltype(p.*field)>;
            if constexpr (std::is_same_v<T, bool>)
                os << (p.*field ? "true" : "false");
            else
                os << p.*field;
        },
        spec.field);
    return os.str();
}

// "platforms/NAME.yaml", shown relative to the platforms folder's parent so
// results do not depend on where the tree is checked out.
std::string platform_display_path(const std::string& dir, const std::string& name);
std::vector<std::string> list_platforms(const std::string& platforms_dir);
// The `kind:` of a platform file or of its base chain ("ascend" when none says).
std::string platform_kind(const std::string& dir, const std::string& name);
// Throws unless `name` is a plain platform name (no path, at most 64 characters).
void check_platform_name(const std::string& name);

// A platform is read from its files once per process (a sweep checks every
// point's config, the fuzz target loads thousands): later loads copy it.
template <typename P, typename Load>
P load_once(const std::string& dir, const std::string& name, Load load) {
    static std::map<std::pair<std::string, std::string>, P> loaded;
    const auto key = std::make_pair(dir, name);
    auto it = loaded.find(key);
    if (it == loaded.end()) it = loaded.emplace(key, load()).first;
    return it->second;
}

// Reads NAME.yaml (after its `base:` chain) into p, checking every key, and
// then checks that every parameter of the table was given somewhere. A kind
// of platform may have sections besides `params` (`sections` lists their
// keys); `read_sections` reads them from each file of the chain, base first.
template <typename P>
void load_param_file(const std::string& dir, const std::string& name, P& p,
                     const std::vector<ParamSpecOf<P>>& specs,
                     const std::vector<std::string>& sections = {},
                     const std::function<void(const MapView&)>& read_sections = nullptr) {
    static const std::vector<std::string> sources = {"sourced", "derived", "estimate"};
    std::set<std::string> seen, given;
    std::function<void(const std::string&)> read = [&](const std::string& file_name) {
        check_platform_name(file_name);
        const std::string path = (std::filesystem::path(dir) / (file_name + ".yaml")).string();
        const std::string file = platform_display_path(dir, file_name);
        if (!seen.insert(file_name).second)
            throw ConfigError(file + ": 'base' chain loops back to itself");
        if (!std::filesystem::exists(path)) {
            std::string message = "no platform '" + file_name + "' (looked for " + file + ")";
            const std::string hint = nearest_name(file_name, list_platforms(dir));
            if (!hint.empty()) message += "; did you mean '" + hint + "'?";
            throw ConfigError(message);
        }
        YAML::Node root;
        try {
            root = load_yaml_file(path);
        } catch (const ConfigError& e) {
            throw ConfigError(std::string(e.what()).replace(0, path.size(), file));
        }
        const MapView doc(root, file, "");
        std::vector<std::string> keys = {"base", "kind", "description", "params"};
        keys.insert(keys.end(), sections.begin(), sections.end());
        doc.allow_only(keys);
        if (auto base = doc.opt_text("base")) read(*base);
        if (auto d = doc.opt_text("description")) p.description = *d;
        const MapView params = doc.map("params");
        params.allow_only(param_names(specs));
        for (const std::string& key : params.keys()) {
            const MapView entry = params.map(key);
            entry.allow_only({"value", "source", "ref", "note"});
            if (!entry.has("value")) entry.fail("value", "every parameter needs a value");
            set_param(p, specs, key, entry.node("value"), params.where(key));
            ParamOrigin& origin = p.origins[key];
            origin.source = entry.choice("source", sources);
            origin.ref = entry.has("ref") ? entry.text("ref") : "";
            origin.note = entry.has("note") ? entry.text("note") : "";
            if (origin.source != "estimate" && origin.ref.empty())
                entry.fail("ref",
                           "a " + origin.source + " value must point into reference/ with 'ref'");
            given.insert(key);
        }
        if (read_sections) read_sections(doc);
    };
    p.name = name;
    p.file = platform_display_path(dir, name);
    read(name);
    derive_params(p, specs);
    for (const auto& spec : specs)
        if (!spec.derive && !given.count(spec.name))
            throw ConfigError(p.file + ": platform parameter '" + spec.name +
                              "' is given neither here nor in a base file");
}

} // namespace syncsim
