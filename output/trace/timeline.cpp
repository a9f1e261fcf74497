#include "output/trace/timeline.hpp"

#include "models/systemc/simulation_time.hpp"

#include <algorithm>

namespace syncsim {

namespace {

constexpr int kCorePid = 1, kStreamPid = 2, kCounterPid = 3;
constexpr const char* kWhat = "--timeline file";
// A round mark (an arrival, a release) lasts half a ns, written exactly
// "0.0005": not 0, or a reader that orders a zero-length slice's end before
// its begin when another slice ends there (speedscope) leaves it open and
// nests the rest of the track under it; not 1 ns, or it may end in the same
// ns as the slice around it, where an ulp decides which ends first. Perfetto
// rounds it to 1 ns; the mark's time is its start.
constexpr std::uint64_t kMarkPs = 500;
constexpr const char* kMarkDuration = "0.0005";

const char* process_name(int pid) {
    switch (pid) {
    case kCorePid:
        return "cores";
    case kStreamPid:
        return "streams";
    default:
        return "counters";
    }
}

// The start of an event's text: {"name": ..., "ph": ..., "pid": ...
void begin_event(std::string& t, std::string_view name, char phase, int pid) {
    t += "{\"name\": ";
    append_json_string(t, name);
    t += ", \"ph\": \"";
    t.push_back(phase);
    t += "\", \"pid\": " + std::to_string(pid);
}

// {"ph": "M", "name": what, "pid": .., ["tid": ..,] "args": {"name": name}}
std::string metadata(const char* what, int pid, int tid, const std::string& name) {
    std::string t;
    begin_event(t, what, 'M', pid);
    if (tid >= 0) t += ", \"tid\": " + std::to_string(tid);
    t += ", \"args\": ";
    append_args(t, {{"name", name}});
    t += "}";
    return t;
}

// Where the track's open slice starts in the file (cut to the window), if
// one is open.
template <typename Opens>
std::optional<std::uint64_t> open_start_ns(const Opens& opens, int tid, const TraceWindow* window) {
    const auto open = opens.find(tid);
    if (open == opens.end() || open->second.name.empty()) return std::nullopt;
    const std::uint64_t from = window && window->from_known() ? window->from() : 0;
    return nearest_ns(std::max(open->second.since_ps, from));
}

} // namespace

TimelineRecorder::TimelineRecorder(const std::string& path, const std::vector<AiCore*>& cores,
                                   const TraceSpec& spec, const TraceWindow* window)
    : m_out(path, kWhat), m_spec(spec), m_window(window), m_counters(*this, window) {
    m_out.stream() << "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
    m_cores.assign(cores.size(), nullptr);
    m_selected.assign(cores.size(), false);
    for (AiCore* c : cores) {
        const auto id = static_cast<std::size_t>(c->config().soc_core_id);
        m_cores[id] = c;
        m_selected[id] = spec.selects(to_string(c->config().type), c->config().index);
    }
}

void TimelineRecorder::set_horizon(Horizon horizon) {
    m_horizon = horizon;
    m_counters.set_horizon(std::move(horizon));
}

void TimelineRecorder::write_text(const std::string& text) {
    m_out.stream() << (m_first ? " " : ",\n ") << text;
    m_first = false;
}

void TimelineRecorder::name_track(int pid, int tid) {
    if (m_named.insert({pid, -1}).second)
        write_text(metadata("process_name", pid, -1, process_name(pid)));
    if (tid < 0 || !m_named.insert({pid, tid}).second) return;
    const std::string name = pid == kCorePid ? m_cores[static_cast<std::size_t>(tid)]->basename()
                                             : "stream " + std::to_string(tid);
    write_text(metadata("thread_name", pid, tid, name));
}

void TimelineRecorder::write(const Event& e) {
    // Past --max-trace-size, what starts at or after the stop is left out
    // and what spans it is cut there (the file is whole up to the stop),
    // but the ends of flows already started are kept, so every flow in the
    // file has both ends.
    if (m_out.full(e.ts_ps + e.dur_ps) &&
        !(e.flow.id != 0 && !e.flow.out && e.flow.id <= m_last_flow_out)) {
        const std::uint64_t stop = m_out.stopped_ps();
        if (e.ts_ps >= stop) return;
        Event cut = e;
        if (!e.mark) cut.dur_ps = std::min(e.dur_ps, stop - e.ts_ps); // a mark is its time
        cut.flow = {}; // a flow that had not started by the stop: no arrow
        return write_event(cut);
    }
    write_event(e);
}

std::uint64_t TimelineRecorder::track_origin_ns(int pid, int tid, std::uint64_t start_ns) {
    return m_origins.origin_ns(
        {pid, tid}, start_ns,
        open_start_ns(pid == kCorePid ? m_core_open : m_stream_open, tid, m_window));
}

void TimelineRecorder::write_event(const Event& e) {
    if (e.flow.id != 0 && e.flow.out) m_last_flow_out = std::max(m_last_flow_out, e.flow.id);
    // A slice whose ends round to the same ns is none at the file's
    // resolution (its neighbours meet there); only marks carry flows.
    if (e.phase == 'X' && !e.mark && nearest_ns(e.ts_ps) == nearest_ns(e.ts_ps + e.dur_ps)) return;
    name_track(e.pid, e.tid);
    std::string& t = m_text;
    t.clear();
    begin_event(t, e.name, e.phase, e.pid);
    // Both ends to the ns, so adjacent slices meet exactly (nearest_ns),
    // in doubles too (append_duration_us).
    const std::uint64_t start_ns = nearest_ns(e.ts_ps);
    t += ", \"tid\": " + std::to_string(e.tid) + ", \"ts\": ";
    append_us(t, start_ns);
    if (e.phase == 'X') {
        t += ", \"dur\": ";
        // Every start counts towards the track's origin, a mark's too.
        const std::uint64_t origin_ns = track_origin_ns(e.pid, e.tid, start_ns);
        if (e.mark)
            t += kMarkDuration;
        else
            append_duration_us(t, start_ns, nearest_ns(e.ts_ps + e.dur_ps), origin_ns);
    }
    if (e.phase == 'i') t += ", \"s\": \"t\"";
    // A flow (v2: on complete events) whose other end the window keeps:
    // its start's first end before the window's end, its ends' start after
    // the window's start.
    const bool other_end_kept = !m_window || (e.flow.out ? e.flow.other_end_ps <= m_window->to()
                                                         : e.flow.other_end_ps >= m_window->from());
    if (e.flow.id != 0 && other_end_kept)
        t += ", \"bind_id\": " + std::to_string(e.flow.id) +
             (e.flow.out ? ", \"flow_out\": true" : ", \"flow_in\": true");
    t += ", \"args\": ";
    append_args(t, e.args);
    t += "}";
    write_text(t);
}

bool TimelineRecorder::settle(Event& e, std::uint64_t horizon_ps) {
    if (!m_window) {
        write(e);
        return true;
    }
    const std::uint64_t end = e.ts_ps + e.dur_ps;
    if (!m_window->from_known()) // a round window not reached yet: starts at or after the horizon
        return end < horizon_ps; // before it: dropped; else held
    const std::uint64_t from = m_window->from(), to = m_window->to();
    if (end < from || e.ts_ps > to) return true; // outside: dropped
    if (e.mark && e.ts_ps < from) return true;   // a mark is its time: whole or not at all
    if (!m_window->to_known() && end >= horizon_ps) return false;
    if (!e.mark) { // cut to the window
        const std::uint64_t start = std::max(e.ts_ps, from);
        e.dur_ps = std::min(end, to) - start;
        e.ts_ps = start;
    }
    write(e);
    return true;
}

void TimelineRecorder::add(Event e) {
    // Horizon 0: nothing is taken as final here; flushes ask the horizon.
    if (settle(e, 0)) return;
    m_held.push_back(std::move(e));
    if (m_held.size() >= m_flush_at && m_horizon) {
        flush(m_horizon());
        if (m_held.size() * 2 > m_flush_at) m_flush_at *= 2;
    }
}

void TimelineRecorder::flush(std::uint64_t horizon_ps) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_held.size(); ++i) {
        if (settle(m_held[i], horizon_ps)) continue;
        if (kept != i) m_held[kept] = std::move(m_held[i]);
        ++kept;
    }
    m_held.resize(kept);
}

