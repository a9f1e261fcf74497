#include "driver/study/fixes/fixes.hpp"

#include "driver/experiment/plugin_loader.hpp"
#include "workloads/registry.hpp"

#include <algorithm>
#include <cstdlib>

namespace syncsim {

using nlohmann::json;

namespace {

// A class of diagnosis (a text the result holds when it applies), the
// workload parameter that changes it, and the values to try. "{cores}" is
// the device's core count of the launch's type.
struct FixRule {
    const char* symptom;
    std::vector<const char*> unless; // texts that rule the class out
    const char* param;
    std::vector<const char*> values;
    const char* why;
};

const std::vector<FixRule>& rules() {
    static const char* const kMeta =
        "a kernel meta makes the runtime schedule a MIX task, which owns an FFTS context";
    static const char* const kBatch = "batch schedule mode starts a launch only when all its "
                                      "blocks fit, so launches cannot split the cores";
    static const char* const kOnePerCore = "one block per core: every block fits the device";
    static const char* const kSameN =
        "-D__MIX_CORE_AIV_RATIO__ makes both sides of a Mix launch compute the same N";
    static const char* const kUsedCores = "usedCores = the participant count, as the vendor "
                                          "passes it, instead of each side resolving N";
    static const char* const kDcci = "dcci the line before the read";
    // clang-format off
    static const std::vector<FixRule> table = {
        {"owns no FFTS context", {}, "meta", {"mix_aiv_main", "mix_aic_main"}, kMeta},
        {"owns no FFTS context", {}, "target", {"{arch}"},
         "a Mix build (the arch's own target) makes a MIX task, which owns an FFTS context"},
        {"owns no FFTS context", {}, "kernel_type", {"mix_0_1"},
         "the __mix__(0, 1) qualifier makes a MIX_AIV_1_0 task, which owns an FFTS context"},
        {"never dispatched", {}, "schedule_mode", {"1"}, kBatch},
        {"never dispatched", {}, "batch_mode", {"true"}, kBatch},
        {"never dispatched", {}, "block_dim", {"{cores}"}, kOnePerCore},
        {"waiting for cores", {}, "block_dim", {"{cores}"}, kOnePerCore},
        {"waiting for cores", {}, "schedule_mode", {"0"},
         "normal schedule mode starts blocks as cores free instead of all together"},
        {"after 0 barrier rounds", {}, "spmd", {"{cores}"},
         "a block on every launched core, so every core the all-core sync counts arrives"},
        {"after 0 barrier rounds", {}, "participants", {"0"},
         "every launched core takes part in the barrier"},
        {"(the sides disagree)", {}, "define_aiv_ratio", {"2"}, kSameN},
        {"(the sides disagree)", {}, "used_cores", {"-1"}, kUsedCores},
        {"finished its kernel after", {}, "skip_core", {"-1"},
         "every core calls every barrier (the workload's core that skips one)"},
        {"the op-execute watchdog killed", {"(a deadlock)", "did not arrive", "nobody can"},
         "op_execute_timeout_us", {"0"},
         "the kernel was still running: raise the op-execute timeout (0 = the maximum)"},
        {"workspace", {}, "workspace_init", {"0"}, "zero the workspace before the launch"},
        {"stale", {}, "invalidate", {"true"}, kDcci},
        {"stale", {}, "consumer_dcci", {"true"}, kDcci},
        {"stale", {}, "ready_poll", {"dev", "cached_dcci"},
         "poll with ld_dev, or dcci before each cached load, so the poll sees the store"},
        {"not ordered by synchronisation", {}, "invalidate", {"true"}, kDcci},
    };
    // clang-format on
    return table;
}

// Everything the result says about what went wrong, as one text.
std::string symptoms(const json& result) {
    std::string all = result["outcome"].value("reason", std::string()) + "\n";
    const json& d = result.value("diagnosis", json::object());
    for (const char* key : {"lines", "at_kill", "streams"})
        if (d.contains(key))
            for (const json& line : d[key]) all += line.get<std::string>() + "\n";
    for (const json& c : result.value("checks", json::array()))
        if (!c.value("ok", true)) all += c.dump() + "\n";
    if (result.contains("races")) all += result["races"].dump() + "\n";
    if (result.contains("stale_reads"))
        all += "stale reads: " + result["stale_reads"].dump() + "\n";
    return all;
}

bool resolved(const json& result) {
    if (result["outcome"].value("kind", "") != "completed") return false;
    for (const json& c : result.value("checks", json::array()))
        if (!c.value("ok", true)) return false;
    return true;
}

// A value the workload declares for `param` (its range or choices).
bool allowed(const WorkloadParam& param, const std::string& value) {
    if (!param.choices.empty())
        return std::find(param.choices.begin(), param.choices.end(), value) != param.choices.end();
    if (!std::holds_alternative<std::int64_t>(param.default_value) &&
        !std::holds_alternative<double>(param.default_value))
        return true;
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    return end && *end == '\0' && v >= param.min && v <= param.max;
}

// The parameter as the config's workload declares it (null: no such).
const WorkloadParam* declared(const ExperimentConfig& cfg, const std::string& name) {
    const std::vector<WorkloadParam>* params = cfg.workload_params();
    if (!params) return nullptr;
    for (const WorkloadParam& p : *params)
        if (p.name == name) return &p;
    return nullptr;
}

// A block count every unfinished launch already has (a default of 0 may
// mean "one per core"): proposing it changes nothing.
bool launches_have(const json& result, const std::string& param, const std::string& value) {
    if (param != "block_dim" && param != "spmd") return false;
    const json& launches = result.value("launches_unfinished", json::array());
    if (launches.empty()) return false;
    for (const json& l : launches)
        if (std::to_string(l.value("block_num", std::int64_t{0})) != value) return false;
    return true;
}

std::string platform_arch(const json& result) {
    return result["platform"]["params"]["arch"].value("value", std::string());
}

std::string cores_of_launch(const json& result, const std::string& text) {
    const json& p = result["platform"]["params"];
    const bool vector =
        text.find("AIV") != std::string::npos || text.find("VECTOR") != std::string::npos;
    return p[vector ? "aiv_cores" : "aic_cores"].value("value", std::string("0"));
}

} // namespace

std::vector<FixCandidate> propose_fixes(const ExperimentConfig& cfg, const json& result) {
    std::vector<FixCandidate> out;
    if (resolved(result)) return out;
    const std::string text = symptoms(result);
    for (const FixRule& rule : rules()) {
        if (text.find(rule.symptom) == std::string::npos) continue;
        if (std::any_of(rule.unless.begin(), rule.unless.end(),
                        [&text](const char* u) { return text.find(u) != std::string::npos; }))
            continue;
        const auto param = cfg.params.find(rule.param);
        if (param == cfg.params.end()) continue; // not a knob of this workload
        for (const char* value : rule.values) {
            const std::string v = std::string(value) == "{cores}"  ? cores_of_launch(result, text)
                                  : std::string(value) == "{arch}" ? platform_arch(result)
                                                                   : value;
            if (describe(param->second) == v || launches_have(result, rule.param, v))
                continue; // already so
            const WorkloadParam* decl = declared(cfg, rule.param);
            if (decl && !allowed(*decl, v)) continue; // not a value it takes
            out.push_back({{{"workload.params." + std::string(rule.param), v}}, rule.why});
        }
    }
    return out;
}

json fixes_json(const std::vector<FixCandidate>& fixes) {
    json out = json::array();
    for (const FixCandidate& f : fixes) {
        json sets = json::array();
        for (const auto& [k, v] : f.sets) sets.push_back(k + "=" + v);
        out.push_back({{"set", sets}, {"why", f.why}});
    }
    return out;
}

std::string set_args(const FixCandidate& fix) {
    std::string out;
    for (const auto& [k, v] : fix.sets) out += (out.empty() ? "--set " : " --set ") + k + "=" + v;
    return out;
}

} // namespace syncsim
