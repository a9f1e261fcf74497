#include "driver/study/sensitivity/sensitivity_plan.hpp"

#include <algorithm>
#include <cmath>

namespace syncsim::sensitivity {

using nlohmann::json;

namespace {

// What a rule sees: the baseline run's result and the platform's values.
struct RunFacts {
    const json& result;
    std::map<std::string, std::string> values; // platform path -> value
    double counter(const char* node, const char* key) const {
        const json& n = result.contains(node) ? result[node] : json();
        return n.is_object() && n.contains(key) && n[key].is_number() ? n[key].get<double>() : 0;
    }
    bool flag(const char* node, const char* key) const {
        const json& n = result.contains(node) ? result[node] : json();
        return n.is_object() && n.contains(key) && n[key].is_boolean() && n[key].get<bool>();
    }
    double counter_at(const char* key) const {
        return result.contains(key) && result[key].is_number() ? result[key].get<double>() : 0;
    }
    bool no_ffts_message() const { return counter("ffts", "messages") == 0; }
    // A count summed over the cores' records.
    double over_cores(const char* key) const {
        double sum = 0;
        if (result.contains("cores") && result["cores"].is_array())
            for (const json& core : result["cores"])
                if (core.contains(key) && core[key].is_number()) sum += core[key].get<double>();
        return sum;
    }
};

// A value the model can tell cannot move this run: the rule names the
// mechanism the value times and returns the fact of the baseline run that
// shows the mechanism was not used (or not in the structure the value
// belongs to), or "" when it may have been. A value no rule covers is run
// at both ends.
using WhyNot = std::string (*)(const RunFacts&);

std::string one_die(const RunFacts& f) {
    return f.values.count("die.count") && f.values.at("die.count") == "1"
               ? "the device has one die: nothing crosses a die link"
               : "";
}
std::string no_ld_dev(const RunFacts& f) {
    return f.flag("l2", "uncached_reads_served") ? "" : "the run made no uncached read (ld_dev)";
}
std::string no_ffts(const RunFacts& f) {
    return f.no_ffts_message() ? "the run sent no FFTS message" : "";
}
// A per-message cost of the hub structure the run did not use.
template <const char* kUnused>
std::string other_hub(const RunFacts& f) {
    if (f.no_ffts_message()) return no_ffts(f);
    return f.values.at("ffts.aggregation") == kUnused
               ? std::string("ffts.aggregation is ") + kUnused +
                     ": this cost belongs to the other structure"
               : "";
}
constexpr char kParallel[] = "parallel", kSerial[] = "serial";
std::string no_vector(const RunFacts& f) {
    return f.over_cores("vector_instructions") > 0 ? "" : "the run issued no vector instruction";
}
std::string no_cube(const RunFacts& f) {
    return f.over_cores("cube_instructions") > 0 ? "" : "the run issued no cube instruction";
}
// A result without the count (another kind, an older result) may have used it.
std::string no_aicpu(const RunFacts& f) {
    return f.result.contains("aicpu_launches") && f.counter_at("aicpu_launches") == 0
               ? "the run launched no AICPU kernel"
               : "";
}
std::string no_notify(const RunFacts& f) {
    return f.result.contains("notify_timed_tasks") && f.counter_at("notify_timed_tasks") == 0
               ? "the run recorded and waited on no notify, CntNotify or event"
               : "";
}

const std::pair<const char*, WhyNot> kRules[] = {
    // The AICPU's timings (not aicpu.threads, which refuses a launch, nor
    // aicpu.cond_visible_ns, the cores' COND-register latency it sets).
    {"aicpu.mmio_read_ns", no_aicpu},
    {"aicpu.mmio_write_ns", no_aicpu},
    {"aicpu.dispatch_visible_ns", no_aicpu},
    {"aicpu.gm_store_ns", no_aicpu},
    {"aicpu.loop_ns", no_aicpu},
    {"aicpu.gm_hit_ns", no_aicpu},
    {"aicpu.gm_miss_ns", no_aicpu},
    {"aicpu.sys_counter_read_ns", no_aicpu},
    {"notify.record_cycles", no_notify},
    {"notify.wake_cycles", no_notify},
    {"interconnect.die_hop_cycles", one_die},
    {"die.l2.uncached_read_occupancy_cycles", no_ld_dev},
    {"die.l2.uncached_read_latency_cycles", no_ld_dev},
    {"ffts.signal_cycles", no_ffts},
    {"ffts.hub_die", no_ffts},
    {"ffts.aggregation", no_ffts},
    {"ffts.base_count", no_ffts},
    {"ffts.process_cycles", other_hub<kParallel>},
    {"ffts.deliver_cycles", other_hub<kParallel>},
    {"ffts.aggregate_cycles", other_hub<kSerial>},
    {"ffts.broadcast_cycles", other_hub<kSerial>},
    {"die.cluster.core.vector_head_cycles", no_vector},
    {"die.cluster.core.vector_repeat_cycles", no_vector},
    {"die.cluster.core.cube_head_cycles", no_cube},
    {"die.cluster.core.cube_step_cycles", no_cube},
};

double number_in(const json& row, const std::string& key) {
    if (!row.contains(key) || !row[key].is_number()) return NAN;
    return row[key].get<double>();
}

std::string outcome_of(const json& row) {
    if (row.value("status", "") != "ran") return row.value("status", std::string("missing"));
    return row.value("outcome", std::string("?"));
}

} // namespace

Plan plan(const std::vector<ParamRow>& rows, const json& baseline_result,
          const std::map<std::string, FitRecord>& fits) {
    RunFacts facts{baseline_result, {}};
    for (const ParamRow& row : rows) facts.values[row.path] = row.value;
    Plan p;
    for (const ParamRow& row : rows) {
        const ParamOrigin& o = row.origin;
        if (!o.has_range()) continue;
        if (o.overridden) {
            p.set_by_config.push_back({row.path, "set to " + row.value + " at " + o.set_at});
            continue;
        }
        std::string why_not;
        // One instance's own value (die.1.l2.X) times what its shared leaf does.
        const std::string& leaf = o.instance_of.empty() ? row.path : o.instance_of;
        for (const auto& [path, rule] : kRules)
            if (leaf == path) why_not = rule(facts);
        if (!why_not.empty()) {
            p.cannot_move.push_back({row.path, why_not});
            continue;
        }
        Estimate e{row.path, row.value, o.low, o.high, o.range_why, o.source, row.unit, {}, {}, ""};
        e.low_sets = {{"platform." + row.path, o.low}};
        e.high_sets = {{"platform." + row.path, o.high}};
        const auto fit = fits.find(o.fit);
        const FitParameter* bound = fit == fits.end() ? nullptr : fit->second.parameter(row.path);
        if (bound) {
            // Its ends with the others refit: every value of the refit point.
            const auto refit = [&](const char* end, auto& sets, std::string& text) {
                const FitRefit* r = fit->second.refit(row.path, end);
                if (!r) return;
                sets.clear();
                for (const auto& [path, value] : r->values)
                    sets.push_back({"platform." + path, value});
                text = r->values.at(row.path);
            };
            refit("low", e.low_sets, e.low);
            refit("high", e.high_sets, e.high);
            e.refit_from = o.fit;
        }
        p.to_run.push_back(e);
    }
    return p;
}

double MetricValues::swing() const {
    double lo = INFINITY, hi = -INFINITY;
    int numbers = 0;
    for (double v : {low, base, high})
        if (!std::isnan(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
            ++numbers;
        }
    return numbers < 2 ? 0 : hi - lo;
}

bool Effect::flips() const {
    // What a run that reached an outcome ends as; the others are statuses.
    static const char* const kNoResult[] = {"impossible", "failed", "timeout", "not_run",
                                            "missing"};
    const auto outcome = [](const std::string& o) {
        return std::find(std::begin(kNoResult), std::end(kNoResult), o) == std::end(kNoResult);
    };
    return (outcome(outcome_low) && outcome_low != outcome_base) ||
           (outcome(outcome_high) && outcome_high != outcome_base);
}

bool Effect::moved() const {
    if (flips()) return true;
    for (const auto& [name, m] : metrics)
        if (m.swing() > 0) return true;
    return false;
}

std::vector<std::string> row_metrics(const json& row) {
    std::vector<std::string> names;
    for (const char* fixed : {"latency_median_ns", "latency_p99_ns", "sim_time_ns"})
        if (!std::isnan(number_in(row, fixed))) names.push_back(fixed);
    for (const auto& [key, value] : row.items()) // streamN_end_ns, streamN_task_ns
        if (key.rfind("stream", 0) == 0 && value.is_number()) names.push_back(key);
    return names;
}

Effect effect_of(const Estimate& e, const json& low_row, const json& base_row, const json& high_row,
                 const std::vector<std::string>& metrics) {
    Effect effect;
    effect.estimate = e;
    effect.outcome_low = outcome_of(low_row);
    effect.outcome_base = outcome_of(base_row);
    effect.outcome_high = outcome_of(high_row);
    for (const auto* row : {&low_row, &high_row})
        if (row->value("status", "") != "ran")
            effect.failed += (effect.failed.empty() ? "" : "; ") +
                             std::string(row == &low_row ? "low: " : "high: ") +
                             row->value("reason", std::string("no result"));
    for (const std::string& m : metrics)
        effect.metrics[m] = {number_in(low_row, m), number_in(base_row, m), number_in(high_row, m)};
    return effect;
}

void rank(std::vector<Effect>& effects, const std::vector<std::string>& metrics) {
    const auto swing = [](const Effect& e, const std::string& metric) {
        const auto it = e.metrics.find(metric);
        return it == e.metrics.end() ? 0.0 : it->second.swing();
    };
    std::stable_sort(effects.begin(), effects.end(), [&](const Effect& a, const Effect& b) {
        if (a.flips() != b.flips()) return a.flips();
        if (a.moved() != b.moved()) return a.moved();
        for (const std::string& m : metrics) // a tie on one metric goes to the next
            if (swing(a, m) != swing(b, m)) return swing(a, m) > swing(b, m);
        return a.estimate.path < b.estimate.path;
    });
}

} // namespace syncsim::sensitivity
