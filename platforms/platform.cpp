#include "platforms/platform.hpp"

#include "config/yaml_view.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace syncsim {

void Platform::declare(ParamTree& d) {
    d(arch, "arch", "",
      "core architecture: kernels are built for ARCH, ARCH-vec or ARCH-cube; the file's "
      "launch_rules say how they run");
    d(soc_version, "soc_version", "", "SoC name in the CANN platform ini");
    d(clock_mhz, "clock_mhz", "MHz", "core clock; every cycle count below is in this clock", 1,
      10000);
    d(sys_counter_mhz, "sys_counter_mhz", "MHz",
      "the system counter get_sys_cnt and the AICPU's cntvct read (timings a kernel takes with "
      "it are quantised to its tick)",
      0.001, 100000);
    d(hbm_bytes, "hbm_bytes", "bytes", "global memory capacity of the device", 1 << 20, 1e18);
    // The caps follow from die.count and die.cluster.count's ranges.
    d.derived(aic_cores, "aic_cores", "cores", "AI cube cores on the device (at most 65,536)",
              "die.count x die.cluster.count", [this] { aic_cores = dies * clusters_per_die; });
    d.derived(aiv_cores, "aiv_cores", "cores", "AI vector cores on the device (at most 131,072)",
              "aic_cores x die.cluster.aiv_per_aic",
              [this] { aiv_cores = dies * clusters_per_die * aiv_per_aic; });
    // Each pair of dies may have its own link (interconnect.0-1.die_hop_cycles).
    d.group("interconnect", [&] {
        d.per_instance("interconnect", ParamTree::InstanceKey::Pair,
                       [&] { interconnect.declare(d); });
    });
    d.node("scheduler", scheduler);
    d.node("notify", notify);
    d.node("ffts", ffts);
    d.group("ffts", [&] {
        d(ffts_hub_die, "hub_die", "die",
          "the die the FFTS hub sits on: a core on another die reaches it over the die link "
          "between the two",
          0, 15);
    });
    d.node("aicpu", aicpu);
    d.group("die", [&] {
        d(dies, "count", "dies",
          "dies of the device: each has its own L2 and clusters; a line's home die (lines "
          "interleave across dies) serves it",
          1, 16);
        // Each die may have its own L2 and cores (die.1.l2.bytes).
        d.per_instance("die", ParamTree::InstanceKey::Index, [&] { d.node("l2", l2); });
        d.group("cluster", [&] {
            d(clusters_per_die, "count", "clusters",
              "clusters per die, each one AIC and aiv_per_aic AIV", 1, 4096);
            d(aiv_per_aic, "aiv_per_aic", "cores",
              "vector cores paired with each cube core in a cluster", 1, 2);
            d.per_instance("die", ParamTree::InstanceKey::Index, [&] { d.node("core", core); });
        });
    });
}

