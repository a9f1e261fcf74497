#include "driver/run.hpp"
#include "driver/run_common.hpp"
#include "driver/utf8.hpp"

#include "models/runtime/host_runtime.hpp"
#include "models/trace/soc_tracer.hpp"
#include "models/trace/timeline.hpp"
#include "platforms/soc.hpp"
#include "workloads/default_host.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <sstream>

namespace syncsim {

using nlohmann::json;

json core_json(const CoreReport& r) {
    json j = {{"core", r.name},
              {"type", to_string(r.type)},
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

std::string stuck_line(const CoreReport& r) {
    std::ostringstream os;
    os << r.name << " (" << r.kernel << " block " << r.block_idx << ", " << r.intrinsics
       << " intrinsics, last " << r.last_intrinsic;
    if (r.barrier_rounds) os << ", in barrier round " << r.barrier_rounds;
    os << "): " << to_string(r.state);
    if (!r.waiting_on.empty()) os << " on " << r.waiting_on;
    for (const auto& p : r.busy_pipes) {
        os << "; " << to_string(p.pipe) << " executing " << (p.current ? p.current : "-");
        if (!p.blocked_on.empty()) os << ", blocked on " << p.blocked_on;
        if (p.queued) os << ", " << p.queued << " queued";
    }
    return os.str();
}

// Per barrier round across cores: when the first core arrived, the last
// arrived, the first and the last were released.
struct RoundRow {
    std::uint64_t launch;
    std::uint32_t round;
    std::uint64_t first_arrival = ~0ull, last_arrival = 0, first_release = ~0ull, last_release = 0;
    int count = 0, released = 0;
    int early = 0; // released before the round's last arrival
    struct CoreTimes {
        std::string core;
        std::uint64_t arrived, released;
        bool has_release;
    };
    std::vector<CoreTimes> cores;
};

std::vector<RoundRow> round_table(const std::vector<CoreReport>& reports) {
    std::map<std::pair<std::uint64_t, std::uint32_t>, RoundRow> rows;
    for (const auto& r : reports)
        for (const RoundMark& m : r.rounds) {
            RoundRow& row = rows[{m.launch_id, m.round}];
            row.launch = m.launch_id;
            row.round = m.round;
            ++row.count;
            row.first_arrival = std::min(row.first_arrival, to_ps(m.arrived));
            row.last_arrival = std::max(row.last_arrival, to_ps(m.arrived));
            row.cores.push_back({r.name, to_ps(m.arrived), to_ps(m.released), m.has_release});
            if (m.has_release) {
                ++row.released;
                row.first_release = std::min(row.first_release, to_ps(m.released));
                row.last_release = std::max(row.last_release, to_ps(m.released));
            }
        }
    for (const auto& r : reports)
        for (const RoundMark& m : r.rounds) {
            RoundRow& row = rows[{m.launch_id, m.round}];
            if (m.has_release && to_ps(m.released) < row.last_arrival) ++row.early;
        }
    std::vector<RoundRow> out;
    for (const auto& kv : rows) out.push_back(kv.second);
    return out;
}

json rounds_json(const std::vector<RoundRow>& rows) {
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
            json cj = {{"core", c.core}, {"arrived_ps", c.arrived}};
            if (c.has_release) cj["released_ps"] = c.released;
            per_core.push_back(cj);
        }
        j["per_core"] = per_core;
        if (r.released == r.count && r.count > 0) {
            j["first_release_ps"] = r.first_release;
            j["last_release_ps"] = r.last_release;
            j["latency_ps"] = r.last_release - r.first_arrival;
            j["release_skew_ps"] = r.last_release - r.first_release;
        }
        out.push_back(j);
    }
    return out;
}

RunReport run_experiment(const ExperimentConfig& cfg, const RunOptions& options) {
    if (cfg.vortex) return run_vortex_experiment(cfg, options);
    configure_systemc_reports();
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    arm_run_bounds(cfg);

    const auto& registry = WorkloadRegistry::builtin();
    SimOptions sim_options;
    sim_options.fast_poll = cfg.fast_poll;
    Soc soc(cfg.platform, sim_options);
    auto params = std::make_shared<const ParamMap>(cfg.params);
    HostProgram program;
    if (!cfg.host.empty()) {
        program = registry.host(cfg.host)->fn;
    } else {
        const LaunchConfig& l = *cfg.launch;
        program = default_host_program(
            *registry.kernel(cfg.kernel),
            {l.block_dim, l.target, l.flavour, l.meta, l.meta_aic, l.meta_aiv, l.defines},
            cfg.params);
    }
    KernelLookup lookup = [&registry](const std::string& name) -> KernelFn {
        const KernelEntry* k = registry.kernel(name);
        return k ? k->fn : nullptr;
    };
    const Platform& p = cfg.platform;
    HostRuntime host("host", program, lookup, params, device_info(p), soc.gm(), kGmBase,
                     static_cast<std::uint64_t>(p.hbm_bytes), soc.scheduler(), soc.notifies(),
                     soc.clock(), p.launch_overhead_cycles);

    if (p.ffts_base_addr_required) host.set_c2c_ctrl_addr(FftsHub::kBaseAddress);

    std::unique_ptr<SocTracer> tracer;
    std::unique_ptr<TimelineRecorder> timeline;
    TraceFanout fanout;
    const std::string vcd = options.vcd_path.empty() ? cfg.vcd : options.vcd_path;
    if (!vcd.empty()) {
        tracer = std::make_unique<SocTracer>(vcd, soc.all_cores(), soc.gm());
        host.set_word_tracer(tracer.get());
        soc.ffts().set_tracer(tracer.get());
        soc.notifies().set_tracer(tracer.get());
        SocTracer* t = tracer.get();
        soc.l2().set_write_observer(
            [t](std::uint64_t a, std::uint64_t n) { t->memory_written(a, n); });
        fanout.add(tracer.get(), tracer.get());
    }
    if (!options.timeline_path.empty()) {
        timeline = std::make_unique<TimelineRecorder>(soc.all_cores());
        fanout.add(timeline.get(), timeline.get());
    }
    if (tracer || timeline) {
        for (AiCore* core : soc.all_cores()) core->set_tracer(&fanout);
        host.set_stream_tracer(&fanout);
    }

    const auto wall_start = std::chrono::steady_clock::now();
    sc_core::sc_start(sc_core::sc_time(static_cast<double>(cfg.sim_time_limit_ps), sc_core::SC_PS),
                      sc_core::SC_EXIT_ON_STARVATION);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    bool polling = false; // a core asleep in a fast-forwarded poll would still be spinning
    for (AiCore* core : soc.all_cores()) polling = polling || core->asleep_in_poll();
    const bool starved = !sc_core::sc_pending_activity() && !polling;
    // A run that does not finish ends at the limit; spinning and fast-forwarded
    // polls then agree on what happened by that time.
    const bool limited = !host.finished() && !Activity::limit_reached() && !starved;
    const std::uint64_t end_ps = limited ? cfg.sim_time_limit_ps : to_ps(sc_core::sc_time_stamp());
    const sc_core::sc_time end_time(static_cast<double>(end_ps), sc_core::SC_PS);

    // ---- classify the end of the run
    std::string outcome, reason;
    if (Activity::limit_reached()) {
        std::tie(outcome, reason) = bound_outcome(cfg);
    } else if (host.finished()) {
        if (host.error()) {
            outcome = "host_error";
            reason = *host.error();
        } else if (!host.faults().empty()) {
            outcome = "fault";
            reason = host.faults().front();
        } else {
            outcome = "completed";
            reason = "the host program returned and every stream drained";
        }
    } else if (limited) {
        outcome = "time_limit";
        reason = "simulated-time limit " + format_time(cfg.sim_time_limit_ps) +
                 " reached while the model was still active";
    } else {
        outcome = "deadlock";
        reason = "no event is left to happen, yet the host waits on " + host.waiting_on();
        for (const auto& st : host.streams())
            if (!st->waiting_on().empty())
                reason += "; stream " + std::to_string(st->id()) + " waits in " + st->waiting_on();
    }

    std::vector<CoreReport> reports;
    for (AiCore* core : soc.all_cores()) reports.push_back(core->report(end_time));
    json poll_timeouts = json::array();
    for (const auto& r : reports)
        for (const auto& p : r.poll_timeouts)
            poll_timeouts.push_back({{"core", r.name},
                                     {"time_ps", to_ps(p.at)},
                                     {"round", p.round},
                                     {"value", p.value},
                                     {"target", p.target},
                                     {"polls", p.polls}});
    std::vector<std::string> stuck_names;
    json stuck = json::array(), cores = json::array();
    std::map<std::string, std::pair<std::uint64_t, int>> finish; // type -> (max ps, cores)
    for (const auto& r : reports) {
        if (r.blocks_run == 0 && !r.has_block) continue;
        cores.push_back(core_json(r));
        if (r.has_block) {
            stuck_names.push_back(r.name);
            stuck.push_back(core_json(r));
        } else {
            auto& f = finish[to_string(r.type)];
            f.first = std::max(f.first, to_ps(r.finished_at));
            ++f.second;
        }
    }
    std::sort(stuck_names.begin(), stuck_names.end());

    json streams = json::array();
    for (const auto& s : host.streams()) {
        json sj = {{"stream", s->id()},
                   {"state", to_string(s->state())},
                   {"running", s->current_task()},
                   {"pending", s->pending()},
                   {"completed", s->completed()},
                   {"skipped", s->skipped()},
                   {"last_task", s->last_task()}};
        if (!s->waiting_on().empty()) sj["waiting_on"] = s->waiting_on();
        if (s->event_notify_id) sj["event_cnt_notify_id"] = *s->event_notify_id;
        streams.push_back(sj);
    }
    json cnt_waits = json::array();
    for (const auto& w : soc.notifies().wait_releases())
        cnt_waits.push_back({{"id", w.id},
                             {"satisfied_ps", to_ps(w.satisfied)},
                             {"released_ps", to_ps(w.released)},
                             {"latency_ps", to_ps(w.released) - to_ps(w.satisfied)}});
    json cnt_notifies = json::array();
    for (const auto& c : host.cnt_notifies())
        cnt_notifies.push_back({{"id", c.id}, {"count", c.count}, {"destroyed", c.destroyed}});
    json launches = json::array();
    for (const auto& l : soc.scheduler().active_launches())
        launches.push_back({{"launch", l.launch_id},
                            {"kernel", l.kernel},
                            {"kernel_type", l.kernel_type},
                            {"block_num", l.block_num},
                            {"blocks_dispatched", l.blocks_dispatched},
                            {"cores_running", l.cores_running},
                            {"waiting_for", l.waiting_for}});
    json checks = json::array();
    for (const auto& c : host.checks())
        checks.push_back({{"name", c.name}, {"ok", c.ok}, {"detail", c.detail}});

    const WordReader read_word = [&host](const std::string& buffer, std::uint64_t word,
                                         std::int32_t* v) -> std::string {
        const auto& bufs = host.buffers();
        auto it = std::find_if(bufs.begin(), bufs.end(),
                               [&](const GmBuffer& b) { return b.name == buffer; });
        if (it == bufs.end()) return "the workload allocated no buffer '" + buffer + "'";
        if ((word + 1) * 4 > it->bytes)
            return "word " + std::to_string(word) + " is past the end of " + buffer;
        host.read_gm(it->addr + word * 4, v, 4);
        return "";
    };
    require_declared_checks(
        host.checks(), cfg.host.empty() ? default_host_checks() : registry.host(cfg.host)->checks,
        cfg.host.empty() ? cfg.kernel : cfg.host);
    const ExpectationCheck expectation = check_expectation(cfg, outcome, host.checks(), read_word,
                                                           stuck_names, poll_timeouts.size());
    const std::vector<RoundRow> rounds = round_table(reports);
    if (tracer) {
        std::vector<std::uint64_t> last_arrivals;
        for (const auto& r : rounds) last_arrivals.push_back(r.last_arrival);
        std::sort(last_arrivals.begin(), last_arrivals.end());
        tracer->finish(end_ps, last_arrivals);
    }
    if (timeline) timeline->write(options.timeline_path, end_ps);
    FftsHub& ffts = soc.ffts();
    auto records = [](const std::vector<FftsRecord>& list) {
        json out = json::array();
        for (std::size_t i = 0; i < list.size() && i < 100; ++i)
            out.push_back(
                {{"time_ps", list[i].time_ps}, {"core", list[i].core}, {"what", list[i].what}});
        return out;
    };
    const L2Stats& l2 = soc.l2().stats();

    RunReport report;
    report.outcome = outcome;
    report.expectation_met = expectation.met;
    report.wall_seconds = wall;
    report.events = Activity::resumptions();
    json finish_json = json::object();
    for (const auto& [type, f] : finish)
        finish_json[type] = {{"last_ps", f.first}, {"cores", f.second}};
    report.result = {
        {"syncsim", SYNCSIM_VERSION},
        {"config", config_json(cfg)},
        {"platform", platform_json(cfg.platform, platform_params())},
        {"outcome", {{"kind", outcome}, {"reason", reason}}},
        {"expectation", {{"met", expectation.met}, {"checks", expectation.details}}},
        {"time",
         {{"end_ps", end_ps}, {"host_done_ps", host.finished() ? to_ps(host.finished_at()) : 0}}},
        {"finish", finish_json},
        {"stuck", stuck},
        {"host", {{"finished", host.finished()}, {"waiting_on", host.waiting_on()}}},
        {"streams", streams},
        {"launches_unfinished", launches},
        {"checks", checks},
        {"cnt_notifies", cnt_notifies},
        {"cnt_notify_waits", cnt_waits},
        {"runtime_log", host.runtime_log()},
        {"faults", host.faults()},
        {"cores", cores},
        {"rounds", rounds_json(rounds)},
        {"poll_timeouts", poll_timeouts},
        {"ffts",
         {{"messages", ffts.messages()},
          {"dropped_count", ffts.dropped().size()},
          {"dropped", records(ffts.dropped())},
          {"hardware_errors", records(ffts.hardware_errors())}}},
        {"l2",
         {{"reads", l2.reads},
          {"writes", l2.writes},
          {"atomics", l2.atomics},
          {"misses", l2.misses},
          {"queue_cycles", l2.queue_cycles},
          {"max_queue_cycles", l2.max_queue_cycles}}},
        {"events",
         {{"process_resumptions", report.events}, {"delta_cycles", sc_core::sc_delta_count()}}},
    };

    // ---- human summary
    std::ostringstream s;
    s << "syncsim " << SYNCSIM_VERSION << "  " << cfg.file << "\n";
    s << "platform   " << p.name << " (" << p.soc_version << ", " << p.arch << ", " << p.aic_cores
      << " AIC + " << p.aiv_cores << " AIV @ " << p.clock_mhz << " MHz)\n";
    s << "workload   " << (cfg.host.empty() ? "kernel " + cfg.kernel : "host " + cfg.host);
    if (cfg.launch) s << " <<<" << cfg.launch->block_dim << ">>> " << cfg.launch->target;
    s << "\n";
    s << "outcome    " << outcome << ": " << reason << "\n";
    s << "simulated  " << format_time(end_ps) << "\n";
    for (const char* type : {"aic", "aiv"}) {
        auto it = finish.find(type);
        s << "finished   " << type << ": ";
        if (it == finish.end())
            s << "-\n";
        else
            s << it->second.second << " cores, last at " << format_time(it->second.first) << "\n";
    }
    summarize_checks(s, host.checks());
    if (!stuck_names.empty()) {
        s << "not done   " << stuck_names.size() << " core(s):\n";
        std::size_t shown = 0;
        for (const auto& r : reports)
            if (r.has_block && shown++ < 12) s << "  " << stuck_line(r) << "\n";
        if (stuck_names.size() > 12)
            s << "  ... and " << stuck_names.size() - 12 << " more (JSON has all)\n";
        for (const auto& l : soc.scheduler().active_launches()) {
            s << "  launch " << l.launch_id << " " << l.kernel << ": " << l.blocks_dispatched << "/"
              << l.block_num << " blocks dispatched, " << l.cores_running << " cores running";
            if (!l.waiting_for.empty()) s << "; " << l.waiting_for;
            s << "\n";
        }
        for (const auto& st : host.streams())
            if (!st->current_task().empty())
                s << "  stream " << st->id() << " running: " << st->current_task() << "\n";
        if (!host.waiting_on().empty()) s << "  host waits in " << host.waiting_on() << "\n";
    }
    for (const auto& f : host.faults()) s << "fault      " << f << "\n";
    for (const auto& line : host.runtime_log()) s << "runtime    " << line << "\n";
    if (!host.cnt_notifies().empty()) {
        s << "cntnotify ";
        int shown = 0;
        for (const auto& c : host.cnt_notifies())
            if (shown++ < 16)
                s << " id " << c.id << "=" << c.count << (c.destroyed ? " (destroyed)" : "");
        if (shown > 16) s << " ... (" << shown << " in all)";
        s << "\n";
    }
    if (host.streams().size() > 1 || !host.streams().front()->last_task().empty())
        for (const auto& st : host.streams()) {
            s << "stream " << st->id() << "   " << to_string(st->state()) << ", " << st->completed()
              << " task(s) done";
            if (st->skipped()) s << ", " << st->skipped() << " not run after an error";
            if (!st->waiting_on().empty())
                s << ", waiting in " << st->waiting_on();
            else if (!st->last_task().empty())
                s << ", last: " << st->last_task();
            s << "\n";
        }
    if (!rounds.empty()) {
        std::vector<std::uint64_t> lat;
        for (const auto& r : rounds)
            if (r.released == r.count) lat.push_back(r.last_release - r.first_arrival);
        s << "rounds     " << rounds.size() << " barrier round(s), " << lat.size() << " complete";
        if (!lat.empty()) {
            std::sort(lat.begin(), lat.end());
            s << "; latency (first arrival to last release) min " << format_time(lat.front())
              << ", median " << format_time(lat[lat.size() / 2]) << ", max "
              << format_time(lat.back());
        }
        s << "\n";
        for (std::size_t i = 0; i < rounds.size() && i < 4; ++i) {
            const RoundRow& r = rounds[i];
            s << "  round " << r.round << ": " << r.count << " cores, arrivals "
              << format_time(r.first_arrival) << " .. " << format_time(r.last_arrival);
            if (r.released == r.count)
                s << ", releases " << format_time(r.first_release) << " .. "
                  << format_time(r.last_release) << ", latency "
                  << format_time(r.last_release - r.first_arrival);
            else
                s << ", " << r.count - r.released << " never released";
            if (r.early) s << "; " << r.early << " released before the last arrival";
            s << "\n";
        }
    }
    if (!poll_timeouts.empty()) {
        s << "polls      " << poll_timeouts.size() << " poll loop(s) gave up at their limit\n";
        for (std::size_t i = 0; i < poll_timeouts.size() && i < 4; ++i) {
            const json& p = poll_timeouts[i];
            s << "  " << p["core"].get<std::string>() << " round " << p["round"].get<int>()
              << ": counter " << p["value"].get<std::int64_t>() << ", target "
              << p["target"].get<std::int64_t>() << ", after " << p["polls"].get<std::uint64_t>()
              << " polls at " << format_time(p["time_ps"].get<std::uint64_t>()) << "\n";
        }
    }
    if (ffts.messages() || !ffts.dropped().empty())
        s << "ffts       " << ffts.messages() << " messages, " << ffts.dropped().size()
          << " dropped, " << ffts.hardware_errors().size() << " hardware errors\n";
    if (!ffts.dropped().empty())
        s << "  first drop: " << ffts.dropped().front().core << ": " << ffts.dropped().front().what
          << "\n";
    for (std::size_t i = 0; i < ffts.hardware_errors().size() && i < 4; ++i)
        s << "  hardware error: " << ffts.hardware_errors()[i].core << ": "
          << ffts.hardware_errors()[i].what << "\n";
    summarize_expectation(s, expectation);
    s << "events     " << report.events << " kernel events\n";
    report.summary = s.str();
    report.timing_summary = timing_line(wall, report.events);
    report.verdict = verdict_line(expectation);
    make_valid_utf8(report.result);
    end_processes();
    return report;
}

} // namespace syncsim
