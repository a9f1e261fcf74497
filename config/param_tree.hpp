// A platform's parameters as a tree. The models declare their own
// parameters next to their fields (name, unit, meaning, range or choices)
// through a `declare(d)` member; a platform struct composes them into nodes
// (device -> die -> cluster -> core, with L2, FFTS, scheduler and
// interconnect nodes); this file binds the tree to YAML: every leaf is
// addressed by its dotted path ("die.l2.hop_cycles"), is read from a platform
// file with its provenance or from an override, and a key that names no
// leaf or node is an error.
#pragma once

#include "config/yaml_view.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace syncsim {

struct ParamOrigin {
    std::string source; // sourced, derived, calibrated or estimate
    std::string ref;    // pointer into reference/ (for a derived value: how it is derived)
    std::string note;
    std::string set_at; // FILE#key.path, --set key.path, or "derived": recorded in results
    std::string where;  // FILE:LINE (or as set_at): for messages, never recorded
    // The plausible range of an estimate (required) or a calibrated value
    // (optional), as the file spells its ends, and why those ends.
    std::string low, high, range_why;
    // The chip whose calibration fit chose the value (calibration/fits/
    // CHIP.yaml); empty: none. Calibrated on that chip, an estimate on a
    // chip that inherits it.
    std::string fit;
    // A config's overrides or --set gave the value: the user's choice, not
    // the platform's estimate (a sensitivity run leaves it alone).
    bool overridden = false;
    bool has_range() const { return !low.empty(); }
    // One instance's own value (die.1.l2.bytes): the shared leaf it
    // overrides for that instance, which instance, and the value as given,
    // applied over the shared value by `for_instance`.
    std::string instance_of;             // the shared leaf's path ("die.l2.bytes"); "" for a leaf
    std::string instance_node, instance; // "die", "1"
    YAML::Node instance_value;
};

using ParamOrigins = std::map<std::string, ParamOrigin>;

// The declaration interface a model's `declare(d)` calls, and the bound tree
// it builds over one platform object (leaves point into that object).
class ParamTree {
  public:
    // How an instance of a node is named: a die by its index ("1"), a link
    // by the two dies it joins ("0-1").
    enum class InstanceKey { Index, Pair };
    struct Leaf {
        std::string path; // dotted, from the root
        std::string unit, meaning;
        std::string range;        // "1..1024", "wrap | saturate", "true | false" or "" (text)
        std::string derived_from; // set: computed by `derive`, never given
        std::function<void(const YAML::Node&, const std::string& what)> set;
        // Parses like `set` without storing (an instance's value, a range's end).
        std::function<void(const YAML::Node&, const std::string& what)> check;
        // Set: one instance of that node may have its own value
        // (INSTANCE_NODE.KEY.rest, e.g. die.1.l2.bytes for die.l2.bytes).
        std::string instance_node;
        InstanceKey instance_key = InstanceKey::Index;
        std::function<std::string()> format;
        std::function<void()> derive;
    };

    // A number, flag or text field.
    template <typename T>
    void operator()(T& field, const char* name, const char* unit, const char* meaning,
                    double min = 0, double max = 0);
    // A field that takes one of named values (an enum, a flag or a list
    // spelled as text in the file).
    template <typename T>
    void choice(T& field, const char* name, const char* meaning,
                std::vector<std::pair<std::string, T>> choices);
    // A value computed from others by `derive`; `formula` says how.
    template <typename T>
    void derived(T& field, const char* name, const char* unit, const char* meaning,
                 const char* formula, std::function<void()> derive);
    // A child node: the leaves `params.declare(d)` declares go below `name`.
    template <typename Params>
    void node(const char* name, Params& params) {
        group(name, [&] { params.declare(*this); });
    }
    // A child node whose leaves `declare_children()` declares.
    void group(const char* name, const std::function<void()>& declare_children);
    // The leaves `declare_children()` declares may also be given per
    // instance of the node at `node_path` (an ancestor): `die.l2.bytes`
    // sets every die, `die.1.l2.bytes` die 1 only, whatever the order.
    void per_instance(const char* node_path, InstanceKey key,
                      const std::function<void()>& declare_children);
    // Whether `path` is a node whose instances may have their own values.
    bool is_instanced(const std::string& path) const;

