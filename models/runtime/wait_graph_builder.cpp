#include "models/runtime/wait_graph_builder.hpp"

#include "models/core/culprit.hpp"
#include "models/runtime/host_runtime.hpp"
#include "models/runtime/task_scheduler.hpp"

namespace syncsim {

namespace {

using Kind = WaitGraph::Kind;

std::string launch_key(std::uint64_t id) {
    return "launch " + std::to_string(id);
}

// A waiter group, what it waits on, and who that waits for in turn.
void add_group(WaitGraph& g, const WaitGroupInfo& w, std::size_t index) {
    const std::size_t launch = g.node(launch_key(w.launch), Kind::Launch, launch_key(w.launch));
    const std::string round = w.round ? " in round " + std::to_string(w.round) : std::string();
    const std::size_t cores =
        g.node("group " + std::to_string(index), Kind::Cores,
               std::to_string(w.waiter_count) + " core(s) wait" + round + ": " + w.waiters);
    g.edge(launch, cores, "its blocks");
    const std::string object_key = launch_key(w.launch) + " " + w.object + round;
    const std::size_t object =
        g.node(object_key, Kind::Object,
               w.object + round + (w.detail.empty() ? std::string() : "\n" + w.detail));
    g.edge(cores, object, "wait on");
    for (const auto& [who, what] : w.missing)
        g.edge(object, g.node(object_key + " " + who, Kind::Participant, who + ": " + what),
               "did not arrive");
    if (!w.nobody_can.empty())
        g.edge(object,
               g.node(object_key + " nobody", Kind::Missing, "missing signal: " + w.nobody_can));
    if (w.undispatched)
        g.edge(object,
               g.node(launch_key(w.launch) + " undispatched", Kind::Participant,
                      launch_key(w.launch) + ": " + std::to_string(w.undispatched) +
                          " block(s) never dispatched"),
               "needs");
}

void add_launches(WaitGraph& g, const TaskScheduler& scheduler) {
    for (const LaunchReport& l : scheduler.active_launches()) {
        g.node(launch_key(l.launch_id), Kind::Launch,
               launch_key(l.launch_id) + ": " + l.kernel + ", " +
                   std::to_string(l.blocks_dispatched) + "/" + std::to_string(l.block_num) +
                   " blocks dispatched");
        if (l.held_by.empty()) continue;
        const std::size_t blocks = g.node(
            launch_key(l.launch_id) + " undispatched", Kind::Participant,
            launch_key(l.launch_id) + ": " + std::to_string(l.block_num - l.blocks_dispatched) +
                " block(s) never dispatched");
        for (std::uint64_t holder : l.held_by)
            g.edge(blocks, g.node(launch_key(holder), Kind::Launch, launch_key(holder)),
                   "cores held by");
    }
}

void add_host(WaitGraph& g, const TaskScheduler& scheduler, const HostRuntime& host) {
    for (const auto& st : host.streams()) {
        if (st->current_task().empty()) continue;
        const std::string key = "stream " + std::to_string(st->id());
        const std::size_t stream = g.node(key, Kind::Stream, key + ": " + st->current_task());
        for (const LaunchReport& l : scheduler.active_launches())
            if (l.stream == st->id())
                g.edge(stream,
                       g.node(launch_key(l.launch_id), Kind::Launch, launch_key(l.launch_id)),
                       "runs");
        const std::string waiting = st->waiting_on();
        if (waiting.empty()) continue;
        const std::size_t wait = g.node(key + " wait", Kind::Object, waiting);
        g.edge(stream, wait, "waits in");
        const std::string& object = st->waiting_object();
        if (object.empty()) continue;
        bool recorded = false;
        for (const auto& other : host.streams())
            if (other->queued_signal(object)) {
                const std::string other_key = "stream " + std::to_string(other->id());
                g.edge(wait, g.node(other_key, Kind::Stream, other_key), "record queued on");
                recorded = true;
            }
        if (!recorded)
            g.edge(wait, g.node(key + " nobody", Kind::Missing,
                                "missing signal: no task on any stream records " + object));
    }
    if (host.waiting_stream() >= 0) {
        const std::string key = "stream " + std::to_string(host.waiting_stream());
        g.edge(g.node("host", Kind::Host, "host: " + host.waiting_on()),
               g.node(key, Kind::Stream, key), "waits on");
    }
}

} // namespace

WaitGraph build_wait_graph(const std::vector<CoreReport>& cores, const TaskScheduler& scheduler,
                           const HostRuntime* host) {
    WaitGraph g;
    add_launches(g, scheduler); // first: a node keeps the label it was made with
    if (host) add_host(g, scheduler, *host);
    const CulpritReport c = find_culprits(cores);
    std::size_t index = 0;
    for (const WaitGroupInfo& group : c.groups) add_group(g, group, index++);
    // A launch the watchdog killed: its waits as they stood at the kill.
    for (const WatchdogKill& k : scheduler.watchdog_kills())
        for (const WaitGroupInfo& group : k.groups) add_group(g, group, index++);
    for (const CoreReport* r : c.unexplained)
        g.edge(g.node(launch_key(r->launch_id), Kind::Launch, launch_key(r->launch_id)),
               g.node(r->name, Kind::Cores, r->name + ": " + r->waiting_on), "its block");
    return g;
}

} // namespace syncsim
