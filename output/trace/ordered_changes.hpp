// Value changes of numbered signals as models report them: out of time
// order (a core running ahead of the kernel, a marker placed at a round's
// last arrival once the round closes), held until a horizon says no earlier
// change can come, then handed to a writer in time order. Memory holds only
// the changes not yet final. A window keeps part of the run: changes before
// it set the values at its start, changes after it are dropped. The VCD
// writer and the timeline's counter tracks both write through it.
// Kernel-free (times in ps).
#pragma once

#include "output/trace/trace_window.hpp"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace syncsim {

class OrderedChanges {
  public:
    // The earliest time a change may still be added at.
    using Horizon = std::function<std::uint64_t()>;
    // (signal, value) pairs of one timestamp, signals ascending.
    using Changes = std::vector<std::pair<int, std::uint64_t>>;

    class Writer {
      public:
        virtual ~Writer() = default;
        // Once, before any timestamp: the trace starts at `at_ps`, with the
        // values every change before it left (value()).
        virtual void begin(std::uint64_t at_ps) = 0;
        // The changes at `at_ps` that change a value (an event's every
        // trigger); value() still gives each signal's previous value.
        virtual void write(std::uint64_t at_ps, const Changes& changes) = 0;
    };

    // `window` (may be null: the whole run) must outlive it, and `writer`.
    OrderedChanges(Writer& writer, const TraceWindow* window);

    // Declared before the first change. An event has no value: each change
    // is a trigger, written even when the value does not change.
    int add_signal(std::uint64_t initial, bool event = false);
    std::size_t signals() const { return m_values.size(); }
    std::uint64_t value(int signal) const { return m_values[static_cast<std::size_t>(signal)]; }

    // Without a horizon every change is held until close.
    void set_horizon(Horizon horizon) { m_horizon = std::move(horizon); }
    // Records a value at `at_ps`; within one timestamp the last value wins.
    // A change before what was already written is a logic error.
    void change(int signal, std::uint64_t at_ps, std::uint64_t value);
    // Hands on every change earlier than `horizon_ps` (all of them are final).
    void flush(std::uint64_t horizon_ps);
    // Hands on the rest; begins the trace if nothing did.
    void close();

    // The time the trace starts at (the window's start once known, else 0).
    std::uint64_t start_ps() const;
    // The last timestamp handed on (or the start), and the horizon flushed to.
    std::uint64_t last_written() const { return m_last_written; }
    std::uint64_t final_before() const { return m_final_before; }
    bool begun() const { return m_begun; }
    std::size_t held() const { return m_changes.size(); }

    // Tests: flush after this many held changes (default 65,536, or the
    // SYNCSIM_TRACE_FLUSH_EVERY environment variable; doubles while most
    // held changes cannot be handed on yet).
    static void set_flush_threshold_for_tests(std::size_t n);

  private:
    struct Change {
        std::uint64_t at_ps;
        int signal;
        std::uint64_t value;
    };
    void begin(std::uint64_t at_ps);
    void hand_on(std::uint64_t at_ps, Changes& finals);

    Writer& m_writer;
    const TraceWindow* m_window;
    Horizon m_horizon;
    std::vector<std::uint64_t> m_values;
    std::vector<bool> m_event;
    std::vector<Change> m_changes;    // not yet final
    std::uint64_t m_final_before = 0; // every change before this was handed on
    std::uint64_t m_last_written = 0;
    std::size_t m_flush_at;
    bool m_begun = false;
};

} // namespace syncsim
