// The readers every kind's config reader shares (config_readers.hpp).
#include "driver/experiment/config_readers.hpp"

#include "driver/experiment/expect_config.hpp"
#include "driver/experiment/plugin_loader.hpp"

#include <algorithm>
#include <filesystem>

namespace syncsim {

namespace {

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

} // namespace

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

} // namespace syncsim