namespace {

// Where each key of the old flat platform format went in the tree.
const MovedKeyHint flat_key_hint = moved_keys_hint({
    {"aiv_per_aic", "die.cluster.aiv_per_aic"},
    {"l2_bytes", "die.l2.bytes"},
    {"l2_line_bytes", "die.l2.line_bytes"},
    {"l2_access_cycles", "die.l2.access_cycles"},
    {"l2_miss_extra_cycles", "die.l2.miss_extra_cycles"},
    {"l2_bytes_per_cycle", "die.l2.bytes_per_cycle"},
    {"noc_hop_cycles", "die.l2.hop_cycles"},
    {"atomic_cycles", "die.l2.atomic_cycles"},
    {"scalar_cache_line_bytes", "die.cluster.core.scalar_cache.line_bytes"},
    {"scalar_cache_bytes", "die.cluster.core.scalar_cache.bytes"},
    {"scalar_cache_hit_cycles", "die.cluster.core.scalar_cache.hit_cycles"},
    {"flush_scalar_cache_at_block_end", "die.cluster.core.scalar_cache.flush_at_block_end"},
    {"scalar_op_cycles", "die.cluster.core.scalar_op_cycles"},
    {"dcci_cycles", "die.cluster.core.dcci_clean_cycles"},
    {"dsb_cycles", "die.cluster.core.dsb_cycles"},
    {"pipe_issue_cycles", "die.cluster.core.pipe_issue_cycles"},
    {"dma_setup_cycles", "die.cluster.core.dma_setup_cycles"},
    {"local_bytes_per_cycle", "die.cluster.core.local_bytes_per_cycle"},
    {"intra_core_flag_ids", "die.cluster.core.intra_core_flag_ids"},
    {"ub_bytes", "die.cluster.core.ub_bytes"},
    {"l1_bytes", "die.cluster.core.l1_bytes"},
    {"atomic_kind", "die.cluster.core.atomic_kind"},
    {"block_dispatch_cycles", "scheduler.block_dispatch_cycles"},
    {"launch_overhead_cycles", "scheduler.launch_overhead_cycles"},
    {"ffts_modes", "ffts.modes"},
    {"ffts_intra_block", "ffts.intra_block"},
    {"ffts_flag_ids", "ffts.flag_ids"},
    {"ffts_counter_bits", "ffts.counter_bits"},
    {"ffts_counter_overflow", "ffts.counter_overflow"},
    {"ffts_base_count", "ffts.base_count"},
    {"ffts_base_addr_required", "ffts.base_addr_required"},
    {"ffts_reset_flags_per_launch", "ffts.reset_flags_per_launch"},
    {"ffts_signal_cycles", "ffts.signal_cycles"},
    {"ffts_process_cycles", "ffts.process_cycles"},
    {"ffts_deliver_cycles", "ffts.deliver_cycles"},
    {"intra_block_cycles", "ffts.intra_block_cycles"},
    {"cntnotify_supported", "notify.cntnotify_supported"},
    {"cntnotify_bank_ids", "notify.cntnotify_bank_ids"},
    {"cntnotify_mode4", "notify.cntnotify_mode4"},
    {"notify_bank_ids", "notify.notify_bank_ids"},
    {"notify_record_cycles", "notify.record_cycles"},
    {"notify_wake_cycles", "notify.wake_cycles"},
});

// Keys a model change replaced: what to set instead.
const std::vector<std::pair<std::string, std::string>> kReplacedKeys = {
    {"scheduler.op_execute_timeout_us",
     "the op-execute timeout is counted in credits now: scheduler.op_execute_timeout_interval_us "
     "(one credit) and scheduler.op_execute_timeout_default_credits"},
    {"scheduler.op_execute_timeout_floor_us",
     "the shortest op-execute timeout is one credit: scheduler.op_execute_timeout_interval_us"},
    {"scheduler.op_execute_timeout_max_us",
     "the longest op-execute timeout is scheduler.op_execute_timeout_max_credits credits"},
    {"die.cluster.core.dcci_cycles",
     "a dcci costs by the line's state now: die.cluster.core.dcci_clean_cycles (absent or clean) "
     "and die.cluster.core.dcci_dirty_cycles (what a dirty line adds)"},
    {"die.cluster.core.dma_gm_latency_cycles",
     "MTE reads and writes of GM are costed apart now: die.cluster.core.dma_gm_read_latency_cycles "
     "and die.cluster.core.dma_gm_write_latency_cycles"},
    {"die.l2.slices",
     "requests serialise per same-address range now, not per slice: die.l2.serialize_bytes"},
    {"l2_slices",
     "requests serialise per same-address range now, not per slice: die.l2.serialize_bytes"},
    {"die.l2.uncached_read_cycles",
     "an ld_dev's range occupancy and its latency are apart now: "
     "die.l2.uncached_read_occupancy_cycles and die.l2.uncached_read_latency_cycles"},
};

const MovedKeyHint ascend_moved_key_hint = [](const std::string& path) {
    for (const auto& [old_path, instead] : kReplacedKeys)
        if (path == old_path) return "'" + old_path + "' was replaced: " + instead;
    return flat_key_hint(path);
};

} // namespace

