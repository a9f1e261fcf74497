#include "driver/experiment/experiment_config.hpp"

#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/experiment/capacity.hpp"
#include "driver/kinds/kind_setup.hpp"
#include "driver/kinds/platform_kind.hpp"

#include <algorithm>
#include <filesystem>

namespace syncsim {

namespace {

// Rebuilds a node so it carries no file position: locations then read "--set".
YAML::Node detached(const YAML::Node& n) {
    if (n.IsScalar()) return YAML::Node(n.Scalar());
    if (n.IsNull()) return YAML::Node();
    YAML::Node out(n.IsSequence() ? YAML::NodeType::Sequence : YAML::NodeType::Map);
    if (n.IsSequence())
        for (const auto& item : n) out.push_back(detached(item));
    else if (n.IsMap())
        for (const auto& kv : n) out[kv.first.Scalar()] = detached(kv.second);
    return out;
}

// The dotted paths under `node` (below its top level) whose last key is `key`.
void paths_ending_in(const YAML::Node& node, const std::string& key, const std::string& prefix,
                     std::vector<std::string>& out) {
    if (!node.IsMap()) return;
    for (const auto& kv : node) {
        const std::string path = prefix + kv.first.Scalar();
        if (!prefix.empty() && kv.first.Scalar() == key) out.push_back(path);
        paths_ending_in(kv.second, key, path + ".", out);
    }
}

// A one-word key the config has only deeper down (--set block_dim=4 for
// workload.params.block_dim) is a path left short, not a new key.
void check_short_path(const YAML::Node& root, const std::vector<std::string>& path,
                      const std::string& arg, std::size_t eq) {
    if (path.size() != 1 || root[path[0]]) return;
    std::vector<std::string> deeper;
    paths_ending_in(root, path[0], "", deeper);
    if (deeper.empty()) return;
    throw ConfigError("--set " + quote_short(arg) + ": the config has no top-level key " +
                      quote_short(path[0]) + "; did you mean --set " + deeper.front() + "=" +
                      arg.substr(eq + 1) + "?");
}

void apply_set(YAML::Node& root, const std::string& arg) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError("--set " + arg +
                          ": expected KEY=VALUE, e.g. platform.die.l2.hop_cycles=8");
    std::vector<std::string> path;
    std::string part;
    for (char c : arg.substr(0, eq)) {
        if (c == '.') {
            path.push_back(part);
            part.clear();
        } else {
            part.push_back(c);
        }
    }
    path.push_back(part);
    if (std::any_of(path.begin(), path.end(), [](const auto& p) { return p.empty(); }))
        throw ConfigError("--set " + arg + ": empty key segment");
    // platform.X sets the platform parameter X (the config's overrides).
    if (path.size() > 1 && path[0] == "platform") path[0] = "overrides";
    const YAML::Node value = detached(parse_yaml_text(arg.substr(eq + 1), "--set " + arg));
    if (!root.IsMap())
        throw ConfigError("--set " + arg + ": the config is not a mapping of keys to values");
    check_short_path(static_cast<const YAML::Node&>(root), path, arg, eq);
    std::vector<YAML::Node> chain{root};
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        YAML::Node next = chain.back()[path[i]];
        if (next && !next.IsMap())
            throw ConfigError("--set " + quote_short(arg) + ": " + quote_short(path[i]) +
                              " is not a mapping");
        if (!next) {
            chain.back()[path[i]] = YAML::Node(YAML::NodeType::Map);
            next = chain.back()[path[i]];
        }
        chain.push_back(next);
    }
    chain.back()[path.back()] = value;
}

} // namespace

const std::vector<std::string>& outcome_kinds() {
    static const std::vector<std::string> kinds = {"completed",   "deadlock", "time_limit",
                                                   "event_limit", "fault",    "host_error",
                                                   "watchdog",    "livelock", "wall_limit"};

    return kinds;
}

