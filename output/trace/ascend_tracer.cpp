#include "output/trace/ascend_tracer.hpp"

#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>

namespace syncsim {

namespace {
constexpr int kTracedStreams = 32;
} // namespace

AscendTracer::AscendTracer(const std::string& vcd_path, const std::vector<AiCore*>& cores,
                           const SparseStore& gm, const TraceSpec& spec, const TraceWindow* window)
    : m_vcd_path(vcd_path), m_spec(spec), m_vcd(vcd_path, window), m_gm(gm) {
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
    return id;
}

// A model's signal is kept when its kind is selected and, for a core's, the
// core is (a declared signal that never changes costs nothing).
int AscendTracer::declare(const SignalDecl& s) {
    const bool core_kept = s.core < 0 || (static_cast<std::size_t>(s.core) < m_selected.size() &&
                                          m_selected[static_cast<std::size_t>(s.core)]);
    const int id = declare(m_spec.selects(s.kind) && core_kept, s.scope, s.name, s.width, 0);
    if (id >= 0) m_model_signals.emplace_back(s, id);
    return id;
}

void AscendTracer::change(int signal, std::uint64_t at_ps, std::uint64_t value) {
    m_started = true;
    if (signal < 0) return;
    m_changed[static_cast<std::size_t>(signal)] = true;
    m_vcd.change(signal, at_ps, value);
}

void AscendTracer::core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) {
    m_ran[soc_core_id] = true;
    change(m_state_signal[soc_core_id], at_ps, static_cast<std::uint64_t>(state));
}

void AscendTracer::core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) {
    change(m_round_signal[soc_core_id], at_ps, round);
}

void AscendTracer::stream_state(int stream, StreamState state) {
    if (stream < 0 || stream >= static_cast<int>(m_stream_signal.size())) return;
    m_stream_used[stream] = true;
    change(m_stream_signal[stream], now_ps(), static_cast<std::uint64_t>(state));
}

bool AscendTracer::add_word(const std::string& name, GmAddr addr) {
    if (m_started) return false;
    if (!m_spec.selects(TraceSignal::Words)) return true; // accepted, left out
    std::uint32_t value = 0;
    m_gm.read(addr, reinterpret_cast<std::uint8_t*>(&value), sizeof value);
    m_words.push_back({name, addr, declare(true, "gm", name, 32, value)});
    return true;
}

