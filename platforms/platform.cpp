#include "platforms/platform.hpp"

#include "config/yaml_view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

namespace syncsim {

namespace {

using P = Platform;
constexpr double kBig = 1e18;

} // namespace

const std::vector<ParamSpec>& platform_params() {
    // name, unit, meaning, field, min, max, choices
    // clang-format off
    static const std::vector<ParamSpec> specs = {
        {"arch", "", "core architecture: kernels are built for ARCH, ARCH-vec or ARCH-cube; the file's launch_rules say how they run", &P::arch},
        {"soc_version", "", "SoC name in the CANN platform ini", &P::soc_version},
        {"aic_cores", "cores", "AI cube cores on the device", &P::aic_cores, 1, 1024},
        {"aiv_cores", "cores", "AI vector cores on the device", &P::aiv_cores, 1, 2048, {},
         [](P& p) { p.aiv_cores = p.aic_cores * p.aiv_per_aic; }, "aic_cores x aiv_per_aic"},
        {"aiv_per_aic", "cores", "vector cores paired with each cube core in a cluster", &P::aiv_per_aic, 1, 2},
        {"clock_mhz", "MHz", "core clock; every cycle count below is in this clock", &P::clock_mhz, 1, 10000},
        {"hbm_bytes", "bytes", "global memory capacity", &P::hbm_bytes, 1 << 20, kBig},
        {"l2_bytes", "bytes", "L2 capacity (LRU tag store)", &P::l2_bytes, 4096, kBig},
        {"l2_line_bytes", "bytes", "L2 line: unit of hit/miss and of slice interleaving", &P::l2_line_bytes, 32, 4096},
        {"l2_slices", "slices", "independently busy L2 slices, interleaved by L2 line", &P::l2_slices, 1, 1024},
        {"l2_access_cycles", "cycles", "L2 tag and data access on a hit", &P::l2_access_cycles, 0, 1e6},
        {"l2_miss_extra_cycles", "cycles", "added to an access that misses the L2", &P::l2_miss_extra_cycles, 0, 1e6},
        {"l2_bytes_per_cycle", "B/cycle", "bytes one slice serves per cycle (sets how long a request holds it)", &P::l2_bytes_per_cycle, 1, 1e6},
        {"noc_hop_cycles", "cycles", "one-way interconnect latency between a core and the L2 (at least 1: the L2 arbitrates what arrives together)", &P::noc_hop_cycles, 1, 1e6},
        {"atomic_cycles", "cycles", "time an atomic holds its L2 slice (atomics on one line serialise)", &P::atomic_cycles, 0, 1e6},
        {"scalar_cache_line_bytes", "bytes", "scalar data-cache line; dcci and write-back act on whole lines", &P::scalar_cache_line_bytes, 4, 4096},
        {"scalar_cache_bytes", "bytes", "scalar data-cache capacity per core (fully associative, LRU)", &P::scalar_cache_bytes, 64, 1 << 24},
        {"scalar_cache_hit_cycles", "cycles", "scalar load or store that hits the data cache", &P::scalar_cache_hit_cycles, 0, 1e6},
        {"scalar_op_cycles", "cycles", "a scalar instruction without memory access", &P::scalar_op_cycles, 0, 1e6},
        {"dcci_cycles", "cycles", "issuing a dcci (write-backs it posts are timed by the interconnect)", &P::dcci_cycles, 0, 1e6},
        {"dsb_cycles", "cycles", "a dsb once the posted writes have landed", &P::dsb_cycles, 0, 1e6},
        {"flush_scalar_cache_at_block_end", "", "the runtime cleans and invalidates the scalar cache when a block ends", &P::flush_scalar_cache_at_block_end},
        {"pipe_issue_cycles", "cycles", "scalar-unit cost of issuing work to another pipe", &P::pipe_issue_cycles, 0, 1e6},
        {"dma_setup_cycles", "cycles", "start-up of one MTE instruction", &P::dma_setup_cycles, 0, 1e6},
        {"local_bytes_per_cycle", "B/cycle", "bandwidth of L1->UB moves and L1 fills", &P::local_bytes_per_cycle, 1, 1e6},
        {"intra_core_flag_ids", "ids", "event ids of set_flag/wait_flag between pipes of one core", &P::intra_core_flag_ids, 1, 64},
        {"ub_bytes", "bytes", "unified buffer per AIV", &P::ub_bytes, 1024, 1 << 30},
        {"l1_bytes", "bytes", "L1 (cbuf) per AIC", &P::l1_bytes, 1024, 1 << 30},
        {"block_dispatch_cycles", "cycles", "task scheduler: assigning one block to a free core", &P::block_dispatch_cycles, 0, 1e9},
        {"launch_overhead_cycles", "cycles", "task scheduler: from a launch task reaching the head of its stream to the first dispatch", &P::launch_overhead_cycles, 0, 1e9},
        {"ffts_modes", "", "cross-core sync modes the FFTS supports (comma-separated; 4 is set_intra_block's per-subblock path)", &P::ffts_modes, 0, 0, {"0,1,2", "0,1,2,4"}},
        {"ffts_intra_block", "", "set_intra_block/wait_intra_block flags exist (A5)", &P::ffts_intra_block},
        {"ffts_flag_ids", "ids", "FFTS flag ids per core", &P::ffts_flag_ids, 1, 16},
        {"ffts_counter_bits", "bits", "width of each FFTS flag counter", &P::ffts_counter_bits, 1, 16},
        {"ffts_counter_overflow", "", "a flag set past the counter maximum wraps or saturates (and is reported as a hardware error)", &P::ffts_counter_overflow, 0, 0, {"wrap", "saturate"}},
        {"ffts_base_count", "", "bits[3:0] of the message: the increment, or ignored (always +1)", &P::ffts_base_count, 0, 0, {"increment", "ignored"}},
        {"ffts_base_addr_required", "", "messages count only after set_ffts_base_addr with the rtGetC2cCtrlAddr address (A2/A3); otherwise rtGetC2cCtrlAddr returns 207000", &P::ffts_base_addr_required},
        {"ffts_reset_flags_per_launch", "", "a core's flag counters are cleared when a new launch starts on it", &P::ffts_reset_flags_per_launch},
        {"ffts_signal_cycles", "cycles", "one-way signal path between a core and the FFTS hub", &P::ffts_signal_cycles, 0, 1e6},
        {"ffts_process_cycles", "cycles", "FFTS hub time per incoming message (messages serialise)", &P::ffts_process_cycles, 0, 1e6},
        {"ffts_deliver_cycles", "cycles", "FFTS hub time per outgoing flag set (a release to N cores takes N)", &P::ffts_deliver_cycles, 0, 1e6},
        {"intra_block_cycles", "cycles", "set_intra_block to the paired core's flag (A5)", &P::intra_block_cycles, 0, 1e6},
        {"atomic_kind", "", "scalar atomic of the soft barrier: st_atomic (no return) or atomic_add (returns old)", &P::atomic_kind, 0, 0, {"st_atomic", "atomic_add"}},
        {"cntnotify_supported", "", "aclrtCntNotify* are available (otherwise 207000)", &P::cntnotify_supported},
        {"cntnotify_bank_ids", "ids", "CntNotify ids per device, shared with one runtime id per stream that uses events", &P::cntnotify_bank_ids, 0, 1 << 20},
        {"cntnotify_mode4", "", "record mode 4: and (cnt & value, as the ACL doc says) or clear_bits (cnt & ~value, as the register is named)", &P::cntnotify_mode4, 0, 0, {"and", "clear_bits"}},
        {"notify_bank_ids", "ids", "ordinary notify ids per device", &P::notify_bank_ids, 1, 1 << 20},
        {"notify_record_cycles", "cycles", "a notify or CntNotify record task, from its turn on the stream to the counter update", &P::notify_record_cycles, 0, 1e9},
        {"notify_wake_cycles", "cycles", "from a counter update to the waiting stream going on", &P::notify_wake_cycles, 0, 1e9},
    };
    // clang-format on
    return specs;
}

std::vector<std::string> platform_param_names() {
    return param_names(platform_params());
}

const ParamSpec* find_platform_param(const std::string& name) {
    return find_param(platform_params(), name);
}

void override_platform_param(Platform& p, const std::string& name, const YAML::Node& value,
                             const std::string& where) {
    set_param(p, platform_params(), name, value, where);
}

std::string platform_display_path(const std::string& dir, const std::string& name) {
    const auto folder = std::filesystem::path(dir).lexically_normal().filename();
    return (folder.empty() ? std::filesystem::path("platforms") : folder).string() + "/" + name +
           ".yaml";
}

void check_platform_name(const std::string& name) {
    const auto allowed = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    };
    const bool ok = !name.empty() && name.size() <= 64 && name[0] != '.' && name[0] != '-' &&
                    std::all_of(name.begin(), name.end(), allowed);
    if (!ok)
        throw ConfigError("'" + name.substr(0, 80) + (name.size() > 80 ? "..." : "") +
                          "' is not a platform name: letters, digits, '_', '.' and '-', at most "
                          "64 characters (syncsim list platforms)");
}