namespace {

// One launch rule per list entry: a build side and kernel meta (with the
// ratio for mix_aic_main), what the runtime schedules, and why, with a ref.
LaunchRules read_launch_rules(const MapView& doc) {
    LaunchRules rules;
    for (const MapView& r : doc.list("launch_rules")) {
        r.allow_only(
            {"side", "meta", "ratio", "kernel_type", "aic", "aiv", "ffts_context", "why", "ref"});
        LaunchRule rule;
        const std::string side = r.choice("side", {"mix", "vec", "cube"});
        rule.side = side == "vec"    ? BuildSide::Vec
                    : side == "cube" ? BuildSide::Cube
                                     : BuildSide::Mix;
        rule.meta = kernel_meta_from_string(
            r.choice("meta", {"none", "mix_aiv_main", "aic_only", "mix_aic_main"}));
        if (rule.meta == KernelMeta::MixAicMain)
            rule.meta_aiv = r.choice("ratio", {"1:1", "1:2"}) == "1:1" ? 1 : 2;
        else if (r.has("ratio"))
            r.fail("ratio", "only meaningful with meta: mix_aic_main");
        // One of the platform's kernel_types (resolved once every file is read).
        rule.kernel_type = r.text("kernel_type");
        rule.kernel_type_at = r.where("kernel_type") + ": key '" + r.path_of("kernel_type") + "'";
        rule.aic_per_block = static_cast<int>(r.integer("aic", 0, 1));
        rule.aiv_per_block = static_cast<int>(r.integer("aiv", 0, 2));
        if (rule.aic_per_block + rule.aiv_per_block == 0)
            r.fail("aiv", "a block needs at least one core");
        rule.ffts_context = r.boolean("ffts_context");
        rule.why = r.text("why") + " (" + r.text("ref") + ")";
        rules.push_back(rule);
    }
    return rules;
}

// The runtime's task type of each kernel type: the watchdog reports a
// vector-core timeout only for a vector task.
std::map<std::string, bool> read_kernel_types(const MapView& doc) {
    std::map<std::string, bool> vector_task;
    for (const MapView& k : doc.list("kernel_types")) {
        k.allow_only({"name", "task", "ref"});
        const std::string name = k.text("name");
        const bool named = !name.empty() && std::isupper(static_cast<unsigned char>(name[0])) &&
                           std::all_of(name.begin(), name.end(), [](char c) {
                               return std::isupper(static_cast<unsigned char>(c)) ||
                                      std::isdigit(static_cast<unsigned char>(c)) || c == '_';
                           });
        if (!named)
            k.fail("name", quote_short(name) + " is not a kernel type name (capitals, digits and "
                                               "'_', e.g. AIV_ONLY or MIX_AIC_1_2)");
        vector_task[name] = k.choice("task", {"vector", "aicore"}) == "vector";
        (void)k.text("ref");
    }
    return vector_task;
}

// Every launch rule's kernel type must be one the platform names.
void resolve_kernel_types(LaunchRules& rules, const std::map<std::string, bool>& vector_task) {
    std::string known;
    for (const auto& [name, vec] : vector_task) known += (known.empty() ? "" : ", ") + name;
    for (LaunchRule& rule : rules) {
        const auto it = vector_task.find(rule.kernel_type);
        if (it == vector_task.end())
            throw ConfigError(rule.kernel_type_at + ": " + quote_short(rule.kernel_type) +
                              " is not a kernel type name of this platform (its kernel_types: " +
                              (known.empty() ? "none" : known) + ")");
        rule.vector_task = it->second;
    }
}

} // namespace

