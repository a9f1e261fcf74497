// Signals a model traces itself, as gem5's probe points or VCML's trace
// ports do: the model declares each signal (where it shows, its width, the
// --signals kind that selects it, the core it belongs to) and reports its
// changes; whoever traces (the output layer's VCD writer) keeps or leaves
// out each one and lays out the GTKWave groups, or draws counter tracks,
// knowing no model. A model holds a null tracer when nothing traces. (Core
// states, barrier rounds and stream states keep their typed sinks.)
#pragma once

#include <cstdint>
#include <string>

namespace syncsim {

// The kinds of signal a trace can hold; --signals selects a set of them.
enum class TraceSignal : unsigned {
    State = 1u << 0,       // each core's state
    Round = 1u << 1,       // each core's barrier round
    FftsFlags = 1u << 2,   // each core's cross-core flag counters
    IntraFlags = 1u << 3,  // each core's intra-block flag counters
    Streams = 1u << 4,     // stream states
    CntNotify = 1u << 5,   // CntNotify counters
    Words = 1u << 6,       // GM words the workload marks
    RoundMarker = 1u << 7, // the closed-round counter
    L2Queue = 1u << 8,     // requests waiting for a busy range, per die's L2
};
constexpr unsigned kAllTraceSignals = (1u << 9) - 1;

struct SignalDecl {
    TraceSignal kind;
    // The SoC id of the core it belongs to (it shows with the core, named
    // "<core>_<name>"); -1: a device signal, shown in `group` as `alias`.
    int core = -1;
    std::string scope, name; // in the VCD: syncsim.<scope>.<name>
    unsigned width = 1;
    std::string group, alias;
    // A counter that may rise and fall in one instant (a flag set and taken
    // at once): the trace adds a pulse where it rises and where it falls.
    bool pulses = false;
    // Its value before the first change (a GM word's, when it is marked).
    std::uint64_t initial = 0;
};

class SignalTracer {
  public:
    virtual ~SignalTracer() = default;
    // The signal's id, or -1 when the selection leaves it out. The save
    // file shows a declared signal once it has changed.
    virtual int declare(const SignalDecl& signal) = 0;
    // Its value from `at_ps` on (ignored for -1).
    virtual void change(int signal, std::uint64_t at_ps, std::uint64_t value) = 0;
};

} // namespace syncsim