namespace {
std::string read_platform_kind(const std::string& dir, const std::string& name);
} // namespace

std::string platform_kind(const std::string& dir, const std::string& name) {
    check_platform_name(name);
    // Only names with a file are remembered: a missing one is an error later.
    if (!std::filesystem::exists(std::filesystem::path(dir) / (name + ".yaml"))) return "ascend";
    return load_once<std::string>(dir, name, [&] { return read_platform_kind(dir, name); });
}

namespace {
std::string read_platform_kind(const std::string& dir, const std::string& name) {
    std::string file = name;
    for (int depth = 0; depth < 16; ++depth) {
        check_platform_name(file);
        const auto path = std::filesystem::path(dir) / (file + ".yaml");
        if (!std::filesystem::exists(path)) return "ascend"; // the loader names what is missing
        const MapView doc(load_yaml_file(path.string()), platform_display_path(dir, file), "");
        if (doc.has("kind")) return doc.choice("kind", {"ascend", "vortex"});
        if (!doc.has("base")) return "ascend";
        file = doc.text("base");
    }
    return "ascend";
}
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
        rule.kernel_type = r.text("kernel_type");
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

} // namespace

Platform load_platform(const std::string& dir, const std::string& name) {
    return load_once<Platform>(dir, name, [&] {
        Platform p;
        load_param_file(dir, name, p, platform_params(), {"launch_rules"},
                        [&p](const MapView& doc) {
                            if (!doc.has("launch_rules")) return;
                            p.launch_rules = read_launch_rules(doc);
                            p.launch_rules_from = doc.where("launch_rules");
                        });
        if (p.launch_rules.empty())
            throw ConfigError(p.file + ": no launch_rules in the platform or its base files: "
                                       "the arch's launches cannot be placed on cores");
        validate_platform(p);
        return p;
    });
}

