#include "driver/experiment/experiment_config.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/capacity.hpp"
#include "driver/experiment/expect_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <filesystem>

namespace syncsim {

// The readers of the rest of a config, one per platform kind.
void read_ascend_config(const MapView& doc, ExperimentConfig& cfg);
void read_vortex_config(const MapView& doc, ExperimentConfig& cfg);

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

ParamValue read_param(const WorkloadParam& spec, const YAML::Node& n, const std::string& where) {
    return std::visit(
        [&](const auto& def) -> ParamValue {
            using T = std::decay_t<decltype(def)>;
            if constexpr (std::is_same_v<T, std::int64_t>)
                return scalar_integer(n, where, static_cast<std::int64_t>(spec.min),
                                      static_cast<std::int64_t>(spec.max));
            else if constexpr (std::is_same_v<T, double>)
                return scalar_real(n, where, spec.min, spec.max);
            else if constexpr (std::is_same_v<T, bool>)
                return scalar_boolean(n, where);
            else {
                if (!n.IsScalar()) throw ConfigError(where + ": expected a text value");
                const std::string& v = n.Scalar();
                if (!spec.choices.empty() &&
                    std::find(spec.choices.begin(), spec.choices.end(), v) == spec.choices.end()) {
                    std::string message = where + ": " + quote_short(v) + " is not one of:";
                    for (const auto& c : spec.choices) message += " '" + c + "'";
                    const std::string hint = nearest_name(v, spec.choices);
                    if (!hint.empty()) message += "; did you mean '" + hint + "'?";
                    throw ConfigError(message);
                }
                return v;
            }
        },
        spec.default_value);
}

void read_params(const MapView& params, const std::vector<WorkloadParam>& specs,
                 ExperimentConfig& cfg) {
    std::vector<std::string> names;
    for (const auto& s : specs) names.push_back(s.name);
    params.allow_only(names);
    for (const auto& spec : specs) {
        if (params.has(spec.name)) {
            cfg.params[spec.name] =
                read_param(spec, params.node(spec.name),
                           params.where(spec.name) + ": key '" + params.path_of(spec.name) + "'");
            cfg.param_origins[spec.name] = params.provenance(spec.name);
        } else {
            cfg.params[spec.name] = spec.default_value;
            cfg.param_origins[spec.name] = "default";
        }
    }
}

KernelLaunch read_launch(const MapView& m, const std::string& platform_arch) {
    m.allow_only({"block_dim", "target", "build", "meta", "meta_ratio", "defines", "libraries"});
    KernelLaunch l;
    l.block_dim = m.integer("block_dim", 1, kMaxBlockDim);
    l.target = m.text("target");
    const auto target = BuildTarget::parse(l.target);
    const std::string targets =
        platform_arch + ", " + platform_arch + "-vec or " + platform_arch + "-cube";
    if (!target)
        m.fail("target", quote_short(l.target) + " is not a build target (" + targets + ")");
    if (target->arch != platform_arch)
        m.fail("target", "a " + target->arch + " build cannot run on this " + platform_arch +
                             " platform (" + targets + ")");
    const std::string build =
        m.has("build") ? m.choice("build", {"npu", "auto", "cpu_sim"}) : std::string("npu");
    l.flavour = build == "auto"      ? BuildFlavour::Auto
                : build == "cpu_sim" ? BuildFlavour::CpuSim
                                     : BuildFlavour::Npu;
    if (m.has("meta"))
        l.meta = kernel_meta_from_string(
            m.choice("meta", {"none", "mix_aiv_main", "aic_only", "mix_aic_main"}));
    if (l.meta == KernelMeta::MixAicMain) {
        const std::string ratio = m.choice("meta_ratio", {"1:1", "1:2"});
        l.meta_aic = 1;
        l.meta_aiv = ratio == "1:1" ? 1 : 2;
    } else if (m.has("meta_ratio")) {
        m.fail("meta_ratio", "only meaningful with meta: mix_aic_main");
    }
    const MapView defines = m.map("defines");
    for (const MapView::Entry& d : defines.entries())
        l.defines[d.key] =
            scalar_integer(d.value, d.where + ": key " + quote_short(defines.path_of(d.key)),
                           -(1ll << 40), 1ll << 40);
    const MapView libraries = m.map("libraries");
    for (const MapView::Entry& e : libraries.entries()) {
        const std::string version = libraries.text(e.key);
        if (const std::string why = check_library_version(e.key, version); !why.empty())
            libraries.fail(e.key, why);
        l.libraries[e.key] = version;
    }
    return l;
}

// The registry entry named by key, or an error suggesting the nearest name.
template <typename Entry>
const Entry& registered(const std::map<std::string, Entry>& entries, const MapView& m,
                        const std::string& key, const std::string& what) {
    const std::string name = m.text(key);
    auto it = entries.find(name);
    if (it != entries.end()) return it->second;
    if (const std::string now = renamed_workload(name); entries.count(now))
        m.fail(key, "no " + what + " " + quote_short(name) + ": it was renamed '" + now +
                        "'; did you mean '" + now + "'?");
    std::vector<std::string> names;
    for (const auto& kv : entries) names.push_back(kv.first);
    const std::string hint = nearest_name(name, names);
    m.fail(key, "no " + what + " " + quote_short(name) +
                    (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                    " (syncsim list workloads)");
}

void read_common(const MapView& doc, ExperimentConfig& cfg,
                 const std::vector<std::string>& declared_checks) {
    const MapView limits = doc.map("limits");
    limits.allow_only({"sim_time", "max_events", "wall_time"});
    cfg.max_events =
        static_cast<std::uint64_t>(limits.opt_integer("max_events", 1, std::int64_t(1) << 60)
                                       .value_or(ExperimentConfig::kDefaultMaxEvents));
    if (limits.has("wall_time"))
        cfg.wall_time_s =
            static_cast<double>(parse_duration_ps(
                limits.text("wall_time"), limits.where("wall_time") + ": key 'limits.wall_time'")) /
            1e12;
    cfg.sim_time_limit_ps =
        limits.has("sim_time")
            ? parse_duration_ps(limits.text("sim_time"),
                                limits.where("sim_time") + ": key 'limits.sim_time'")
            : 0;
    if (cfg.sim_time_limit_ps == 0)
        throw ConfigError(doc.where() + ": missing key 'limits.sim_time' (e.g. '1 ms'): every run "
                                        "needs a simulated-time limit");

    const MapView trace = doc.map("trace");
    trace.allow_only({"vcd"});
    cfg.vcd = trace.opt_text("vcd").value_or("");

    const MapView simulator = doc.map("simulator");
    simulator.allow_only({"poll"});
    if (simulator.has("poll"))
        cfg.fast_poll = simulator.choice("poll", {"fast_forward", "spin"}) == "fast_forward";

    cfg.expect = read_expect(doc.map("expect"), declared_checks);
}

} // namespace

namespace {
// Loads the plugin `workload.plugin` names, if any, so its workloads can be
// named below.
void read_plugin(const MapView& workload, ExperimentConfig& cfg) {
    if (!workload.has("plugin")) return;
    // Relative to the config's folder, so a config and its plugin travel
    // together; given with --set, relative to where syncsim runs.
    const std::filesystem::path given = workload.text("plugin");
    const bool from_command_line = workload.where("plugin").rfind("--set", 0) == 0;
    const std::filesystem::path path = given.is_absolute() || from_command_line
                                           ? given
                                           : std::filesystem::path(cfg.file).parent_path() / given;
    std::error_code ec;
    if (!given.is_absolute() && !std::filesystem::exists(path, ec))
        workload.fail("plugin",
                      "plugin " + quote_short(given.string()) + ": no such file " +
                          quote_short(path.lexically_normal().string()) +
                          (from_command_line
                               ? " (with --set a relative path is taken from the current "
                                 "directory; build the plugin first)"
                               : " (in a config a relative path is taken from the config file's "
                                 "folder; build the plugin first)"));
    try {
        cfg.plugin = load_plugin(path.string()).path;
    } catch (const ConfigError& e) {
        workload.fail("plugin", e.what());
    }
}
} // namespace

// A vortex experiment: platform overrides, a warp program and its parameters.
void read_vortex_config(const MapView& doc, ExperimentConfig& cfg) {
    override_vortex_platform(cfg.vortex().platform, doc.map("overrides"));
    const MapView workload = doc.map("workload");
    if (!doc.has("workload")) throw ConfigError(doc.where() + ": missing key 'workload'");
    workload.allow_only({"plugin", "vortex", "params"});
    read_plugin(workload, cfg);
    const VortexKernelEntry& kernel =
        registered(workloads().vortex_kernels(), workload, "vortex", "vortex warp program");
    cfg.vortex().kernel = kernel.name;
    read_params(workload.map("params"), kernel.params, cfg);
    read_common(doc, cfg, kernel.checks);
    const VortexPlatform& p = cfg.vortex().platform;
    check_stuck_names(
        doc, cfg,
        [&p](const std::string& name) {
            const std::size_t dot = name.find('.');
            if (dot == std::string::npos) return false;
            const std::int64_t core = numbered(name.substr(0, dot), "core");
            const std::int64_t warp = numbered(name.substr(dot + 1), "warp");
            return core >= 0 && core < std::int64_t(p.clusters) * p.cores && warp >= 0 &&
                   warp < p.warps;
        },
        "warp (coreC.warpW, C counting the cores of every cluster)");
}

const std::vector<std::string>& outcome_kinds() {
    static const std::vector<std::string> kinds = {"completed",   "deadlock", "time_limit",
                                                   "event_limit", "fault",    "host_error",
                                                   "watchdog",    "livelock", "wall_limit"};

    return kinds;
}

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
    AnyPlatform platform;
    try {
        platform = load_any_platform(search_path, platform_name);
    } catch (const ConfigError& e) {
        throw ConfigError(doc.where("platform") + ": key 'platform': " + e.what());
    }
    cfg.kind = &kind_of(platform);
    std::visit(ByKind{[&](Platform& p) {
                          cfg.setup = AscendSetup{std::move(p), {}, {}, {}};
                          read_ascend_config(doc, cfg);
                      },
                      [&](VortexPlatform& p) {
                          cfg.setup = VortexSetup{std::move(p), {}};
                          read_vortex_config(doc, cfg);
                      }},
               platform);
    check_capacity(cfg, MachineLimits::of_this_machine());
    return cfg;
}

