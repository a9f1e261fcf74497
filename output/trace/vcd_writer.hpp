// A push-style VCD writer: models report value changes as they happen, so a
// traced object costs nothing in a timestep where it does not change (the
// stock sc_trace writer polls every traced object at every timestep).
// Changes are put in time order and cut to the window by OrderedChanges;
// the values at the window's start are the ones dumped there. The output
// is a file, or vcd2fst reading the VCD from a pipe when the path ends in
// .fst.
#pragma once

#include "output/trace/ordered_changes.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class TraceOutput;

class VcdWriter : private OrderedChanges::Writer {
  public:
    // The earliest time a change may still be added at.
    using Horizon = OrderedChanges::Horizon;

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
    void set_horizon(Horizon horizon) { m_changes.set_horizon(std::move(horizon)); }
    // Records a value at `time_ps`; within one timestamp the last value wins.
    void change(int id, std::uint64_t time_ps, std::uint64_t value) {
        m_changes.change(id, time_ps, value);
    }
    // Writes every change earlier than `horizon_ps` that is final.
    void flush(std::uint64_t horizon_ps) { m_changes.flush(horizon_ps); }
    // Writes the rest and ends the file at min(end, the window's end).
    void close(std::uint64_t end_time_ps);
    // The time the trace starts at (the window's start once known, else 0).
    std::uint64_t start_ps() const { return m_changes.start_ps(); }
    // After close: the time the trace ends at.
    std::uint64_t end_ps() const { return m_end_ps; }

    struct Signal {
        std::string scope, name, code;
        unsigned width;
        bool event = false;
    };
    const std::vector<Signal>& signals() const { return m_signals; }
    std::size_t held() const { return m_changes.held(); }

  private:
    // OrderedChanges::Writer: the header with the values at the start, and
    // one timestamp's changes.
    void begin(std::uint64_t at_ps) override;
    void write(std::uint64_t at_ps, const OrderedChanges::Changes& changes) override;
    void emit(const Signal& s, std::uint64_t value);

    std::string m_path;
    std::unique_ptr<TraceOutput> m_file;
    std::ostream* m_out = nullptr;
    const TraceWindow* m_window;
    std::vector<Signal> m_signals;
    OrderedChanges m_changes;
    std::uint64_t m_end_ps = 0;
    std::uint64_t m_stamped_ps = 0; // the last timestamp written
    bool m_closed = false;
};

} // namespace syncsim
