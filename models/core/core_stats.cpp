#include "models/core/core_stats.hpp"

#include "models/core/culprit.hpp"

#include "models/systemc/simulation_time.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

namespace syncsim {

namespace {

ReportValue poll_timeout_record(const PollTimeout& p) {
    return record()
        .with("time_ps", to_ps(p.at))
        .with("round", p.round)
        .with("addr", std::uint64_t{p.addr})
        .with("value", p.value)
        .with("target", p.target)
        .with("polls", p.polls);
}

bool ran(const CoreReport& r) {
    return r.blocks_run != 0 || r.has_block;
}

std::string stuck_line(const CoreReport& r) {
    std::ostringstream os;
    os << r.name << " (" << r.kernel << " block " << r.block_idx << ", " << r.intrinsics
       << " intrinsics, last " << r.last_intrinsic;
    if (r.barrier_rounds) os << ", in barrier round " << r.barrier_rounds;
    os << "): " << to_string(r.state);
    if (!r.waiting_on.empty()) os << " on " << r.waiting_on;
    for (const PipeReport& p : r.busy_pipes) {
        os << "; " << to_string(p.pipe) << " executing " << (p.current ? p.current : "-");
        if (!p.blocked_on.empty()) os << ", blocked on " << p.blocked_on;
        if (p.queued) os << ", " << p.queued << " queued";
    }
    return os.str();
}

// Each type's last finish and how many cores of it finished.
std::map<std::string, std::pair<std::uint64_t, std::int64_t>>
finishes(const std::vector<CoreReport>& reports) {
    std::map<std::string, std::pair<std::uint64_t, std::int64_t>> finish;
    for (const CoreReport& r : reports)
        if (ran(r) && !r.has_block) {
            auto& f = finish[to_string(r.type)];
            f.first = std::max(f.first, to_ps(r.finished_at));
            ++f.second;
        }
    return finish;
}

// A soft barrier's N as each core type computed it (its polls' participants).
using BarrierNs = std::map<std::string, std::set<std::int64_t>>;
BarrierNs barrier_ns(const std::vector<CoreReport>& reports) {
    BarrierNs n;
    for (const CoreReport& r : reports)
        if (r.last_barrier_n) n[to_string(r.type)].insert(r.last_barrier_n);
    return n;
}
bool ns_disagree(const BarrierNs& n) {
    std::set<std::int64_t> all;
    for (const auto& [type, values] : n) all.insert(values.begin(), values.end());
    return all.size() > 1;
}

void summarize_polls(SummaryOut& out, const std::vector<CoreReport>& reports) {
    std::vector<std::pair<const CoreReport*, const PollTimeout*>> timeouts;
    for (const CoreReport& r : reports)
        for (const PollTimeout& p : r.poll_timeouts) timeouts.push_back({&r, &p});
    if (timeouts.empty()) return;
    std::ostream& s = out.os();
    s << "polls      " << timeouts.size() << " poll loop(s) gave up at their limit\n";
    for (std::size_t i = 0; i < timeouts.size() && i < 4; ++i) {
        const PollTimeout& p = *timeouts[i].second;
        s << "  " << timeouts[i].first->name << " round " << p.round << ": ";
        if (p.slot_sum)
            s << "sum " << p.value << " of " << p.slots << " slots, target " << p.target;
        else if (p.slots)
            s << p.value << " of " << p.slots << " slots at " << p.target;
        else
            s << "counter " << p.value << ", target " << p.target;
        s << ", after " << p.polls << " polls at " << format_time(to_ps(p.at));
        if (!p.context.empty()) s << " (" << p.context << ")";
        s << "\n";
    }
    out.left_out(timeouts.size(), 4, "poll timeouts");
    const BarrierNs n = barrier_ns(reports);
    if (n.empty()) return;
    s << "  soft-barrier N as each side computed it:";
    for (const auto& [type, values] : n) {
        s << " " << type;
        for (std::int64_t v : values) s << " " << v;
    }
    s << "\n";
}

// A soft barrier whose participants computed different N (a Mix side
// counting its own cores) can complete and pass its checks while releasing
// some early: said whenever it happens, not only when a poll gives up.
void summarize_disagreeing_ns(SummaryOut& out, const std::vector<CoreReport>& reports) {
    const BarrierNs n = barrier_ns(reports);
    if (!ns_disagree(n)) return;
    for (const CoreReport& r : reports) // the polls or the culprit lines say it
        if (!r.poll_timeouts.empty() || r.has_block) return;
    out.os() << "barrier N  the participants computed different N:";
    const char* sep = " ";
    for (const auto& [type, values] : n) {
        out.os() << sep << type;
        for (std::int64_t v : values) out.os() << " " << v;
        sep = ", ";
    }
    out.os() << " (each side counts its own; releases may come before the last arrival)\n";
}

// A core that faulted in a launch whose other cores still wait: its fault
// is why they wait, and the launch, never ending, reports no fault line.
void summarize_faulted_siblings(SummaryOut& out, const std::vector<CoreReport>& reports) {
    std::set<std::uint64_t> waiting;
    for (const CoreReport& r : reports)
        if (r.has_block) waiting.insert(r.launch_id);
    std::size_t faulted = 0;
    for (const CoreReport& r : reports) {
        if (!r.fault || !waiting.count(r.launch_id) || ++faulted > 4) continue;
        out.os() << "  " << r.name << " faulted in the same launch (block " << r.block_idx
                 << "): " << *r.fault << "\n";
    }
    out.left_out(faulted, std::min<std::size_t>(faulted, 4), "faulted cores");
}

// Where the cores of each type spent the time they held a block, summed:
// running; waiting on another agent (a cross-core flag, a notify); polling a
// GM word; blocked on the core's own pipes or write buffer (pipe_barrier,
// wait_flag, dsb). Nothing for a type with no such time.
void summarize_stalls(SummaryOut& out, const std::vector<CoreReport>& reports) {
    static const char* const kWhat[] = {"running", "waiting on others", "polling GM",
                                        "blocked on own pipes"};
    for (const char* type : {"aic", "aiv"}) {
        std::array<double, std::size(kBusyStates)> sum{};
        std::size_t cores = 0;
        for (const CoreReport& r : reports) {
            if (to_string(r.type) != std::string(type)) continue;
            double busy = 0;
            for (std::size_t i = 0; i < sum.size(); ++i) {
                const double ps = double(r.time_in_ps[static_cast<std::size_t>(kBusyStates[i])]);
                sum[i] += ps;
                busy += ps;
            }
            cores += busy > 0 ? 1 : 0; // a core that never held a block is not counted
        }
        double total = 0;
        for (double v : sum) total += v;
        if (total <= 0) continue;
        std::ostringstream line; // its number format stays here
        line << "stalls     " << type << " (" << cores << " cores' time holding a block):";
        for (std::size_t i = 0; i < sum.size(); ++i)
            line << (i ? ", " : " ") << kWhat[i] << " " << std::fixed << std::setprecision(1)
                 << 100.0 * sum[i] / total << "%";
        out.os() << line.str() << "\n";
    }
}

void declare_summary(StatsGroup& g, const std::vector<CoreReport>* reports) {
    g.summary(SummaryPart::Finish, [reports](SummaryOut& out) {
        const auto finish = finishes(*reports);
        for (const char* type : {"aic", "aiv"}) {
            out.os() << "finished   " << type << ": ";
            const auto it = finish.find(type);
            if (it == finish.end())
                out.os() << "-\n";
            else
                out.os() << it->second.second << " cores, last at " << format_time(it->second.first)
                         << "\n";
        }
        summarize_stalls(out, *reports);
    });
    g.summary(SummaryPart::Culprit, [reports](SummaryOut& out) {
        const CulpritReport c = find_culprits(*reports);
        for (std::size_t i = 0; i < c.culprits.size() && i < 8; ++i)
            out.os() << "culprit    " << c.culprits[i] << "\n";
        out.left_out(c.culprits.size(), 8, "cores that did not arrive");
    });
    g.summary(SummaryPart::NotDone, [reports](SummaryOut& out) {
        std::size_t stuck = 0;
        for (const CoreReport& r : *reports) stuck += r.has_block ? 1 : 0;
        if (stuck == 0) return;
        out.open(SummaryPart::NotDone);
        out.os() << "not done   " << stuck << " core(s):\n";
        const CulpritReport c = find_culprits(*reports);
        for (const std::string& line : c.waits) out.os() << "  " << line << "\n";
        const std::vector<const CoreReport*>& alone = c.unexplained;
        for (std::size_t i = 0; i < alone.size() && i < 12; ++i)
            out.os() << "  " << stuck_line(*alone[i]) << "\n";
        out.left_out(alone.size(), 12, "cores");
        summarize_faulted_siblings(out, *reports);
    });
    g.summary(SummaryPart::Polls, [reports](SummaryOut& out) {
        summarize_polls(out, *reports);
        summarize_disagreeing_ns(out, *reports);
    });
}

} // namespace

ReportValue core_record(const CoreReport& r) {
    RecordBuilder j = record()
                          .with("core", r.name)
                          .with("type", to_string(r.type))
                          .with("die", r.die)
                          .with("state", to_string(r.state))
                          .with("kernel", r.kernel)
                          .with("block", r.block_idx)
                          .with("launch", r.launch_id)
                          .with("blocks_run", r.blocks_run)
                          .with("intrinsics", r.intrinsics)
                          .with("last_intrinsic", r.last_intrinsic)
                          .with("barrier_rounds", r.barrier_rounds)
                          .with("finished_ps", to_ps(r.finished_at))
                          .with("cache", record()
                                             .with("hits", r.cache_hits)
                                             .with("misses", r.cache_misses)
                                             .with("writebacks", r.writebacks));
    RecordBuilder time = record();
    for (const CoreState s : kBusyStates)
        if (const std::uint64_t ps = r.time_in_ps[static_cast<std::size_t>(s)])
            time.with(to_string(s), ps);
    j.with("time_ps", ReportValue(std::move(time).fields()));
    if (!r.waiting_on.empty()) j.with("waiting_on", r.waiting_on);
    if (r.fault) j.with("fault", *r.fault);
    if (r.polls) j.with("polls", r.polls);
    if (r.vector_instructions) j.with("vector_instructions", r.vector_instructions);
    if (r.cube_instructions) j.with("cube_instructions", r.cube_instructions);
    if (!r.poll_timeouts.empty()) {
        ReportValue::List t;
        for (const PollTimeout& p : r.poll_timeouts) t.push_back(poll_timeout_record(p));
        j.with("poll_timeouts", std::move(t));
    }
    ReportValue::List pipes;
    for (const PipeReport& p : r.busy_pipes) {
        RecordBuilder pj = record()
                               .with("pipe", to_string(p.pipe))
                               .with("executing", p.current ? p.current : "(between ops)")
                               .with("queued", std::uint64_t{p.queued});
        if (!p.blocked_on.empty()) pj.with("blocked_on", p.blocked_on);
        pipes.push_back(ReportValue(std::move(pj).fields()));
    }
    if (!pipes.empty()) j.with("pipes", std::move(pipes));
    return ReportValue(std::move(j).fields());
}

StatsGroup core_stats(const std::vector<CoreReport>& reports) {
    StatsGroup g("cores");
    const std::vector<CoreReport>* all = &reports;
    g.add("cores", "records", "every core that ran a block or holds one", [all] {
        ReportValue::List cores;
        for (const CoreReport& r : *all)
            if (ran(r)) cores.push_back(core_record(r));
        return ReportValue(std::move(cores));
    });
    g.add("stuck", "records", "the cores still holding a block at the end", [all] {
        ReportValue::List stuck;
        for (const CoreReport& r : *all)
            if (r.has_block) stuck.push_back(core_record(r));
        return ReportValue(std::move(stuck));
    });
    g.add("poll_timeouts", "records", "poll loops that gave up at their limit, core by core",
          [all] {
              ReportValue::List out;
              for (const CoreReport& r : *all)
                  for (const PollTimeout& p : r.poll_timeouts) {
                      RecordBuilder t = record()
                                            .with("core", r.name)
                                            .with("time_ps", to_ps(p.at))
                                            .with("round", p.round)
                                            .with("value", p.value)
                                            .with("target", p.target)
                                            .with("polls", p.polls)
                                            .with("context", p.context);
                      if (p.slots) t.with("slots", p.slots);    // value: how many were ready
                      if (p.slot_sum) t.with("slot_sum", true); // value: their sum
                      out.push_back(ReportValue(std::move(t).fields()));
                  }
              return ReportValue(std::move(out));
          });
    g.add("barrier_n", "records",
          "when a soft barrier's participants computed different N: each core type's N", [all] {
              const BarrierNs n = barrier_ns(*all);
              if (!ns_disagree(n)) return ReportValue();
              ReportValue::Map by_type;
              for (const auto& [type, values] : n) {
                  ReportValue::List list;
                  for (std::int64_t v : values) list.push_back(ReportValue(v));
                  by_type.emplace_back(type, ReportValue(std::move(list)));
              }
              return ReportValue(std::move(by_type));
          });
    g.add("finish", "records", "per core type: its last finish (ps) and how many cores finished",
          [all] {
              ReportValue::Map finish;
              for (const auto& [type, f] : finishes(*all))
                  finish.emplace_back(
                      type, ReportValue(record().with("last_ps", f.first).with("cores", f.second)));
              return ReportValue(std::move(finish));
          });
    g.add("diagnosis.lines", "text",
          "who did not arrive at what the stuck cores wait on, then the waiters, grouped", [all] {
              const CulpritReport c = find_culprits(*all);
              ReportValue::List lines;
              for (const std::string& l : c.culprits) lines.push_back(l);
              for (const std::string& l : c.waits) lines.push_back(l);
              if (lines.empty()) return ReportValue();
              return ReportValue(std::move(lines));
          });
    declare_summary(g, all);
    return g;
}

} // namespace syncsim
