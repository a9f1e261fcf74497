#include "output/trace/timeline.hpp"

#include "models/systemc/simulation_time.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace syncsim {

namespace {

constexpr int kCorePid = 1, kStreamPid = 2;
constexpr const char* kWhat = "--timeline file";

const char* slice_name(CoreState s) {
    switch (s) {
    case CoreState::Running:
        return "compute";
    case CoreState::Waiting:
        return "wait";
    case CoreState::Polling:
        return "poll";
    case CoreState::Blocked:
        return "blocked";
    default:
        return nullptr; // idle, done, faulted: no slice
    }
}

} // namespace

TimelineRecorder::TimelineRecorder(const std::string& path, const std::vector<AiCore*>& cores,
                                   const TraceSpec& spec, const TraceWindow* window)
    : m_path(path), m_out(path, kWhat), m_spec(spec), m_window(window) {
    m_out.stream() << "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
    write_name("process_name", kCorePid, -1, "cores");
    write_name("process_name", kStreamPid, -1, "streams");
    m_selected.assign(cores.size(), false);
    for (AiCore* c : cores) {
        const int id = c->config().soc_core_id;
        m_selected[id] = spec.selects(to_string(c->config().type), c->config().index);
        if (m_selected[id]) write_name("thread_name", kCorePid, id, c->basename());
    }
}

void TimelineRecorder::write_name(const char* what, int pid, int tid, const std::string& name) {
    nlohmann::json j = {{"ph", "M"}, {"name", what}, {"pid", pid}, {"args", {{"name", name}}}};
    if (tid >= 0) j["tid"] = tid;
    m_out.stream() << (m_first ? " " : ",\n ") << j.dump();
    m_first = false;
}

void TimelineRecorder::write(const Event& e) {
    // Trace-event times are microseconds.
    nlohmann::json j = {{"name", e.name},
                        {"ph", std::string(1, e.phase)},
                        {"pid", e.pid},
                        {"tid", e.tid},
                        {"ts", e.ts_ps / 1e6}};
    if (e.phase == 'X') j["dur"] = e.dur_ps / 1e6;
    if (e.phase == 'i') j["s"] = "t";
    m_out.stream() << (m_first ? " " : ",\n ") << j.dump();
    m_first = false;
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
    if (!m_window->to_known() && end >= horizon_ps) return false;
    // Cut to the window.
    const std::uint64_t start = std::max(e.ts_ps, from);
    e.dur_ps = std::min(end, to) - start;
    e.ts_ps = start;
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
        add({open.name, 'X', pid, tid, open.since_ps, now - open.since_ps});
    open.name.clear();
}

void TimelineRecorder::core_state(int id, CoreState state, std::uint64_t at_ps) {
    if (!m_selected[id]) return;
    Open& open = m_core_open[id];
    close(kCorePid, id, open, at_ps);
    if (const char* name = slice_name(state)) open = {name, at_ps};
}

void TimelineRecorder::core_round(int id, std::uint32_t round, std::uint64_t at_ps) {
    if (round == 0 || !m_selected[id]) return; // 0: the reset at block start
    add({"arrive round " + std::to_string(round), 'i', kCorePid, id, at_ps, 0});
}

void TimelineRecorder::core_release(int id, std::uint32_t round, std::uint64_t at_ps) {
    if (!m_selected[id]) return;
    add({"release round " + std::to_string(round), 'i', kCorePid, id, at_ps, 0});
}

void TimelineRecorder::stream_state(int id, StreamState state) {
    if (!m_spec.selects(TraceSignal::Streams)) return;
    const std::uint64_t now = now_ps();
    const auto [it, first] = m_stream_open.try_emplace(id);
    if (first) write_name("thread_name", kStreamPid, id, "stream " + std::to_string(id));
    close(kStreamPid, id, it->second, now);
    if (state != StreamState::Idle) it->second = {to_string(state), now};
}

void TimelineRecorder::finish(std::uint64_t end_ps) {
    for (auto& [id, open] : m_core_open) close(kCorePid, id, open, end_ps);
    for (auto& [id, open] : m_stream_open) close(kStreamPid, id, open, end_ps);
    flush(kNoTime);
    // A round window never reached (or never ended): what is held is dropped
    // or was written when the window became known.
    m_held.clear();
    m_out.stream() << "\n]}\n";
    m_out.close();
}

} // namespace syncsim
