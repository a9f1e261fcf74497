// A platform is data: every number a model reads comes from a platforms/*.yaml
// file (or an override of it) and carries where it came from.
#pragma once

#include "config/param_table.hpp"
#include "models/runtime/launch_rules.hpp"
#include "syncsim/host_api.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace syncsim {

struct Platform {
    std::string name, description, file;
    // The arch's launch rules, from the nearest file of the chain that lists them.
    LaunchRules launch_rules;
    std::string launch_rules_from; // file:line

    // identity
    std::string arch, soc_version;
    // cores and clock
    std::int64_t aic_cores = 0, aiv_cores = 0, aiv_per_aic = 0;
    double clock_mhz = 0;
    // global memory and L2
    std::int64_t hbm_bytes = 0, l2_bytes = 0, l2_line_bytes = 0, l2_slices = 0;
    double l2_access_cycles = 0, l2_miss_extra_cycles = 0, l2_bytes_per_cycle = 0;
    double noc_hop_cycles = 0, atomic_cycles = 0;
    // scalar unit and its data cache
    std::int64_t scalar_cache_line_bytes = 0, scalar_cache_bytes = 0;
    double scalar_cache_hit_cycles = 0, scalar_op_cycles = 0, dcci_cycles = 0, dsb_cycles = 0;
    bool flush_scalar_cache_at_block_end = true;
    // pipes, DMA and local buffers
    double pipe_issue_cycles = 0, dma_setup_cycles = 0, local_bytes_per_cycle = 0;
    std::int64_t intra_core_flag_ids = 0, ub_bytes = 0, l1_bytes = 0;
    // runtime
    double block_dispatch_cycles = 0, launch_overhead_cycles = 0;
    // cross-core synchronisation features
    std::string ffts_modes, atomic_kind;
    bool ffts_intra_block = false, cntnotify_supported = false;
    std::int64_t ffts_flag_ids = 0, ffts_counter_bits = 0, cntnotify_bank_ids = 0;
    std::string ffts_counter_overflow, ffts_base_count;
    bool ffts_base_addr_required = true, ffts_reset_flags_per_launch = false;
    double ffts_signal_cycles = 0, ffts_process_cycles = 0, ffts_deliver_cycles = 0;
    double intra_block_cycles = 0;
    std::int64_t notify_bank_ids = 0;
    std::string cntnotify_mode4;
    double notify_record_cycles = 0, notify_wake_cycles = 0;

    using Origin = ParamOrigin;
    std::map<std::string, Origin> origins;
};

using ParamSpec = ParamSpecOf<Platform>;

const std::vector<ParamSpec>& platform_params();
std::vector<std::string> platform_param_names();
const ParamSpec* find_platform_param(const std::string& name);

// Loads platforms/NAME.yaml (following `base:`), validating every key.
Platform load_platform(const std::string& platforms_dir, const std::string& name);
// Cross-parameter rules, checked after loading and again after overrides.
void validate_platform(const Platform& p);

// Sets one parameter from a YAML scalar; `where` names the source for errors
// and is recorded as the value's origin.
void override_platform_param(Platform& p, const std::string& name, const YAML::Node& value,
                             const std::string& where);

std::string format_param_value(const Platform& p, const ParamSpec& spec);

// The features the platform's arch provides (what software may ask for and
// the core enforces), from atomic_kind, ffts_intra_block and
// ffts_base_addr_required.
FeatureSet platform_features(const Platform& p);
// What a host program sees of the device.
DeviceInfo device_info(const Platform& p);

} // namespace syncsim