FeatureSet platform_features(const Platform& p) {
    return FeatureSet{}
        .add(Feature::ReturningAtomicAdd, p.atomic_kind == "atomic_add")
        .add(Feature::IntraBlockFlags, p.ffts_intra_block)
        .add(Feature::FftsBaseAddr, p.ffts_base_addr_required);
}

DeviceInfo device_info(const Platform& p) {
    return {p.name, p.arch, p.aic_cores, p.aiv_cores, platform_features(p)};
}

void validate_platform(const Platform& p) {
    if (!BuildTarget::valid_arch(p.arch))
        throw ConfigError(p.file + ": platform parameter 'arch': '" + p.arch +
                          "' is not an arch name (lower-case letters, digits and '-', starting "
                          "with a letter)");
    // Capacities are whole lines: a remainder would be dropped without a word.
    struct WholeLines {
        const char *size_key, *line_key;
        std::int64_t Platform::*size;
        std::int64_t Platform::*line;
    };
    for (const WholeLines& w :
         {WholeLines{"scalar_cache_bytes", "scalar_cache_line_bytes", &P::scalar_cache_bytes,
                     &P::scalar_cache_line_bytes},
          WholeLines{"l2_bytes", "l2_line_bytes", &P::l2_bytes, &P::l2_line_bytes}})
        if (p.*w.size < p.*w.line || p.*w.size % (p.*w.line) != 0)
            throw ConfigError("platform " + p.name + ": " + w.size_key + " (" +
                              std::to_string(p.*w.size) + ", set at " +
                              p.origins.at(w.size_key).set_at + ") must be a whole number of " +
                              w.line_key + " (" + std::to_string(p.*w.line) + ", set at " +
                              p.origins.at(w.line_key).set_at + ")");
    if ((p.scalar_cache_line_bytes & (p.scalar_cache_line_bytes - 1)) != 0)
        throw ConfigError("platform " + p.name + ": scalar_cache_line_bytes (set at " +
                          p.origins.at("scalar_cache_line_bytes").set_at +
                          ") must be a power of two");
    if ((p.l2_line_bytes & (p.l2_line_bytes - 1)) != 0)
        throw ConfigError("platform " + p.name + ": l2_line_bytes (set at " +
                          p.origins.at("l2_line_bytes").set_at + ") must be a power of two");
}

std::vector<std::string> list_platforms(const std::string& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        const auto path = entry.path();
        if (path.extension() == ".yaml" && path.stem().string()[0] != '_')
            names.push_back(path.stem().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string format_param_value(const Platform& p, const ParamSpec& spec) {
    return format_param(p, spec);
}

} // namespace syncsim