    const std::vector<Leaf>& leaves() const { return m_leaves; }
    Leaf* find(const std::string& path);
    // Whether `path` names a node (some leaf lies below it); "" is the root.
    bool is_node(const std::string& path) const;
    // The names directly below a node.
    std::vector<std::string> children(const std::string& node_path) const;
    // Runs every derive, recording each derived value's origin.
    void derive_all(ParamOrigins& origins);

  private:
    Leaf& add(const char* name, const char* unit, const char* meaning);
    // Gives a leaf its setter, checker and formatter over `field`.
    template <typename T, typename Parse, typename Format>
    static void bind(Leaf& leaf, T& field, Parse parse, Format format);
    std::string m_prefix;
    std::string m_instance_node;
    InstanceKey m_instance_key = InstanceKey::Index;
    std::vector<Leaf> m_leaves;
};

// The canonical name of an instance KEY of a node (digits without leading
// zeros; a pair as "low-high"), or "" when KEY names none.
std::string instance_name(ParamTree::InstanceKey kind, const std::string& key);

// How a reader treats a key that is neither a leaf nor a node at `path`:
// returns a hint ("it moved to ...") or "".
using MovedKeyHint = std::function<std::string(const std::string& path)>;
// The hint for the keys of an old flat format: a table of old key -> path.
MovedKeyHint moved_keys_hint(std::vector<std::pair<std::string, std::string>> old_to_path);

// Reads the entries below `node` ({value, source, ref, note} at each leaf)
// into the tree, recording origins and which leaves were given.
void read_param_entries(ParamTree& tree, const MapView& node, const std::string& prefix,
                        ParamOrigins& origins, std::set<std::string>& given,
                        const MovedKeyHint& moved = nullptr);
// Reads overrides below `node` (a plain value at each leaf).
void read_param_overrides(ParamTree& tree, const MapView& node, const std::string& prefix,
                          ParamOrigins& origins, const MovedKeyHint& moved = nullptr);

// Every function below takes a platform search path: one folder, or several
// separated by ':' (searched in order; a config that names its platform by
// file puts that file's folder first).
std::vector<std::string> platform_dirs(const std::string& search_path);
// The folder of the search path that holds NAME.yaml, or "" if none does.
std::string platform_folder(const std::string& search_path, const std::string& name);

// "platforms/NAME.yaml", shown relative to the platforms folder's parent so
// results do not depend on where the tree is checked out.
std::string platform_display_path(const std::string& dir, const std::string& name);
std::vector<std::string> list_platforms(const std::string& search_path);
// The `kind:` of a platform file or of its base chain ("ascend" when none
// says), one of `kinds` (the registry's: driver/kinds/platform_kind.hpp).
std::string platform_kind(const std::string& dir, const std::string& name,
                          const std::vector<std::string>& kinds);
// Throws unless `name` is a plain platform name (no path, at most 64 characters).
void check_platform_name(const std::string& name);

// A platform is read from its files once per process (a sweep checks every
// point's config, the fuzz target loads thousands): later loads copy it,
// until the files may have changed (forget_loaded_platforms).
inline std::uint64_t& platform_files_generation() {
    static std::uint64_t generation = 0;
    return generation;
}
inline void forget_loaded_platforms() {
    ++platform_files_generation();
}
template <typename P, typename Load>
P load_once(const std::string& dir, const std::string& name, Load load) {
    static std::map<std::pair<std::string, std::string>, P> loaded;
    static std::uint64_t generation = 0;
    if (generation != platform_files_generation()) {
        loaded.clear();
        generation = platform_files_generation();
    }
    const auto key = std::make_pair(dir, name);
    auto it = loaded.find(key);
    if (it == loaded.end()) it = loaded.emplace(key, load()).first;
    return it->second;
}

