// A push-style VCD writer: models report value changes as they happen, so a
// traced object costs nothing in a timestep where it does not change (the
// stock sc_trace writer polls every traced object at every timestep).
// Changes may arrive out of time order (a core running ahead of the kernel,
// the round marker placed at a round's last arrival once it closes); they
// are held until a horizon says no earlier change can come, then written
// in time order, so memory holds only the changes not yet final. A window
// keeps part of the run: changes before it set the values dumped at its
// start, changes after it are dropped. The output is a file, or vcd2fst
// reading the VCD from a pipe when the path ends in .fst.
#pragma once

#include "output/trace/trace_window.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class TraceOutput;

class VcdWriter {
  public:
    // The earliest time a change may still be added at.
    using Horizon = std::function<std::uint64_t()>;

    // `window` (may be null: the whole run) must outlive the writer.
    explicit VcdWriter(const std::string& path, const TraceWindow* window = nullptr);
    ~VcdWriter();

    // Declared before the first change. scope is a dotted path ("aiv.aiv3").
    int add_signal(const std::string& scope, const std::string& name, unsigned width,
                   std::uint64_t initial);
    // A VCD event: each change() is a trigger, written even when a value
    // does not change (GTKWave draws it as a pulse), so a flag set and taken
    // in one instant still shows.
    int add_event(const std::string& scope, const std::string& name);
    // Without a horizon every change is kept until close.
    void set_horizon(Horizon horizon) { m_horizon = std::move(horizon); }
    // Records a value at `time_ps`; within one timestamp the last value wins.
    void change(int id, std::uint64_t time_ps, std::uint64_t value);
    // Writes every change earlier than `horizon_ps` that is final.
    void flush(std::uint64_t horizon_ps);
    // Writes the rest and ends the file at min(end, the window's end).
    void close(std::uint64_t end_time_ps);
    // The time the trace starts at (the window's start once known, else 0).
    std::uint64_t start_ps() const;
    // After close: the time the trace ends at.
    std::uint64_t end_ps() const { return m_end_ps; }

    struct Signal {
        std::string scope, name, code;
        unsigned width;
        std::uint64_t value;
        bool event = false;
    };
    const std::vector<Signal>& signals() const { return m_signals; }
    std::size_t held() const { return m_changes.size(); }

    // Tests: flush after this many held changes (default 65,536; doubles
    // while most changes cannot be written yet).
    static void set_flush_threshold_for_tests(std::size_t n);

  private:
    struct Change {
        std::uint64_t time_ps;
        int id;
        std::uint64_t value;
    };
    void write_header(std::uint64_t at_ps);
    void emit(const Signal& s, std::uint64_t value);
    void write_timestamp(std::uint64_t t, const std::vector<std::pair<int, std::uint64_t>>& finals);

    std::string m_path;
    std::unique_ptr<TraceOutput> m_file;
    std::ostream* m_out = nullptr;
    const TraceWindow* m_window;
    Horizon m_horizon;
    std::vector<Signal> m_signals;
    std::vector<Change> m_changes;    // not yet final
    std::uint64_t m_final_before = 0; // every change before this was written
    std::uint64_t m_last_written = 0, m_end_ps = 0;
    std::size_t m_flush_at;
    bool m_header_written = false, m_closed = false;
};

} // namespace syncsim
