#include "models/core/culprit.hpp"

#include "models/report/summary.hpp"
#include "models/systemc/simulation_time.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <tuple>

namespace syncsim {

namespace {

// Waiters on one object in one round of one launch, with what they agree on.
struct WaitGroup {
    std::vector<const CoreReport*> waiters;
    WaitTarget* target = nullptr; // the first waiter's, need raised to the largest
    std::uint32_t round = 0;      // 0: not inside a barrier round
};
// Launch, object, round, and who should signal it (waiters on the same flag
// id in different clusters wait on different cores); not the detail, which
// differs between pollers of one word (their last value).
using GroupKey = std::tuple<std::uint64_t, std::string, std::uint32_t, std::vector<int>>;

std::uint32_t open_round(const CoreReport& r) {
    return r.round_open ? r.barrier_rounds : 0;
}

bool takes_part(const CoreReport& r, const WaitGroup& g) {
    const WaitTarget& t = *g.target;
    if (!t.expected.empty())
        return std::find(t.expected.begin(), t.expected.end(), r.soc_core_id) != t.expected.end();
    const bool ran = r.blocks_run != 0 || r.has_block;
    // A soft barrier's participants are the cores that called one (a partial
    // barrier leaves the launch's other cores out).
    if (t.barrier_callers_only && !r.last_barrier_n) return false;
    return ran && r.launch_id == g.waiters.front()->launch_id &&
           (t.among_both_types || r.type == t.among_type);
}

bool came(const CoreReport& r, const WaitGroup& g) {
    const WaitTarget& t = *g.target;
    if (t.arrivals_known)
        return std::find(t.arrived.begin(), t.arrived.end(), r.soc_core_id) != t.arrived.end();
    return r.barrier_rounds >= g.round; // judged by rounds: only inside one
}

std::string rounds_text(std::uint32_t n) {
    return std::to_string(n) + " barrier round" + (n == 1 ? "" : "s");
}

// What a participant did instead of signalling (without when: participants
// that did the same are one line).
std::string what_it_did(const CoreReport& r) {
    if (r.state == CoreState::Faulted || (r.fault && !r.has_block))
        return "faulted: " + r.fault.value_or("(no reason)");
    if (!r.has_block) return "finished its kernel after " + rounds_text(r.barrier_rounds);
    const std::string where =
        open_round(r) ? " in round " + std::to_string(open_round(r)) : std::string();
    if (r.target) return "waits" + where + " on " + r.target->object;
    if (!r.waiting_on.empty()) return "waits" + where + " on " + r.waiting_on;
    return std::string("is ") + to_string(r.state) + where + " (last " + r.last_intrinsic + ")";
}

std::string where_text(const WaitGroup& g) {
    const std::string round = g.round ? " in round " + std::to_string(g.round) : std::string();
    return g.target->object + round;
}

std::string sides_n(const WaitGroup& g, const std::vector<CoreReport>& cores);

void name_culprits(const WaitGroup& g, const std::vector<CoreReport>& cores, CulpritReport& out,
                   WaitGroupInfo& info) {
    const WaitTarget& t = *g.target;
    if (!t.nobody_can.empty()) {
        info.nobody_can = t.nobody_can;
        out.culprits.push_back("nobody can signal " + t.object + ": " + t.nobody_can);
        return;
    }
    if (!t.arrivals_known && g.round == 0) return; // no round to judge by
    std::int64_t found = 0, arrived = 0;
    for (const CoreReport& r : cores)
        if (takes_part(r, g) &&
            (came(r, g) || std::find(g.waiters.begin(), g.waiters.end(), &r) != g.waiters.end()))
            ++arrived;
    // Judged by rounds, enough came: the wait goes on for another reason
    // (the sides counted different N, or a poll target overshot).
    if (!t.arrivals_known && t.need && arrived >= t.need) {
        const std::string n = sides_n(g, cores);
        info.nobody_can = "every participant arrived, yet the wait goes on";
        out.culprits.push_back("every participant arrived at " + where_text(g) + " (" +
                               std::to_string(arrived) + ", N = " + std::to_string(t.need) +
                               "), yet the wait goes on" + (n.empty() ? std::string() : ": " + n));
        return;
    }
    // Participants that did the same thing instead, in the cores' order.
    std::map<std::string, std::vector<const CoreReport*>> did;
    std::vector<std::string> order;
    for (const CoreReport& r : cores) {
        if (!takes_part(r, g)) continue;
        ++found;
        if (came(r, g)) continue;
        if (std::find(g.waiters.begin(), g.waiters.end(), &r) != g.waiters.end()) continue;
        auto& same = did[what_it_did(r)];
        if (same.empty()) order.push_back(what_it_did(r));
        same.push_back(&r);
    }
    for (const std::string& what : order) {
        const std::vector<const CoreReport*>& same = did[what];
        std::uint64_t last = 0;
        std::vector<std::string> names;
        for (const CoreReport* r : same) {
            names.push_back(r->name);
            last = std::max(last, to_ps(r->finished_at));
        }
        const bool finished = !same.front()->has_block && !same.front()->fault;
        const std::string when = finished ? " (at " + format_time(last) + ")" : std::string();
        info.missing.push_back({core_ranges(names), what + when});
        if (same.size() == 1)
            out.culprits.push_back(names[0] + " (block " + std::to_string(same[0]->block_idx) +
                                   ") did not arrive at " + where_text(g) + ": it " + what + when);
        else
            out.culprits.push_back(
                core_ranges(names) + " (" + std::to_string(same.size()) +
                " cores) did not arrive at " + where_text(g) + ": each " + what +
                (finished ? " (the last at " + format_time(last) + ")" : std::string()));
    }
    if (t.expected.empty() && t.need > found && t.barrier_callers_only) {
        out.culprits.push_back("N = " + std::to_string(t.need) + " at " + where_text(g) +
                               ", but only " + std::to_string(found) +
                               " cores call the barrier: it can never complete");
        info.nobody_can = "fewer cores call the barrier than N";
        return;
    }
    if (t.expected.empty() && t.need > found) info.undispatched = t.need - found;
    if (info.undispatched)
        out.culprits.push_back("launch " + std::to_string(g.waiters.front()->launch_id) + ": " +
                               std::to_string(t.need - found) + " of the " +
                               std::to_string(t.need) + " participants of " + where_text(g) +
                               " were never dispatched to a core (its blocks wait for cores)");
}

// A soft barrier's N as each side computed it (a Mix side may compute
// another), always both sides that take part.
std::string sides_n(const WaitGroup& g, const std::vector<CoreReport>& cores) {
    if (!g.target->barrier_callers_only) return "";  // N is a soft barrier's
    std::map<std::string, std::set<std::int64_t>> n; // by core type
    for (const CoreReport& r : cores)
        if (r.last_barrier_n && takes_part(r, g)) n[to_string(r.type)].insert(r.last_barrier_n);
    std::string out;
    for (const auto& [type, values] : n) {
        out += out.empty() ? "N = " : ", ";
        bool first = true;
        for (std::int64_t v : values) {
            out += (first ? "" : " or ") + std::to_string(v);
            first = false;
        }
        out += " on the " + type + " side";
    }
    std::set<std::int64_t> all;
    for (const auto& [type, values] : n) all.insert(values.begin(), values.end());
    if (all.size() > 1) out += " (the sides disagree)";
    return out;
}

} // namespace

std::string core_ranges(const std::vector<std::string>& names) {
    // A name is a prefix and a number; runs of consecutive numbers fold.
    std::vector<std::pair<std::string, long>> parts;
    for (const std::string& n : names) {
        const auto digits = n.find_last_not_of("0123456789") + 1;
        parts.push_back(digits < n.size()
                            ? std::make_pair(n.substr(0, digits), std::stol(n.substr(digits)))
                            : std::make_pair(n, -1L));
    }
    // A run is consecutive numbers, or three or more a fixed step apart
    // (cores of every other cluster).
    const auto step_at = [&parts](std::size_t j) {
        return parts[j + 1].first == parts[j].first && parts[j].second >= 0
                   ? parts[j + 1].second - parts[j].second
                   : 0L;
    };
    std::string out;
    for (std::size_t i = 0; i < parts.size();) {
        std::size_t j = i;
        const long step = i + 1 < parts.size() ? step_at(i) : 0;
        while (step > 0 && j + 1 < parts.size() && step_at(j) == step) ++j;
        if (step > 1 && j < i + 2) j = i; // two a step apart: listed
        if (!out.empty()) out += ", ";
        out += names[i];
        if (j > i) out += "-" + std::to_string(parts[j].second);
        if (j > i && step > 1) out += " (every " + std::to_string(step) + ")";
        i = j + 1;
    }
    return out;
}

CulpritReport find_culprits(const std::vector<CoreReport>& cores, std::uint64_t launch) {
    CulpritReport out;
    // A core still running or stalled on its own pipes may yet arrive: no
    // wait is known to be permanent (a run cut by the time limit while it moved).
    bool settled = true;
    for (const CoreReport& r : cores)
        if (r.has_block && r.state != CoreState::Waiting && r.state != CoreState::Polling)
            settled = false;
    std::map<GroupKey, WaitGroup> groups;
    std::vector<GroupKey> order;    // first waiter's order
    std::deque<WaitTarget> targets; // the groups' own copies
    for (const CoreReport& r : cores) {
        if (!r.has_block || (launch && r.launch_id != launch)) continue;
        if (!r.target) {
            out.unexplained.push_back(&r);
            continue;
        }
        std::vector<int> signallers = r.target->expected;
        std::sort(signallers.begin(), signallers.end());
        const GroupKey key{r.launch_id, r.target->object, open_round(r), signallers};
        WaitGroup& g = groups[key];
        if (g.waiters.empty()) {
            order.push_back(key);
            g.target = &targets.emplace_back(*r.target);
            g.round = open_round(r);
        }
        // Waiters that computed another N (a Mix side): the group needs the largest.
        g.target->need = std::max(g.target->need, r.target->need);
        g.waiters.push_back(&r);
    }
    for (const GroupKey& key : order) {
        const WaitGroup& g = groups[key];
        WaitGroupInfo& info = out.groups.emplace_back();
        info.launch = g.waiters.front()->launch_id;
        info.object = g.target->object;
        info.round = g.round;
        if (settled) name_culprits(g, cores, out, info);
        std::vector<std::string> names;
        for (const CoreReport* w : g.waiters) names.push_back(w->name);
        info.waiters = core_ranges(names);
        info.waiter_count = names.size();
        const std::size_t n = names.size();
        std::string line = std::to_string(n) + (n == 1 ? " core waits" : " cores wait") +
                           (g.round ? " in round " + std::to_string(g.round) : std::string()) +
                           " on " + g.target->object;
        std::string detail = g.target->detail;
        const std::string sides = sides_n(g, cores);
        if (!sides.empty()) detail += (detail.empty() ? "" : "; ") + sides;
        if (!detail.empty()) line += " (" + detail + ")";
        info.detail = detail;
        out.waits.push_back(line + ": " + core_ranges(names));
    }
    // Two launches' waiters read alike but for their cores: say whose.
    std::set<std::uint64_t> launches;
    for (const WaitGroupInfo& g : out.groups) launches.insert(g.launch);
    if (launches.size() > 1)
        for (std::size_t i = 0; i < out.waits.size(); ++i)
            out.waits[i] = "launch " + std::to_string(out.groups[i].launch) + ": " + out.waits[i];
    return out;
}

} // namespace syncsim
