#include "models/trace/timeline.hpp"

#include "models/systemc/simulation_time.hpp"
#include "models/trace/output_file.hpp"

#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>

namespace syncsim {

namespace {

constexpr int kCorePid = 1, kStreamPid = 2;

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

TimelineRecorder::TimelineRecorder(const std::vector<AiCore*>& cores) {
    m_core_names.resize(cores.size());
    for (AiCore* c : cores) m_core_names[c->config().soc_core_id] = c->basename();
}

void TimelineRecorder::close(int pid, int tid, Open& open, std::uint64_t now) {
    if (!open.name.empty() && now > open.since_ps)
        m_events.push_back({open.name, "X", pid, tid, open.since_ps, now - open.since_ps});
    open.name.clear();
}

void TimelineRecorder::core_state(int id, CoreState state, std::uint64_t at_ps) {
    const std::uint64_t now = at_ps;
    Open& open = m_core_open[id];
    close(kCorePid, id, open, now);
    if (const char* name = slice_name(state)) open = {name, now};
}

void TimelineRecorder::core_round(int id, std::uint32_t round, std::uint64_t at_ps) {
    if (round == 0) return; // the reset at block start
    m_events.push_back({"arrive round " + std::to_string(round), "i", kCorePid, id, at_ps, 0});
}

void TimelineRecorder::core_release(int id, std::uint32_t round, std::uint64_t at_ps) {
    m_events.push_back({"release round " + std::to_string(round), "i", kCorePid, id, at_ps, 0});
}

void TimelineRecorder::stream_state(int id, StreamState state) {
    const std::uint64_t now = now_ps();
    Open& open = m_stream_open[id];
    close(kStreamPid, id, open, now);
    if (state != StreamState::Idle) open = {to_string(state), now};
}

void TimelineRecorder::write(const std::string& path, std::uint64_t end_ps) {
    for (auto& [id, open] : m_core_open) close(kCorePid, id, open, end_ps);
    for (auto& [id, open] : m_stream_open) close(kStreamPid, id, open, end_ps);
    using nlohmann::json;
    json events = json::array();
    events.push_back(
        {{"ph", "M"}, {"name", "process_name"}, {"pid", kCorePid}, {"args", {{"name", "cores"}}}});
    events.push_back({{"ph", "M"},
                      {"name", "process_name"},
                      {"pid", kStreamPid},
                      {"args", {{"name", "streams"}}}});
    for (std::size_t id = 0; id < m_core_names.size(); ++id)
        events.push_back({{"ph", "M"},
                          {"name", "thread_name"},
                          {"pid", kCorePid},
                          {"tid", id},
                          {"args", {{"name", m_core_names[id]}}}});
    for (const auto& [id, open] : m_stream_open)
        events.push_back({{"ph", "M"},
                          {"name", "thread_name"},
                          {"pid", kStreamPid},
                          {"tid", id},
                          {"args", {{"name", "stream " + std::to_string(id)}}}});
    for (const Event& e : m_events) {
        // Trace-event times are microseconds.
        json j = {{"name", e.name},
                  {"ph", e.phase},
                  {"pid", e.pid},
                  {"tid", e.tid},
                  {"ts", e.ts_ps / 1e6}};
        if (e.phase == "X") j["dur"] = e.dur_ps / 1e6;
        if (e.phase == "i") j["s"] = "t";
        events.push_back(j);
    }
    std::ofstream out = open_output(path, "--timeline file");
    out << json{{"traceEvents", events}, {"displayTimeUnit", "ns"}}.dump(1) << "\n";
    close_output(out, path, "--timeline file");
}

} // namespace syncsim
