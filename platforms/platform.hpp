// An Ascend platform is data: a tree (device -> die -> cluster -> core, with
// the interconnect, scheduler, notify banks, FFTS and each die's L2 as
// nodes) whose leaves are the models' own parameters, each read from a
// platforms/*.yaml file (or an override) with where it came from.
#pragma once

#include "config/param_tree.hpp"
#include "models/aicpu/aicpu_params.hpp"
#include "models/core/core_params.hpp"
#include "models/ffts/ffts_params.hpp"
#include "models/memory/interconnect_params.hpp"
#include "models/memory/l2_params.hpp"
#include "models/notify/notify_params.hpp"
#include "models/runtime/launch_rules.hpp"
#include "models/runtime/scheduler_params.hpp"
#include "syncsim/host_api.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace syncsim {

struct Platform {
    std::string name, description, file;
    std::vector<std::string> files; // read, base files first
    // The arch's launch rules, from the nearest file of the chain that lists them.
    LaunchRules launch_rules;
    std::string launch_rules_from; // file:line
    ParamOrigins origins;          // by tree path

    // device
    std::string arch, soc_version;
    double clock_mhz = 0;
    double sys_counter_mhz = 0; // what get_sys_cnt and the AICPU's cntvct count
    std::int64_t hbm_bytes = 0;
    std::int64_t aic_cores = 0, aiv_cores = 0; // derived from the tree
    InterconnectParams interconnect;           // every link; one link's own: for_link
    std::int64_t ffts_hub_die = 0;
    SchedulerParams scheduler;
    NotifyParams notify;
    FftsParams ffts;
    AicpuParams aicpu;
    // die: every die's L2 and cores; one die's own values: for_die
    std::int64_t dies = 0;
    L2Params l2;
    // cluster: one AIC and aiv_per_aic AIV
    std::int64_t clusters_per_die = 0, aiv_per_aic = 0;
    CoreParams core;

    // The platform as die `die` sees it: its own die.N.* values applied.
    Platform for_die(int die) const;
    // The link between two dies: its own interconnect.A-B.* values applied.
    InterconnectParams link(int die_a, int die_b) const;

    // The tree: declares every leaf below `device:` in a platform file.
    void declare(ParamTree& d);
};

// Loads platforms/NAME.yaml (following `base:`), validating every key.
Platform load_platform(const std::string& platforms_dir, const std::string& name);
// Cross-parameter rules, checked after loading and again after overrides.
void validate_platform(const Platform& p);
// Applies an `overrides:` tree (plain values at tree paths); an old flat
// key gets an error naming its path in the tree. Derives and validates again.
void override_platform(Platform& p, const MapView& overrides);

// The die a core sits on: clusters fill die 0 first (cluster k is on die
// k / clusters_per_die; AIC k is cluster k, AIV j is cluster j / aiv_per_aic).
int die_of(const Platform& p, CoreType type, int index);

// The features the platform's arch provides (what software may ask for and
// the core enforces), from the core's atomic kind and the FFTS.
FeatureSet platform_features(const Platform& p);
// What a host program sees of the device.
DeviceInfo device_info(const Platform& p);

} // namespace syncsim
