#include "config/param_tree.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <optional>

namespace syncsim {

namespace param_tree_detail {
std::string range_text(double min, double max) {
    if (min == 0 && max == 0) return "";
    auto number = [](double v) {
        if (v >= 1e15) return std::string("any");
        std::ostringstream os;
        if (v == static_cast<double>(static_cast<std::int64_t>(v)))
            os << static_cast<std::int64_t>(v);
        else
            os << v;
        return os.str();
    };
    return number(min) + ".." + number(max);
}
} // namespace param_tree_detail

ParamTree::Leaf& ParamTree::add(const char* name, const char* unit, const char* meaning) {
    Leaf leaf;
    leaf.path = m_prefix.empty() ? name : m_prefix + "." + name;
    leaf.unit = unit;
    leaf.meaning = meaning;
    leaf.instance_node = m_instance_node;
    leaf.instance_key = m_instance_key;
    m_leaves.push_back(std::move(leaf));
    return m_leaves.back();
}

void ParamTree::group(const char* name, const std::function<void()>& declare_children) {
    const std::string saved = m_prefix;
    m_prefix = m_prefix.empty() ? name : m_prefix + "." + name;
    declare_children();
    m_prefix = saved;
}

void ParamTree::per_instance(const char* node_path, InstanceKey key,
                             const std::function<void()>& declare_children) {
    const std::string saved = m_instance_node;
    const InstanceKey saved_key = m_instance_key;
    m_instance_node = node_path;
    m_instance_key = key;
    declare_children();
    m_instance_node = saved;
    m_instance_key = saved_key;
}

bool ParamTree::is_instanced(const std::string& path) const {
    // The root is no node's instance: an ordinary leaf has no instance node.
    if (path.empty()) return false;
    return std::any_of(m_leaves.begin(), m_leaves.end(),
                       [&](const Leaf& leaf) { return leaf.instance_node == path; });
}

std::string instance_name(ParamTree::InstanceKey kind, const std::string& key) {
    auto index = [](const std::string& text) -> std::string {
        const bool digits =
            !text.empty() && text.size() <= 6 &&
            std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
        return digits ? std::to_string(std::stoi(text)) : "";
    };
    if (kind == ParamTree::InstanceKey::Index) return index(key);
    const auto dash = key.find('-');
    if (dash == std::string::npos) return "";
    const std::string a = index(key.substr(0, dash)), b = index(key.substr(dash + 1));
    if (a.empty() || b.empty() || a == b) return "";
    return std::stoi(a) < std::stoi(b) ? a + "-" + b : b + "-" + a;
}

ParamTree::Leaf* ParamTree::find(const std::string& path) {
    for (Leaf& leaf : m_leaves)
        if (leaf.path == path) return &leaf;
    return nullptr;
}

bool ParamTree::is_node(const std::string& path) const {
    if (path.empty()) return true;
    for (const Leaf& leaf : m_leaves)
        if (leaf.path.size() > path.size() && leaf.path.compare(0, path.size(), path) == 0 &&
            leaf.path[path.size()] == '.')
            return true;
    return false;
}

std::vector<std::string> ParamTree::children(const std::string& node_path) const {
    std::vector<std::string> names;
    const std::string prefix = node_path.empty() ? "" : node_path + ".";
    for (const Leaf& leaf : m_leaves) {
        if (leaf.path.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string rest = leaf.path.substr(prefix.size());
        const std::string child = rest.substr(0, rest.find('.'));
        if (std::find(names.begin(), names.end(), child) == names.end()) names.push_back(child);
    }
    return names;
}

void ParamTree::derive_all(ParamOrigins& origins) {
    for (Leaf& leaf : m_leaves)
        if (leaf.derive) {
            leaf.derive();
            ParamOrigin derived;
            derived.source = "derived";
            derived.ref = leaf.derived_from;
            derived.set_at = derived.where = "derived";
            origins[leaf.path] = derived;
        }
}

namespace {

std::string join_path(const std::string& prefix, const std::string& key) {
    return prefix.empty() ? key : prefix + "." + key;
}

// An instance a walk is below ("die", "1"), or none.
struct Instance {
    std::string node, name;
    // The instance's own path of a shared leaf: die.l2.bytes -> die.1.l2.bytes.
    std::string path_of(const std::string& leaf_path) const {
        return node + "." + name + leaf_path.substr(node.size());
    }
};

using OnLeaf =
    std::function<void(ParamTree::Leaf&, const MapView&, const std::string& key, const Instance&)>;

[[noreturn]] void unknown_key(ParamTree& tree, const MapView& node, const std::string& prefix,
                              const std::string& key, const MovedKeyHint& moved) {
    const std::string path = join_path(prefix, key);
    std::string message = "unknown platform parameter";
    const std::string hint = moved ? moved(path) : "";
    const std::string near = nearest_name(key, tree.children(prefix));
    if (!hint.empty())
        message += "; " + hint;
    else if (!near.empty())
        message += "; did you mean '" +
                   typed_path(node.path_of(near), node.where(key).rfind("--set", 0) == 0) + "'?";
    std::string known;
    for (const auto& c : tree.children(prefix)) known += (known.empty() ? "" : ", ") + c;
    if (tree.is_instanced(prefix)) {
        ParamTree::InstanceKey kind = ParamTree::InstanceKey::Index;
        for (const auto& l : tree.leaves())
            if (l.instance_node == prefix) kind = l.instance_key;
        known += kind == ParamTree::InstanceKey::Index
                     ? "; or one instance: " + prefix + ".N.PATH (N from 0), PATH below " + prefix
                     : "; or one link: " + prefix +
                           ".A-B.PATH (A and B two different dies), PATH below " + prefix;
    }
    node.fail(key, message + " (known here: " + known +
                       "; syncsim describe platform NAME lists every path)");
}

// Walks the keys of `node`: leaves go to `on_leaf`, nodes are walked in
// turn, and an instance key (die.1) walks its map as that instance.
void walk(ParamTree& tree, const MapView& node, const std::string& prefix,
          const MovedKeyHint& moved, const OnLeaf& on_leaf, const Instance& in = {}) {
    std::map<std::string, std::string> instance_keys; // canonical name -> the key that gave it
    for (const std::string& key : node.keys()) {
        const std::string path = join_path(prefix, key);
        if (ParamTree::Leaf* leaf = tree.find(path)) {
            if (leaf->derive)
                node.fail(key, "derived (" + leaf->derived_from +
                                   "), never given: set what it is derived from");
            if (!in.node.empty() && leaf->instance_node != in.node)
                node.fail(key, "'" + path + "' is one value for every instance of '" + in.node +
                                   "': it cannot be given for " + in.node + " " + in.name +
                                   " alone");
            on_leaf(*leaf, node, key, in);
        } else if (tree.is_node(path)) {
            walk(tree, node.map(key), path, moved, on_leaf, in);
        } else if (in.node.empty() && tree.is_instanced(prefix)) {
            ParamTree::InstanceKey kind = ParamTree::InstanceKey::Index;
            for (const auto& l : tree.leaves())
                if (l.instance_node == prefix) kind = l.instance_key;
            const std::string name = instance_name(kind, key);
            if (name.empty()) unknown_key(tree, node, prefix, key, moved);
            if (name != key)
                node.fail(key, "'" + key + "' names " + prefix + " " + name + ": write it '" +
                                   name + "'");
            if (!instance_keys.emplace(name, key).second)
                node.fail(key, prefix + " " + name + " is given twice here");
            walk(tree, node.map(key), prefix, moved, on_leaf, {prefix, name});
        } else {
            unknown_key(tree, node, prefix, key, moved);
        }
    }
}

std::optional<double> as_number(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) return std::nullopt;
    return v;
}

// An estimate must say how far it may be off: `range: [low, high]` and a
// one-line `range_why`; a calibrated value may (its observation's
// uncertainty); a sourced or derived value has none. Each end must be a
// value the parameter takes; a number lies inside its range, a choice is
// one of its two ends.
void read_range(const ParamTree::Leaf& leaf, const MapView& entry, ParamOrigin& origin) {
    // The value first: a bad value is named as such, not as a bad range.
    leaf.check(entry.node("value"),
               entry.where("value") + ": platform parameter '" + leaf.path + "'");
    const bool ranged = origin.source == "estimate" || origin.source == "calibrated";
    if (!entry.has("range")) {
        if (origin.source == "estimate")
            entry.fail("range", "an estimate needs 'range: [low, high]', the values it may "
                                "plausibly take, and 'range_why', one line saying why those");
        if (entry.has("range_why")) entry.fail("range_why", "'range_why' without a 'range'");
        return;
    }
    if (!ranged)
        entry.fail("range", "a " + origin.source +
                                " value has no range: only an estimate or a calibrated value does");
    const YAML::Node range = entry.node("range");
    if (!range.IsSequence() || range.size() != 2 || !range[0].IsScalar() || !range[1].IsScalar())
        entry.fail("range", "expected [low, high]");
    if (!entry.has("range_why"))
        entry.fail("range_why", "a range needs 'range_why': one line saying why those ends");
    origin.range_why = entry.text("range_why");
    const std::string what =
        entry.where("range") + ": range of platform parameter '" + leaf.path + "'";
    leaf.check(range[0], what);
    leaf.check(range[1], what);
    origin.low = range[0].Scalar();
    origin.high = range[1].Scalar();
    const std::string value = entry.node("value").IsScalar() ? entry.node("value").Scalar() : "";
    const auto low = as_number(origin.low), high = as_number(origin.high);
    const auto v = as_number(value);
    if (low && high && v) {
        // A fit may find every consistent point at one value: its range is
        // that value alone.
        if (!(*low < *high) && !(*low == *high && entry.has("fit")))
            entry.fail("range", "low must be below high (equal only where a calibration fit "
                                "found every consistent point at one value: 'fit')");
        if (*v < *low || *v > *high)
            entry.fail("range", "the value " + value + " lies outside [" + origin.low + ", " +
                                    origin.high + "]");
    } else if (origin.low == origin.high || (value != origin.low && value != origin.high)) {
        entry.fail("range",
                   "a choice's range is two different values, one of them the value " + value);
    }
}

} // namespace

MovedKeyHint moved_keys_hint(std::vector<std::pair<std::string, std::string>> old_to_path) {
    return [table = std::move(old_to_path)](const std::string& path) {
        for (const auto& [old_key, new_path] : table)
            if (path == old_key)
                return "'" + old_key +
                       "' is a key of the old flat platform format; its path in the tree is '" +
                       new_path + "'";
        return std::string();
    };
}

namespace {
void record_instance(ParamOrigin& origin, const ParamTree::Leaf& leaf, const Instance& in,
                     const YAML::Node& value) {
    origin.instance_of = leaf.path;
    origin.instance_node = in.node;
    origin.instance = in.name;
    // reset, not operator=: assigning to a node that holds a value writes
    // through to the node every copy of this origin shares (a platform is
    // cached and copied: an override must not reach the cached one).
    origin.instance_value.reset(YAML::Clone(value));
}
} // namespace

void read_param_entries(ParamTree& tree, const MapView& node, const std::string& prefix,
                        ParamOrigins& origins, std::set<std::string>& given,
                        const MovedKeyHint& moved) {
    // calibrated: fitted to a device observation (its ref names it).
    static const std::vector<std::string> sources = {"sourced", "derived", "calibrated",
                                                     "estimate"};
    walk(tree, node, prefix, moved,
         [&](ParamTree::Leaf& leaf, const MapView& parent, const std::string& key,
             const Instance& in) {
             const MapView entry = parent.map(key);
             entry.allow_only({"value", "source", "ref", "note", "range", "range_why", "fit"});
             if (!entry.has("value")) entry.fail("value", "every parameter needs a value");
             ParamOrigin origin;
             origin.set_at = parent.provenance(key);
             origin.where = parent.where(key);
             origin.source = entry.choice("source", sources);
             origin.ref = entry.has("ref") ? entry.text("ref") : "";
             origin.note = entry.has("note") ? entry.text("note") : "";
             if (origin.source != "estimate" && origin.ref.empty())
                 entry.fail("ref",
                            "a " + origin.source + " value must point into reference/ with 'ref'");
             read_range(leaf, entry, origin);
             // A value a calibration fit chose: on its chip calibrated, on a
             // chip that inherits it an estimate with the fit's range.
             if (entry.has("fit")) {
                 origin.fit = entry.text("fit");
                 if (origin.source != "calibrated" && origin.source != "estimate")
                     entry.fail("fit", "only a calibrated value or an estimate comes from a fit");
                 if (!origin.has_range())
                     entry.fail("range", "a value from a fit carries the range the fit found");
             } else if (origin.source == "calibrated") {
                 entry.fail("fit", "a calibrated value names the fit that chose it: 'fit: CHIP' "
                                   "(calibration/fits/CHIP.yaml)");
             }
             if (!in.node.empty()) {
                 record_instance(origin, leaf, in, entry.node("value"));
                 origins[in.path_of(leaf.path)] = origin;
                 return;
             }
             // The value last: the range's ends went through the same parser.
             leaf.set(entry.node("value"),
                      parent.where(key) + ": platform parameter '" + leaf.path + "'");
             origins[leaf.path] = origin;
             given.insert(leaf.path);
         });
}

void read_param_overrides(ParamTree& tree, const MapView& node, const std::string& prefix,
                          ParamOrigins& origins, const MovedKeyHint& moved) {
    walk(tree, node, prefix, moved,
         [&](ParamTree::Leaf& leaf, const MapView& parent, const std::string& key,
             const Instance& in) {
             const std::string where = parent.where(key);
             const std::string path = in.node.empty() ? leaf.path : in.path_of(leaf.path);
             const std::string what = where + ": platform parameter '" + path + "'";
             if (in.node.empty()) {
                 leaf.set(parent.node(key), what);
             } else {
                 leaf.check(parent.node(key), what);
                 // An instance the files did not set starts from its shared
                 // value's provenance (source, ref), now the user's value.
                 if (!origins.count(path)) origins[path] = origins[leaf.path];
                 record_instance(origins[path], leaf, in, parent.node(key));
             }
             origins[path].set_at = parent.provenance(key);
             origins[path].where = where;
             origins[path].overridden = true;
         });
}

} // namespace syncsim