// One platform file of a `base:` chain, as the loader hands it to a kind's
// reader: the document and where it is.
struct PlatformFileView {
    MapView doc;
    std::string display;
    std::string path; // where it was read from
};

// Reads NAME.yaml after its `base:` chain (base first): `allowed` lists the
// top-level keys besides base, kind and description; `read` reads each file.
void read_platform_chain(const std::string& dir, const std::string& name,
                         const std::vector<std::string>& allowed,
                         const std::function<void(const PlatformFileView&)>& read);

// Loads a platform whose parameters form the tree `p.declare(d)` builds,
// from the `device:` node of each file of the chain: every leaf must be
// given somewhere (or be derived). `read_sections` reads other top-level
// sections (`sections` names them).
template <typename P>
void load_param_tree(const std::string& dir, const std::string& name, P& p,
                     const std::vector<std::string>& sections = {},
                     const std::function<void(const MapView&)>& read_sections = nullptr,
                     const MovedKeyHint& moved = nullptr) {
    ParamTree tree;
    p.declare(tree);
    std::set<std::string> given;
    std::vector<std::string> allowed = {"device"};
    allowed.insert(allowed.end(), sections.begin(), sections.end());
    p.name = name;
    p.file = platform_display_path(platform_folder(dir, name), name);
    read_platform_chain(dir, name, allowed, [&](const PlatformFileView& f) {
        p.files.push_back(f.path);
        if (auto d = f.doc.opt_text("description")) p.description = *d;
        read_param_entries(tree, f.doc.map("device"), "", p.origins, given, moved);
        if (read_sections) read_sections(f.doc);
    });
    tree.derive_all(p.origins);
    for (const auto& leaf : tree.leaves())
        if (!leaf.derive && !given.count(leaf.path))
            throw ConfigError(p.file + ": platform parameter 'device." + leaf.path +
                              "' is given neither here nor in a base file");
}

// Applies an `overrides:` tree (plain values at tree paths) to a loaded
// platform and derives again; validation is the kind's.
template <typename P>
void override_param_tree(P& p, const MapView& overrides, const MovedKeyHint& moved = nullptr) {
    ParamTree tree;
    p.declare(tree);
    read_param_overrides(tree, overrides, "", p.origins, moved);
    tree.derive_all(p.origins);
}

// P as one instance of a node sees it: the shared values with that
// instance's own values (die 1: every die.1.* over die.*) applied.
template <typename P>
P for_instance(const P& p, const std::string& node, const std::string& instance) {
    P copy = p;
    ParamTree tree;
    copy.declare(tree);
    for (const auto& [path, origin] : p.origins)
        if (origin.instance_node == node && origin.instance == instance)
            tree.find(origin.instance_of)
                ->set(origin.instance_value, origin.where + ": platform parameter '" + path + "'");
    return copy;
}

// Every leaf of a platform's tree with its value and provenance, in
// declaration order, each instance's own value after its leaf (for results
// and `describe platform`).
struct ParamRow {
    std::string path, value, unit, meaning, range, derived_from;
    ParamOrigin origin;
};
template <typename P>
std::vector<ParamRow> param_rows(P p) { // a copy: the tree binds to the object it walks
    ParamTree tree;
    p.declare(tree);
    std::vector<ParamRow> rows;
    for (const auto& leaf : tree.leaves()) {
        const auto o = p.origins.find(leaf.path);
        rows.push_back({leaf.path, leaf.format(), leaf.unit, leaf.meaning, leaf.range,
                        leaf.derived_from, o == p.origins.end() ? ParamOrigin{} : o->second});
        for (const auto& [path, origin] : p.origins) {
            if (origin.instance_of != leaf.path) continue;
            P one = for_instance(p, origin.instance_node, origin.instance);
            ParamTree one_tree;
            one.declare(one_tree);
            rows.push_back({path, one_tree.find(leaf.path)->format(), leaf.unit, leaf.meaning,
                            leaf.range, "", origin});
        }
    }
    return rows;
}

