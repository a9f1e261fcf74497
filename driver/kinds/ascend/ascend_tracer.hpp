// Tracing of a run into VCD: per-core state and barrier round, stream
// states, and the signals models declare (flag counters, CntNotify counts,
// the GM words a workload marks: word_watch.hpp). Writes a GTKWave save file that groups the
// signals by core type, sized and zoomed so the whole trace fits, with a named marker at round
// boundaries (gtkwave_layout.hpp).
// Exists only when tracing was asked for; otherwise models hold a null sink.
// --cores and --signals leave signals out (undeclared, their changes
// ignored); --window is the writer's.
#pragma once

#include "models/core/ai_core.hpp"
#include "models/notify/notify_table.hpp"
#include "models/runtime/host_runtime.hpp"
#include "output/trace/gtkwave_layout.hpp"
#include "output/trace/vcd_writer.hpp"

#include <memory>
#include <string>
#include <vector>

namespace syncsim {

class AscendTracer : public CoreTraceSink,
                     public SignalTracer,
                     public StreamTraceSink,
                     public RoundSink {
  public:
    // `window` (may be null) must outlive the tracer.
    AscendTracer(const std::string& vcd_path, const std::vector<AiCore*>& cores,
                 const TraceSpec& spec = {}, const TraceWindow* window = nullptr);
    // Changes before the horizon are written as the run goes.
    void set_horizon(VcdWriter::Horizon horizon) { m_vcd.set_horizon(std::move(horizon)); }

    void core_state(int soc_core_id, CoreState state, std::uint64_t at_ps) override;
    void core_round(int soc_core_id, std::uint32_t round, std::uint64_t at_ps) override;
    // The signals models declare (flag counters, CntNotify counters, ...).
    int declare(const SignalDecl& signal) override;
    void change(int signal, std::uint64_t at_ps, std::uint64_t value) override;
    void stream_state(const Stream& stream, StreamState state) override;
    // The round marker steps to 1, 2, ... at each closed round's last arrival.
    void round_closed(const RoundRow& row) override;

    // Ends the VCD and writes the .gtkw save file and the filters beside it.
    void finish(std::uint64_t end_time_ps);
    // The files finish() writes beside the VCD at `vcd_path`.
    static std::vector<std::string> companion_files(const std::string& vcd_path);

  private:
    // The save file's group of one core type's signals (cores that ran
    // only); none when no such core is shown.
    void write_core_group(GtkwaveGroups& g, const std::string& title, const std::string& type,
                          const std::string& filter_path) const;
    // A model signal's rows: its value, then its pulses (when it has them).
    void write_model_signal(GtkwaveGroups& g, const std::string& label, const std::string& path,
                            const SignalDecl& s, int signal) const;
    // The signal's id, or -1 when the selection leaves it out.
    int declare(bool selected, const std::string& scope, const std::string& name, unsigned width,
                std::uint64_t initial);
    // The save file's groups of the device signals models declared.
    void write_device_groups(GtkwaveGroups& g) const;
    // Streams and device signals (GM words among them).
    void write_other_groups(GtkwaveGroups& g, const std::string& stream_filter) const;

    std::string m_vcd_path;
    TraceSpec m_spec;
    VcdWriter m_vcd;
    std::vector<int> m_state_signal, m_round_signal; // by trace id
    std::vector<std::string> m_core_scope;           // by trace id
    std::vector<bool> m_ran;                         // by trace id: left idle at least once
    std::vector<bool> m_selected;                    // by trace id: --cores keeps it
    // Streams appear while the run goes on; a fixed number is declared up
    // front and the save file shows those that changed.
    std::vector<int> m_stream_signal;
    std::vector<bool> m_stream_used;
    // The signals models declared, in order, with their VCD ids.
    std::vector<std::pair<SignalDecl, int>> m_model_signals;
    std::vector<bool> m_changed; // by VCD id
    // A counter's pulses (VCD events, by its VCD id): where it rose and fell.
    struct Pulses {
        int rise = -1, fall = -1;
        std::uint64_t last = 0;
    };
    std::vector<Pulses> m_pulses;
    const TraceWindow* m_window;
    RoundMarks m_round_marks;
    int m_round_marker = 0;
    std::uint64_t m_rounds_closed = 0;
};

} // namespace syncsim