Platform load_platform(const std::string& dir, const std::string& name) {
    return load_once<Platform>(dir, name, [&] {
        Platform p;
        std::map<std::string, bool> vector_task;
        load_param_tree(
            dir, name, p, {"launch_rules", "kernel_types"},
            [&p, &vector_task](const MapView& doc) {
                if (doc.has("kernel_types")) vector_task = read_kernel_types(doc);
                if (!doc.has("launch_rules")) return;
                p.launch_rules = read_launch_rules(doc);
                p.launch_rules_from = doc.where("launch_rules");
            },
            ascend_moved_key_hint);
        if (p.launch_rules.empty())
            throw ConfigError(p.file + ": no launch_rules in the platform or its base files: "
                                       "the arch's launches cannot be placed on cores");
        resolve_kernel_types(p.launch_rules, vector_task);
        validate_platform(p);
        return p;
    });
}

void override_platform(Platform& p, const MapView& overrides) {
    override_param_tree(p, overrides, ascend_moved_key_hint);
    validate_platform(p);
}

Platform Platform::for_die(int die) const {
    return for_instance(*this, "die", std::to_string(die));
}

InterconnectParams Platform::link(int die_a, int die_b) const {
    const int low = std::min(die_a, die_b), high = std::max(die_a, die_b);
    return for_instance(*this, "interconnect", std::to_string(low) + "-" + std::to_string(high))
        .interconnect;
}

int die_of(const Platform& p, CoreType type, int index) {
    const std::int64_t cluster = type == CoreType::AIC ? index : index / p.aiv_per_aic;
    return static_cast<int>(cluster / p.clusters_per_die);
}

FeatureSet platform_features(const Platform& p) {
    return FeatureSet{}
        .add(Feature::ReturningAtomicAdd, p.core.returning_atomic_add)
        .add(Feature::IntraBlockFlags, p.ffts.intra_block)
        .add(Feature::FftsBaseAddr, p.ffts.needs_base_address);
}

DeviceInfo device_info(const Platform& p) {
    return {p.name, p.arch, p.aic_cores, p.aiv_cores, platform_features(p), p.sys_counter_mhz};
}

namespace {

// Every instance a value is given for exists: a die below die.count, a link
// between two of them.
void validate_instances(const Platform& p) {
    for (const auto& [path, o] : p.origins) {
        if (o.instance_node.empty()) continue;
        std::vector<int> dies;
        std::string rest = o.instance;
        for (std::string::size_type dash; (dash = rest.find('-')) != std::string::npos;
             rest = rest.substr(dash + 1))
            dies.push_back(std::stoi(rest.substr(0, dash)));
        dies.push_back(std::stoi(rest));
        for (int die : dies)
            if (die >= p.dies)
                throw ConfigError(o.where + ": platform parameter '" + path +
                                  "': the platform has " + std::to_string(p.dies) +
                                  " die(s) (die.count), numbered from 0");
    }
    if (p.ffts_hub_die >= p.dies)
        throw ConfigError(p.origins.at("ffts.hub_die").where +
                          ": platform parameter 'ffts.hub_die' (" + std::to_string(p.ffts_hub_die) +
                          "): the platform has " + std::to_string(p.dies) +
                          " die(s) (die.count), numbered from 0");
}

// Die `die`'s own path of a shared leaf (die.l2.bytes -> die.1.l2.bytes),
// when it has its own value.
std::optional<std::string> own_path(const Platform& p, const std::string& path, int die) {
    const std::string own = "die." + std::to_string(die) + path.substr(3);
    if (p.origins.count(own)) return own;
    return std::nullopt;
}

// One die's values: capacities are whole lines, and what the dies must
// share (the interleave line, what the kernel API offers) they share.
void validate_die(const Platform& device, int die) {
    const Platform p = device.for_die(die);
    auto set_at = [&](const char* path) {
        return device.origins.at(own_path(device, path, die).value_or(path)).where;
    };
    // Capacities are whole lines: a remainder would be dropped without a word.
    struct WholeLines {
        const char *size_path, *line_path;
        std::uint64_t size, line;
    };
    for (const WholeLines& w :
         {WholeLines{"die.cluster.core.scalar_cache.bytes",
                     "die.cluster.core.scalar_cache.line_bytes", p.core.cache_bytes,
                     p.core.cache_line_bytes},
          WholeLines{"die.l2.bytes", "die.l2.line_bytes", p.l2.size_bytes, p.l2.line_bytes}}) {
        const bool own = own_path(device, w.size_path, die) || own_path(device, w.line_path, die);
        const std::string on = own ? " on die " + std::to_string(die) : "";
        if (w.size < w.line || w.size % w.line != 0)
            throw ConfigError("platform " + p.name + ": " + w.size_path + on + " (" +
                              std::to_string(w.size) + ", set at " + set_at(w.size_path) +
                              ") must be a whole number of " + w.line_path + " (" +
                              std::to_string(w.line) + ", set at " + set_at(w.line_path) + ")");
        if ((w.line & (w.line - 1)) != 0)
            throw ConfigError("platform " + p.name + ": " + w.line_path + on + " (set at " +
                              set_at(w.line_path) + ") must be a power of two");
    }
    // Lines interleave across the dies' L2s by one line size; a kernel asks
    // the device, not a die, which atomics it has.
    struct Shared {
        const char* path;
        bool same;
    };
    for (const Shared& s :
         {Shared{"die.l2.line_bytes", p.l2.line_bytes == device.l2.line_bytes},
          Shared{"die.cluster.core.atomic_kind",
                 p.core.returning_atomic_add == device.core.returning_atomic_add}})
        if (!s.same)
            throw ConfigError(set_at(s.path) + ": platform parameter '" +
                              own_path(device, s.path, die).value_or(s.path) + "' on die " +
                              std::to_string(die) +
                              " differs from the other dies': every die must have the same "
                              "value (lines interleave across the dies; a kernel asks the "
                              "device which atomics it has)");
}

} // namespace