void AscendTracer::memory_written(std::uint64_t addr, std::uint64_t len) {
    for (const Word& w : m_words) {
        if (w.addr + 4 <= addr || w.addr >= addr + len) continue;
        std::uint32_t value = 0;
        m_gm.read(w.addr, reinterpret_cast<std::uint8_t*>(&value), sizeof value);
        change(w.signal, now_ps(), value);
    }
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

void AscendTracer::write_core_group(std::ostream& g, const std::string& title,
                                    const std::string& type, const std::string& filter_path) const {
    g << "@800200\n-" << title << "\n";
    // Only cores that ran something: an idle core's trace says nothing.
    for (std::size_t id = 0; id < m_core_scope.size(); ++id) {
        if (!m_ran[id] || !m_selected[id] || m_core_scope[id].rfind(type + ".", 0) != 0) continue;
        const std::string core = m_core_scope[id].substr(type.size() + 1);
        const std::string path = "syncsim." + m_core_scope[id];
        // Aliases use '_': GTKWave shows only the last dotted part of an alias.
        if (m_state_signal[id] >= 0)
            g << "@2024\n^1 " << filter_path << "\n+{" << core << "_state} " << path
              << ".state[2:0]\n";
        g << "@24\n";
        if (m_round_signal[id] >= 0)
            g << "+{" << core << "_round} " << path << ".barrier_round[31:0]\n";
        for (const auto& [s, signal] : m_model_signals)
            if (s.core == static_cast<int>(id) && m_changed[static_cast<std::size_t>(signal)])
                g << "+{" << core << "_" << s.name << "} " << path << "." << s.name
                  << bit_range(s.width) << "\n";
    }
    g << "@1000200\n-" << title << "\n";
}

void AscendTracer::write_device_groups(std::ostream& g) const {
    std::vector<std::string> groups; // in the order their first signal was declared
    for (const auto& [s, signal] : m_model_signals)
        if (s.core < 0 && m_changed[static_cast<std::size_t>(signal)] &&
            std::find(groups.begin(), groups.end(), s.group) == groups.end())
            groups.push_back(s.group);
    for (const std::string& group : groups) {
        g << "@800200\n-" << group << "\n@24\n";
        for (const auto& [s, signal] : m_model_signals)
            if (s.core < 0 && s.group == group && m_changed[static_cast<std::size_t>(signal)])
                g << "+{" << s.alias << "} syncsim." << s.scope << "." << s.name
                  << bit_range(s.width) << "\n";
        g << "@1000200\n-" << group << "\n";
    }
}

void AscendTracer::round_closed(const RoundRow& row) {
    change(m_round_marker, row.last_arrival, ++m_rounds_closed);
}

std::vector<std::string> AscendTracer::companion_files(const std::string& vcd_path) {
    std::filesystem::path filter = vcd_path, save = vcd_path, stream_filter = vcd_path;
    filter.replace_extension(".states.txt");
    save.replace_extension(".gtkw");
    stream_filter.replace_extension(".streams.txt");
    return {filter.string(), save.string(), stream_filter.string()};
}

void AscendTracer::finish(std::uint64_t end_time_ps) {
    m_vcd.close(end_time_ps);
    const std::filesystem::path vcd(m_vcd_path);
    const std::vector<std::string> companions = companion_files(m_vcd_path);
    const std::filesystem::path filter = companions[0], save = companions[1],
                                stream_filter = companions[2];
    std::vector<std::string> states;
    for (int st = 0; st < kCoreStateCount; ++st)
        states.push_back(to_string(static_cast<CoreState>(st)));
    write_translate_filter(filter.string(), "syncsim core states (value of <core>.state)", states);
    OutputFile g_file(save.string(), "GTKWave save file");
    std::ostream& g = g_file.stream();
    write_gtkwave_paths(g, vcd.string(), save.string());
    const std::uint64_t start = m_vcd.start_ps();
    g << "[timestart] " << start << "\n";
    if (m_round_marker >= 0)
        g << "@800200\n-Rounds\n@24\n+{round} syncsim.rounds.round[31:0]\n@1000200\n-Rounds\n";
    // Zoom so the whole trace fits the default wave pane with a margin.
    // GTKWave shows 2^(-zoom - 7.6) time units per pixel (measured on 3.3.118).
    const std::uint64_t shown = m_vcd.end_ps() - start;
    g << "*" << std::fixed << std::setprecision(3)
      << -(std::log2(std::max<double>(1.0, shown / 800.0)) + 7.6) << " " << start << "\n";
    const std::string filter_path = relative_to_save_file(filter.string(), save.string());
    write_core_group(g, "AIC", "aic", filter_path);
    write_core_group(g, "AIV", "aiv", filter_path);
    std::vector<std::string> stream_states;
    for (int st = 0; st < 4; ++st) stream_states.push_back(to_string(static_cast<StreamState>(st)));
    write_translate_filter(stream_filter.string(), "syncsim stream states", stream_states);
    if (m_spec.selects(TraceSignal::Streams) &&
        std::find(m_stream_used.begin(), m_stream_used.end(), true) != m_stream_used.end()) {
        g << "@800200\n-Streams\n";
        for (std::size_t st = 0; st < m_stream_used.size(); ++st)
            if (m_stream_used[st])
                g << "@2024\n^2 " << relative_to_save_file(stream_filter.string(), save.string())
                  << "\n+{stream" << st << "} syncsim.runtime.streams.stream" << st << "[1:0]\n";
        g << "@1000200\n-Streams\n";
    }
    write_device_groups(g);
    if (!m_words.empty()) {
        g << "@800200\n-GM words\n@24\n";
        for (const Word& w : m_words)
            g << "+{" << w.name << "} syncsim.gm." << w.name << "[31:0]\n";
        g << "@1000200\n-GM words\n";
    }
    g_file.close();
}

} // namespace syncsim
