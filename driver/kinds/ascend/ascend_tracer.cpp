#include "driver/kinds/ascend/ascend_tracer.hpp"

#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace syncsim {

namespace {
constexpr int kTracedStreams = 32;
} // namespace

AscendTracer::AscendTracer(const std::string& vcd_path, const std::vector<AiCore*>& cores,
                           const TraceSpec& spec, const TraceWindow* window)
    : m_vcd_path(vcd_path), m_spec(spec), m_vcd(vcd_path, window), m_window(window) {
    m_state_signal.assign(cores.size(), -1);
    m_round_signal.assign(cores.size(), -1);
    m_core_scope.resize(cores.size());
    m_ran.assign(cores.size(), false);
    m_selected.assign(cores.size(), false);
    for (AiCore* core : cores) {
        const int id = core->config().soc_core_id;
        const std::string type = to_string(core->config().type);
        const std::string scope = type + "." + core->basename();
        m_core_scope[id] = scope;
        const bool selected = spec.selects(type, core->config().index);
        m_selected[id] = selected;
        m_state_signal[id] =
            declare(selected && spec.selects(TraceSignal::State), scope, "state", 3, 0);
        m_round_signal[id] =
            declare(selected && spec.selects(TraceSignal::Round), scope, "barrier_round", 32, 0);
    }
    for (int s = 0; s < kTracedStreams; ++s)
        m_stream_signal.push_back(declare(spec.selects(TraceSignal::Streams), "runtime.streams",
                                          "stream" + std::to_string(s), 2, 0));
    m_round_marker = declare(spec.selects(TraceSignal::RoundMarker), "rounds", "round", 32, 0);
    m_stream_used.assign(kTracedStreams, false);
}

int AscendTracer::declare(bool selected, const std::string& scope, const std::string& name,
                          unsigned width, std::uint64_t initial) {
    if (!selected) return -1;
    const int id = m_vcd.add_signal(scope, name, width, initial);
    m_changed.resize(static_cast<std::size_t>(id) + 1, false);
    m_pulses.resize(m_changed.size());
    return id;
}

// A model's signal is kept when its kind is selected and, for a core's, the
// core is (a declared signal that never changes costs nothing).
int AscendTracer::declare(const SignalDecl& s) {
    const bool core_kept = s.core < 0 || (static_cast<std::size_t>(s.core) < m_selected.size() &&
                                          m_selected[static_cast<std::size_t>(s.core)]);
    const int id =
        declare(m_spec.selects(s.kind) && core_kept, s.scope, s.name, s.width, s.initial);
    if (id < 0) return id;
    m_model_signals.emplace_back(s, id);
    // A word the workload marked shows even if it never changes.
    if (s.kind == TraceSignal::Words) m_changed[static_cast<std::size_t>(id)] = true;
    if (s.pulses) {
        const int rise = m_vcd.add_event(s.scope, s.name + "_set");
        const int fall = m_vcd.add_event(s.scope, s.name + "_take");
        m_changed.resize(static_cast<std::size_t>(fall) + 1, false);
        m_pulses.resize(m_changed.size());
        m_pulses[static_cast<std::size_t>(id)] = {rise, fall, 0};
    }
    return id;
}

void AscendTracer::change(int signal, std::uint64_t at_ps, std::uint64_t value) {
    if (signal < 0) return;
    m_changed[static_cast<std::size_t>(signal)] = true;
    m_vcd.change(signal, at_ps, value);
    Pulses& p = m_pulses[static_cast<std::size_t>(signal)];
    if (p.rise < 0 || value == p.last) return;
    m_vcd.change(value > p.last ? p.rise : p.fall, at_ps, 1);
    p.last = value;
}

void AscendTracer::core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) {
    m_ran[soc_core_id] = true;
    change(m_state_signal[soc_core_id], at_ps, static_cast<std::uint64_t>(state));
}

void AscendTracer::core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) {
    change(m_round_signal[soc_core_id], at_ps, round);
}

void AscendTracer::stream_state(const Stream& s, StreamState state) {
    const int stream = s.id();
    if (stream < 0 || stream >= static_cast<int>(m_stream_signal.size())) return;
    m_stream_used[stream] = true;
    change(m_stream_signal[stream], now_ps(), static_cast<std::uint64_t>(state));
}

namespace {

// How the save file names a signal's bits: as the VCD declares them (a
// 1-bit signal has no range).
std::string bit_range(unsigned width) {
    return width > 1 ? "[" + std::to_string(width - 1) + ":0]" : "";
}

// A GTKWave translate filter: one "value name" line per state.
void write_translate_filter(const std::string& path, const std::string& title,
                            const std::vector<std::string>& names) {
    OutputFile f_file(path, "GTKWave translate filter");
    std::ostream& f = f_file.stream();
    f << "# " << title << "\n";
    for (std::size_t v = 0; v < names.size(); ++v) f << v << ' ' << names[v] << '\n';
    f_file.close();
}

} // namespace

void AscendTracer::write_model_signal(GtkwaveGroups& g, const std::string& label,
                                      const std::string& path, const SignalDecl& s,
                                      int signal) const {
    g.row(label, path + "." + s.name + bit_range(s.width), "24", decimal_chars(s.width));
    const Pulses& p = m_pulses[static_cast<std::size_t>(signal)];
    if (p.rise < 0) return;
    g.row(label + "_set", path + "." + s.name + "_set", "24", 1);
    g.row(label + "_take", path + "." + s.name + "_take", "24", 1);
}