void validate_platform(const Platform& p) {
    if (!BuildTarget::valid_arch(p.arch))
        throw ConfigError(p.file + ": platform parameter 'arch': '" + p.arch +
                          "' is not an arch name (lower-case letters, digits and '-', starting "
                          "with a letter)");
    auto set_at = [&](const char* path) { return p.origins.at(path).where; };
    // "Calibrated" only on the chip whose observations the fit used; a chip
    // that inherits the value has it as an estimate (fit on that chip).
    for (const auto& [path, o] : p.origins)
        if (o.source == "calibrated" && o.fit != p.name)
            throw ConfigError(o.where + ": platform parameter '" + path +
                              "' is calibrated by the " + o.fit + " fit, but this is " + p.name +
                              ": on another chip it is 'source: estimate' with 'fit: " + o.fit +
                              "' until an observation on " + p.name + " fits it");
    // Mode 4 (AIC to one AIV, 950) is the intra-block path: a message word's
    // 2-bit mode field cannot carry it, set_intra_block does. The two keys
    // must agree.
    std::string modes;
    for (int m : p.ffts.modes) modes += (modes.empty() ? "" : ",") + std::to_string(m);
    const bool mode4 = std::find(p.ffts.modes.begin(), p.ffts.modes.end(), 4) != p.ffts.modes.end();
    if (mode4 && !p.ffts.intra_block)
        throw ConfigError("platform " + p.name + ": ffts.modes (" + modes + ", set at " +
                          set_at("ffts.modes") +
                          ") lists mode 4, the AIC-to-one-AIV path of set_intra_block, but "
                          "ffts.intra_block (set at " +
                          set_at("ffts.intra_block") + ") is false");
    if (!mode4 && p.ffts.intra_block)
        throw ConfigError("platform " + p.name + ": ffts.intra_block (set at " +
                          set_at("ffts.intra_block") + ") is true, but ffts.modes (" + modes +
                          ", set at " + set_at("ffts.modes") + ") does not list mode 4");
    validate_instances(p);
    for (int die = 0; die < p.dies; ++die) validate_die(p, die);
}

} // namespace syncsim