void TimelineRecorder::close(int pid, int tid, Open& open, std::uint64_t now) {
    if (!open.name.empty() && now > open.since_ps)
        add({open.name, 'X', pid, tid, open.since_ps, now - open.since_ps, std::move(open.args)});
    open.name.clear();
}

TimelineRecorder::Open TimelineRecorder::core_slice(int id, CoreState state,
                                                    std::uint64_t at_ps) const {
    const CoreReport r = m_cores[static_cast<std::size_t>(id)]->report(from_ps(at_ps));
    Open open{"", at_ps,
              TraceArgs{{"core", r.name},
                        {"state", to_string(state)},
                        {"kernel", r.kernel},
                        {"launch", r.launch_id},
                        {"block", r.block_idx},
                        {"round", r.barrier_rounds}}};
    if (r.fault) open.args.push_back({"fault", *r.fault});
    switch (state) {
    case CoreState::Running:
        open.name = r.kernel.empty() ? "running" : r.kernel;
        break;
    case CoreState::Waiting:
    case CoreState::Polling:
    case CoreState::Blocked:
        // The intrinsic it waits in; what on, as the core's report says.
        open.name = r.last_intrinsic.empty() ? to_string(state) : r.last_intrinsic;
        open.args.push_back({"waiting_on", r.waiting_on});
        if (r.target) open.args.push_back({"object", r.target->object});
        break;
    default:
        break;
    }
    return open;
}