void AscendTracer::write_core_group(GtkwaveGroups& g, const std::string& title,
                                    const std::string& type, const std::string& filter_path) const {
    // Only cores that ran something: an idle core's trace says nothing.
    std::vector<std::size_t> shown;
    for (std::size_t id = 0; id < m_core_scope.size(); ++id)
        if (m_ran[id] && m_selected[id] && m_core_scope[id].rfind(type + ".", 0) == 0)
            shown.push_back(id);
    if (shown.empty()) return; // no empty group
    std::size_t state_chars = 0;
    for (int st = 0; st < kCoreStateCount; ++st)
        state_chars =
            std::max(state_chars, std::string(to_string(static_cast<CoreState>(st))).size());
    g.begin(title);
    for (const std::size_t id : shown) {
        const std::string core = m_core_scope[id].substr(type.size() + 1);
        const std::string path = "syncsim." + m_core_scope[id];
        // Aliases use '_': GTKWave shows only the last dotted part of an alias.
        if (m_state_signal[id] >= 0)
            g.row(core + "_state", path + ".state[2:0]", "2024", state_chars, "^1 " + filter_path);
        if (m_round_signal[id] >= 0)
            g.row(core + "_round", path + ".barrier_round[31:0]", "24", decimal_chars(32));
        for (const auto& [s, signal] : m_model_signals)
            if (s.core == static_cast<int>(id) && m_changed[static_cast<std::size_t>(signal)])
                write_model_signal(g, core + "_" + s.name, path, s, signal);
    }
    g.end(title);
}

void AscendTracer::write_device_groups(GtkwaveGroups& g) const {
    std::vector<std::string> groups; // in the order their first signal was declared
    for (const auto& [s, signal] : m_model_signals)
        if (s.core < 0 && m_changed[static_cast<std::size_t>(signal)] &&
            std::find(groups.begin(), groups.end(), s.group) == groups.end())
            groups.push_back(s.group);
    for (const std::string& group : groups) {
        g.begin(group);
        for (const auto& [s, signal] : m_model_signals)
            if (s.core < 0 && s.group == group && m_changed[static_cast<std::size_t>(signal)]) {
                // The alias names the value; its pulses sit under it.
                const std::string path = "syncsim." + s.scope;
                write_model_signal(g, s.alias, path, s, signal);
            }
        g.end(group);
    }
}

void AscendTracer::round_closed(const RoundRow& row) {
    change(m_round_marker, row.last_arrival, ++m_rounds_closed);
    // A marker only where the trace shows (a round window's start is known
    // by the time its first row closes).
    const std::uint64_t at = row.last_arrival;
    if (!m_window || (m_window->from_known() && at >= m_window->from() && at <= m_window->to()))
        m_round_marks.add(row.round, at);
}

std::vector<std::string> AscendTracer::companion_files(const std::string& vcd_path) {
    std::filesystem::path filter = vcd_path, save = vcd_path, stream_filter = vcd_path;
    filter.replace_extension(".states.txt");
    save.replace_extension(".gtkw");
    stream_filter.replace_extension(".streams.txt");
    return {filter.string(), save.string(), stream_filter.string()};
}

void AscendTracer::write_other_groups(GtkwaveGroups& g, const std::string& stream_filter) const {
    if (m_spec.selects(TraceSignal::Streams) &&
        std::find(m_stream_used.begin(), m_stream_used.end(), true) != m_stream_used.end()) {
        g.begin("Streams");
        for (std::size_t st = 0; st < m_stream_used.size(); ++st)
            if (m_stream_used[st])
                g.row("stream" + std::to_string(st),
                      "syncsim.runtime.streams.stream" + std::to_string(st) + "[1:0]", "2024",
                      std::string("waiting").size(), "^2 " + stream_filter);
        g.end("Streams");
    }
    write_device_groups(g);
}

void AscendTracer::finish(std::uint64_t end_time_ps) {
    m_vcd.close(end_time_ps);
    const std::vector<std::string> companions = companion_files(m_vcd_path);
    const std::string filter = companions[0], save = companions[1], stream_filter = companions[2];
    std::vector<std::string> states, stream_states;
    for (int st = 0; st < kCoreStateCount; ++st)
        states.push_back(to_string(static_cast<CoreState>(st)));
    write_translate_filter(filter, "syncsim core states (value of <core>.state)", states);
    for (int st = 0; st < 4; ++st) stream_states.push_back(to_string(static_cast<StreamState>(st)));
    write_translate_filter(stream_filter, "syncsim stream states", stream_states);

    GtkwaveGroups groups;
    if (m_round_marker >= 0 && m_rounds_closed > 0) {
        groups.begin("Rounds");
        groups.row("round", "syncsim.rounds.round[31:0]", "24", decimal_chars(32));
        groups.end("Rounds");
    }
    const std::string filter_path = relative_to_save_file(filter, save);
    write_core_group(groups, "AIC", "aic", filter_path);
    write_core_group(groups, "AIV", "aiv", filter_path);
    write_other_groups(groups, relative_to_save_file(stream_filter, save));

    OutputFile g_file(save, "GTKWave save file");
    std::ostream& g = g_file.stream();
    write_gtkwave_paths(g, m_vcd_path, save);
    write_gtkwave_view(g,
                       {m_vcd.start_ps(), m_vcd.end_ps(), groups.widest(), m_round_marks.chosen()});
    g << groups.text();
    g_file.close();
}

} // namespace syncsim
