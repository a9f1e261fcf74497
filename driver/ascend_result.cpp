// The Ascend result's sections, built from the models' reports after a run.
#include "driver/ascend_result.hpp"

#include "driver/run_common.hpp"
#include "driver/stats_json.hpp"
#include "models/runtime/host_runtime.hpp"
#include "models/runtime/host_stats.hpp"
#include "platforms/ascend_device.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace syncsim {

using nlohmann::json;

json core_json(const CoreReport& r) {
    json j = {{"core", r.name},
              {"type", to_string(r.type)},
              {"die", r.die},
              {"state", to_string(r.state)},
              {"kernel", r.kernel},
              {"block", r.block_idx},
              {"launch", r.launch_id},
              {"blocks_run", r.blocks_run},
              {"intrinsics", r.intrinsics},
              {"last_intrinsic", r.last_intrinsic},
              {"barrier_rounds", r.barrier_rounds},
              {"finished_ps", to_ps(r.finished_at)},
              {"cache",
               {{"hits", r.cache_hits}, {"misses", r.cache_misses}, {"writebacks", r.writebacks}}}};
    if (!r.waiting_on.empty()) j["waiting_on"] = r.waiting_on;
    if (r.fault) j["fault"] = *r.fault;
    if (r.polls) j["polls"] = r.polls;
    if (!r.poll_timeouts.empty()) {
        json t = json::array();
        for (const auto& p : r.poll_timeouts)
            t.push_back({{"time_ps", to_ps(p.at)},
                         {"round", p.round},
                         {"addr", p.addr},
                         {"value", p.value},
                         {"target", p.target},
                         {"polls", p.polls}});
        j["poll_timeouts"] = t;
    }
    json pipes = json::array();
    for (const auto& p : r.busy_pipes) {
        json pj = {{"pipe", to_string(p.pipe)},
                   {"executing", p.current ? p.current : "(between ops)"},
                   {"queued", p.queued}};
        if (!p.blocked_on.empty()) pj["blocked_on"] = p.blocked_on;
        pipes.push_back(pj);
    }
    if (!pipes.empty()) j["pipes"] = pipes;
    return j;
}

namespace {

json rounds_json(const std::vector<RoundRow>& rows, const std::vector<std::string>& core_names) {
    json out = json::array();
    for (const auto& r : rows) {
        json j = {{"launch", r.launch},
                  {"round", r.round},
                  {"cores", r.count},
                  {"released", r.released},
                  {"first_arrival_ps", r.first_arrival},
                  {"last_arrival_ps", r.last_arrival},
                  {"released_early", r.early}};
        json per_core = json::array();
        for (const auto& c : r.cores) {
            // Member by member: an initializer list copies each value twice.
            json cj(json::value_t::object);
            cj["core"] = core_names[static_cast<std::size_t>(c.core)];
            cj["arrived_ps"] = c.arrived_ps;
            if (c.has_release) cj["released_ps"] = c.released_ps;
            per_core.push_back(std::move(cj));
        }
        j["per_core"] = std::move(per_core);
        if (r.complete()) {
            j["first_release_ps"] = r.first_release;
            j["last_release_ps"] = r.last_release;
            j["latency_ps"] = r.latency();
            j["release_skew_ps"] = r.release_skew();
        }
        out.push_back(std::move(j));
    }
    return out;
}

// A distribution's figures; "estimated" says the median and p99 come from
// its buckets (ValueDistribution: within 0.5 %), not from exact counts.
json distribution_json(const ValueDistribution& d) {
    return {{"min", d.min()},
            {"median", d.median()},
            {"p99", d.percentile(99)},
            {"max", d.max()},
            {"estimated", d.estimated()}};
}

// Over every round, listed or not.
json round_stats_json(const RoundLedger& ledger) {
    const RoundStats& s = ledger.stats();
    json j = {{"rounds", s.rounds},
              {"complete", s.complete},
              {"listed", ledger.listed().size()},
              {"left_out", ledger.left_out()},
              {"released_early", s.released_early}};
    if (s.complete) {
        j["latency_ps"] = distribution_json(s.latency);
        j["release_skew_ps"] = distribution_json(s.release_skew);
    }
    return j;
}

// Cores that ran or hold a block; those still holding one are stuck; the
// others finished, and each type's last finish is kept.
void core_sections(const std::vector<CoreReport>& reports, json& out) {
    json stuck = json::array(), cores = json::array(), poll_timeouts = json::array();
    std::map<std::string, std::pair<std::uint64_t, int>> finish; // type -> (max ps, cores)
    for (const auto& r : reports) {
        for (const auto& p : r.poll_timeouts) {
            poll_timeouts.push_back({{"core", r.name},
                                     {"time_ps", to_ps(p.at)},
                                     {"round", p.round},
                                     {"value", p.value},
                                     {"target", p.target},
                                     {"polls", p.polls},
                                     {"context", p.context}});
            if (p.slots) poll_timeouts.back()["slots"] = p.slots;    // value: how many were ready
            if (p.slot_sum) poll_timeouts.back()["slot_sum"] = true; // value: their sum
        }
        if (r.blocks_run == 0 && !r.has_block) continue;
        cores.push_back(core_json(r));
        if (r.has_block) {
            stuck.push_back(core_json(r));
        } else {
            auto& f = finish[to_string(r.type)];
            f.first = std::max(f.first, to_ps(r.finished_at));
            ++f.second;
        }
    }
    json finish_json = json::object();
    for (const auto& [type, f] : finish)
        finish_json[type] = {{"last_ps", f.first}, {"cores", f.second}};
    out["stuck"] = stuck;
    out["cores"] = cores;
    out["poll_timeouts"] = poll_timeouts;
    out["finish"] = finish_json;
}

} // namespace

json ascend_sections(const Platform& platform, AscendDevice& device, const HostRuntime& host,
                     const std::vector<CoreReport>& reports) {
    json out = json::object();
    out["platform"] = platform_json(platform);
    core_sections(reports, out);
    StatsRegistry stats = device.stats();
    const StatsGroup host_group = host_stats(host);
    stats.add(host_group);
    write_stats(stats, out);
    out["events"]["delta_cycles"] = sc_core::sc_delta_count();
    std::vector<std::string> core_names(reports.size());
    for (const AiCore* core : device.all_cores())
        core_names[static_cast<std::size_t>(core->config().soc_core_id)] = core->basename();
    out["rounds"] = rounds_json(device.rounds().listed(), core_names);
    out["round_stats"] = round_stats_json(device.rounds());
    out["watchdog"] = watchdog_json(device.scheduler());
    return out;
}

} // namespace syncsim