void TimelineRecorder::core_state(int id, CoreState state, std::uint64_t at_ps) {
    if (!m_selected[static_cast<std::size_t>(id)] || !m_spec.selects(TraceSignal::State)) return;
    Open& open = m_core_open[id];
    close(kCorePid, id, open, at_ps);
    switch (state) {
    case CoreState::Running:
    case CoreState::Waiting:
    case CoreState::Polling:
    case CoreState::Blocked:
        open = core_slice(id, state, at_ps);
        break;
    case CoreState::Faulted: // an instant: the fault's text is in its args
        add({"fault", 'i', kCorePid, id, at_ps, 0, core_slice(id, state, at_ps).args});
        break;
    default:
        break; // idle, done: no slice
    }
}

void TimelineRecorder::round_closed(const RoundRow& row) {
    if (!m_spec.selects(TraceSignal::Round)) return;
    // The last arrival (the first core to reach it) is where the flow starts.
    const RoundRow::CoreMark* last = nullptr;
    for (const auto& m : row.cores)
        if (m_selected[static_cast<std::size_t>(m.core)] && m.arrived_ps == row.last_arrival) {
            last = &m;
            break;
        }
    // It ends at the releases it caused (not early ones; none in a hang).
    std::uint64_t first_end = kNoTime;
    for (const auto& m : row.cores)
        if (m_selected[static_cast<std::size_t>(m.core)] && m.has_release &&
            m.released_ps >= row.last_arrival)
            first_end = std::min(first_end, m.released_ps);
    if (first_end == kNoTime) last = nullptr;
    const std::uint64_t flow = last ? m_next_flow++ : 0;
    const std::string n = std::to_string(row.round);
    const auto args = [&](const RoundRow::CoreMark& m) {
        return TraceArgs{{"core", m_cores[static_cast<std::size_t>(m.core)]->basename()},
                         {"launch", row.launch},
                         {"round", row.round}};
    };
    // Arrivals first, so a flow's start precedes its ends in the file too.
    for (const auto& m : row.cores) {
        if (!m_selected[static_cast<std::size_t>(m.core)]) continue;
        Event arrive{"arrive round " + n, 'X', kCorePid, m.core, m.arrived_ps, kMarkPs, args(m)};
        arrive.args.push_back({"arrived", row.count});
        arrive.args.push_back({"last_arrival", &m == last});
        if (&m == last) arrive.flow = {flow, true, first_end};
        arrive.mark = true;
        add(std::move(arrive));
    }
    for (const auto& m : row.cores) {
        if (!m_selected[static_cast<std::size_t>(m.core)] || !m.has_release) continue;
        Event release{"release round " + n, 'X', kCorePid, m.core, m.released_ps, kMarkPs, args(m)};
        release.args.push_back(
            {"waited_ns", static_cast<double>(m.released_ps - m.arrived_ps) / 1e3});
        // A release before the last arrival (early) was not caused by it.
        if (flow && m.released_ps >= row.last_arrival)
            release.flow = {flow, false, row.last_arrival};
        release.mark = true;
        add(std::move(release));
    }
}