// ---- the declaration interface ----

namespace param_tree_detail {
template <typename T>
std::string to_text(const T& v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v ? "true" : "false";
    } else if constexpr (std::is_same_v<T, std::string>) {
        return v;
    } else {
        std::ostringstream os;
        os << v;
        return os.str();
    }
}
std::string range_text(double min, double max);
} // namespace param_tree_detail

template <typename T>
void ParamTree::operator()(T& field, const char* name, const char* unit, const char* meaning,
                           double min, double max) {
    Leaf& leaf = add(name, unit, meaning);
    std::function<T(const YAML::Node&, const std::string&)> parse;
    if constexpr (std::is_same_v<T, bool>) {
        leaf.range = "true | false";
        parse = [](const YAML::Node& v, const std::string& what) {
            return scalar_boolean(v, what);
        };
    } else if constexpr (std::is_integral_v<T>) {
        leaf.range = param_tree_detail::range_text(min, max);
        parse = [min, max](const YAML::Node& v, const std::string& what) {
            return static_cast<T>(scalar_integer(v, what, static_cast<std::int64_t>(min),
                                                 static_cast<std::int64_t>(max)));
        };
    } else if constexpr (std::is_floating_point_v<T>) {
        leaf.range = param_tree_detail::range_text(min, max);
        parse = [min, max](const YAML::Node& v, const std::string& what) {
            return static_cast<T>(scalar_real(v, what, min, max));
        };
    } else {
        static_assert(std::is_same_v<T, std::string>, "a parameter is a number, flag or text");
        parse = [](const YAML::Node& v, const std::string& what) {
            if (!v.IsScalar()) throw ConfigError(what + ": expected a text value");
            return v.Scalar();
        };
    }
    bind(leaf, field, std::move(parse), [](const T& v) { return param_tree_detail::to_text(v); });
}

template <typename T>
void ParamTree::choice(T& field, const char* name, const char* meaning,
                       std::vector<std::pair<std::string, T>> choices) {
    Leaf& leaf = add(name, "", meaning);
    for (const auto& c : choices) leaf.range += (leaf.range.empty() ? "" : " | ") + c.first;
    auto shared = std::make_shared<const std::vector<std::pair<std::string, T>>>(choices);
    const std::string all = leaf.range;
    bind(
        leaf, field,
        [shared, all](const YAML::Node& v, const std::string& what) {
            if (!v.IsScalar()) throw ConfigError(what + ": expected one of " + all);
            for (const auto& c : *shared)
                if (c.first == v.Scalar()) return c.second;
            throw ConfigError(what + ": '" + v.Scalar() + "' is not one of " + all);
        },
        [shared](const T& v) {
            for (const auto& c : *shared)
                if (c.second == v) return c.first;
            return std::string("?");
        });
}

template <typename T, typename Parse, typename Format>
void ParamTree::bind(Leaf& leaf, T& field, Parse parse, Format format) {
    T* at = &field;
    leaf.set = [at, parse](const YAML::Node& v, const std::string& what) { *at = parse(v, what); };
    leaf.check = [parse](const YAML::Node& v, const std::string& what) { (void)parse(v, what); };
    leaf.format = [at, format] { return format(*at); };
}

template <typename T>
void ParamTree::derived(T& field, const char* name, const char* unit, const char* meaning,
                        const char* formula, std::function<void()> derive) {
    Leaf& leaf = add(name, unit, meaning);
    T* at = &field;
    leaf.derived_from = formula;
    leaf.derive = std::move(derive);
    leaf.format = [at] { return param_tree_detail::to_text(*at); };
}

} // namespace syncsim