// An Ascend experiment: platform overrides, a host program or a kernel with
// its launch, and their parameters.
void read_ascend_config(const MapView& doc, ExperimentConfig& cfg) {
    AscendSetup& setup = cfg.ascend();
    override_platform(setup.platform, doc.map("overrides"));

    const MapView workload = doc.map("workload");
    if (!doc.has("workload")) throw ConfigError(doc.where() + ": missing key 'workload'");
    workload.allow_only({"plugin", "host", "kernel", "params", "launch"});
    std::vector<std::string> declared_checks = default_host_checks();
    read_plugin(workload, cfg);
    const auto& registry = workloads();
    if (workload.has("host") == workload.has("kernel"))
        throw ConfigError(workload.where() +
                          ": 'workload' needs exactly one of 'host' (a host program) or "
                          "'kernel' (launched by the default host program from 'launch')");
    if (workload.has("host")) {
        setup.host = workload.text("host");
        const HostEntry* host = &registered(registry.hosts(), workload, "host", "host program");
        if (workload.has("launch"))
            workload.fail("launch",
                          "a host program makes its own launches; 'launch' goes with 'kernel'");
        read_params(workload.map("params"), host->params, cfg);
        declared_checks = host->checks;
    } else {
        setup.kernel = workload.text("kernel");
        const KernelEntry* kernel = &registered(registry.kernels(), workload, "kernel", "kernel");
        if (!kernel->launched_by.empty())
            workload.fail("kernel", "kernel " + quote_short(setup.kernel) +
                                        " takes arguments that only its host program passes: "
                                        "run that program instead (workload.host: " +
                                        kernel->launched_by +
                                        ", without workload.launch; syncsim list workloads)");
        if (!workload.has("launch"))
            throw ConfigError(workload.where() + ": a 'kernel' workload needs 'launch' "
                                                 "(block_dim, target)");
        setup.launch = read_launch(workload.map("launch"), setup.platform.arch);
        read_params(workload.map("params"), kernel->params, cfg);
    }

    read_common(doc, cfg, declared_checks);
    const Platform& p = setup.platform;
    check_stuck_names(
        doc, cfg,
        [&p](const std::string& name) {
            const std::int64_t aic = numbered(name, "aic"), aiv = numbered(name, "aiv");
            return (aic >= 0 && aic < p.aic_cores) || (aiv >= 0 && aiv < p.aiv_cores);
        },
        "core (aicN or aivN)");
}

} // namespace syncsim