void TimelineRecorder::stream_state(const Stream& stream, StreamState state) {
    if (!m_spec.selects(TraceSignal::Streams)) return;
    const std::uint64_t now = now_ps();
    const int id = stream.id();
    Open& open = m_stream_open[id];
    close(kStreamPid, id, open, now);
    const std::string& task = stream.current_task();
    TraceArgs args = {{"stream", id}, {"state", to_string(state)}, {"task", task}};
    switch (state) {
    case StreamState::Running:
        open = {task, now, args};
        break;
    case StreamState::Waiting:
        args.push_back({"waiting_on", stream.waiting_on()});
        args.push_back({"object", stream.waiting_object()});
        open = {"waiting: " + task, now, args};
        break;
    case StreamState::Failed:
        open = {"failed: " + task, now, args};
        break;
    default:
        break;
    }
}

int TimelineRecorder::declare(const SignalDecl& s) {
    const bool core_kept = s.core < 0 || (static_cast<std::size_t>(s.core) < m_selected.size() &&
                                          m_selected[static_cast<std::size_t>(s.core)]);
    if (!m_spec.selects(s.kind) || !core_kept) return -1;
    const int id = m_counters.add_signal(s.initial);
    m_counter_name.push_back(
        s.core < 0
            ? s.alias
            : std::string(m_cores[static_cast<std::size_t>(s.core)]->basename()) + " " + s.name);
    m_counter_written.push_back(false);
    m_counter_pending.emplace_back();
    return id;
}

void TimelineRecorder::change(int signal, std::uint64_t at_ps, std::uint64_t value) {
    if (signal >= 0) m_counters.change(signal, at_ps, value);
}

void TimelineRecorder::begin(std::uint64_t at_ps) {
    m_counters_start = at_ps;
}

void TimelineRecorder::write_counter(int signal, std::uint64_t at_ns, std::uint64_t value) {
    if (m_out.full(at_ns * 1000) && at_ns * 1000 >= m_out.stopped_ps()) return;
    name_track(kCounterPid, -1);
    std::string& t = m_text;
    t.clear();
    begin_event(t, m_counter_name[static_cast<std::size_t>(signal)], 'C', kCounterPid);
    t += ", \"ts\": ";
    append_us(t, at_ns);
    t += ", \"args\": {\"value\": " + std::to_string(value) + "}}";
    write_text(t);
}

void TimelineRecorder::counter_value(int signal, std::uint64_t at_ps, std::uint64_t value) {
    // Held until a later ns comes: values within one ns, the last stands.
    auto& pending = m_counter_pending[static_cast<std::size_t>(signal)];
    const std::uint64_t at_ns = nearest_ns(at_ps);
    if (pending && pending->first != at_ns) write_counter(signal, pending->first, pending->second);
    pending = {at_ns, value};
}

void TimelineRecorder::write(std::uint64_t at_ps, const OrderedChanges::Changes& changes) {
    for (const auto& [signal, value] : changes) {
        // A track starts at the trace's start with the value it had there.
        if (!m_counter_written[static_cast<std::size_t>(signal)]) {
            m_counter_written[static_cast<std::size_t>(signal)] = true;
            if (at_ps > m_counters_start)
                counter_value(signal, m_counters_start, m_counters.value(signal));
        }
        counter_value(signal, at_ps, value);
    }
}

void TimelineRecorder::finish(std::uint64_t end_ps) {
    for (auto& [id, open] : m_core_open) close(kCorePid, id, open, end_ps);
    for (auto& [id, open] : m_stream_open) close(kStreamPid, id, open, end_ps);
    flush(kNoTime);
    // A round window never reached (or never ended): what is held is dropped
    // or was written when the window became known.
    m_held.clear();
    m_counters.close();
    for (std::size_t signal = 0; signal < m_counter_pending.size(); ++signal)
        if (const auto& pending = m_counter_pending[signal])
            write_counter(static_cast<int>(signal), pending->first, pending->second);
    m_out.stream() << "\n]}\n";
    m_out.close();
}

} // namespace syncsim