namespace {

// "'host' or 'kernel'".
std::string quoted_keys(const std::vector<std::string>& keys) {
    std::string out;
    for (std::size_t i = 0; i < keys.size(); ++i)
        out += (i == 0 ? "'" : i + 1 == keys.size() ? " or '" : ", '") + keys[i] + "'";
    return out;
}

// A workload written for another kind of platform than the config's (a
// --set platform=... to another kind, most often): named as that mismatch,
// before the kind reads the workload and finds a key it does not know.
// The platforms in `dir` of kind `kind`: "910b1, 910b4".
std::string platforms_of_kind(const std::string& dir, const PlatformKind& kind) {
    std::string out;
    for (const std::string& name : list_platforms(dir)) {
        try {
            if (&platform_kind_of(dir, name) == &kind) out += (out.empty() ? "" : ", ") + name;
        } catch (const ConfigError&) { // a broken file is not this message's concern
        }
    }
    return out.empty() ? "none in " + dir : out;
}

void check_workload_kind(const MapView& doc, const PlatformKind& kind,
                         const std::string& platform_name, const std::vector<std::string>& sets,
                         const std::string& platforms_dir) {
    if (!doc.has("workload") || kind.workload_keys.empty()) return;
    const MapView workload = doc.map("workload");
    for (const std::string& key : kind.workload_keys)
        if (workload.has(key)) return;
    for (const PlatformKind* other : platform_kinds()) {
        if (other == &kind) continue;
        for (const std::string& key : other->workload_keys) {
            if (!workload.has(key)) continue;
            std::string set_by;
            for (const std::string& s : sets)
                if (s.rfind("platform=", 0) == 0) set_by = " (set by --set " + s + ")";
            workload.fail(key, "this workload runs on " + other->name + " platforms (" +
                                   platforms_of_kind(platforms_dir, *other) + "), but platform '" +
                                   platform_name + "'" + set_by + " is of kind " + kind.name +
                                   ", whose workloads name " + quoted_keys(kind.workload_keys) +
                                   ": a config's platform and workload must be of one kind");
        }
    }
}

} // namespace

ExperimentConfig load_experiment(const std::string& file, const std::vector<std::string>& sets,
                                 const std::string& platforms_dir) {
    return load_experiment_text(read_yaml_file_text(file), file, sets, platforms_dir);
}

ExperimentConfig load_experiment_text(const std::string& text, const std::string& file,
                                      const std::vector<std::string>& sets,
                                      const std::string& platforms_dir) {
    ExperimentConfig cfg;
    cfg.file = file;
    cfg.sets = sets;
    YAML::Node root = parse_yaml_text(text, file);
    if (!root || root.IsNull()) throw ConfigError(file + ": the config is empty");
    for (const auto& s : sets) apply_set(root, s);

    const MapView doc(root, file, "");
    if (doc.has("base") && doc.has("axes") && !doc.has("platform"))
        doc.fail("base", "this is a sweep file (it has base: and axes:), not a run's config: "
                         "run it with `syncsim sweep " +
                             file + "`");
    doc.allow_only({"description", "platform", "overrides", "workload", "limits", "trace",
                    "simulator", "expect"});
    cfg.description = doc.opt_text("description").value_or("");
    // A platform is a name in the platforms folder, or a file named by path
    // (relative to this config's folder), whose `base:` files are looked for
    // beside it first, then in the platforms folder.
    std::string platform_name = doc.text("platform");
    std::string search_path = platforms_dir;
    if (platform_name.find('/') != std::string::npos ||
        std::filesystem::path(platform_name).extension() == ".yaml") {
        const std::filesystem::path path =
            std::filesystem::path(file).parent_path() / platform_name;
        if (!std::filesystem::is_regular_file(path))
            doc.fail("platform", "no platform file " + path.string());
        if (path.extension() != ".yaml") doc.fail("platform", "a platform file ends in .yaml");
        search_path = path.parent_path().string() + ":" + platforms_dir;
        if (path.parent_path().empty()) search_path = ".:" + platforms_dir;
        platform_name = path.stem().string();
    }
    std::unique_ptr<LoadedPlatform> platform;
    const PlatformKind* kind = nullptr;
    try {
        kind = &platform_kind_of(search_path, platform_name);
        platform = kind->load(search_path, platform_name);
    } catch (const ConfigError& e) {
        throw ConfigError(doc.where("platform") + ": key 'platform': " + e.what());
    }
    cfg.kind = kind;
    check_workload_kind(doc, *kind, platform_name, sets, platforms_dir);
    const std::shared_ptr<KindSetup> setup = kind->setup_on(std::move(platform));
    cfg.setup = setup;
    setup->read(doc, cfg);
    check_capacity(cfg, MachineLimits::of_this_machine());
    return cfg;
}

} // namespace syncsim
