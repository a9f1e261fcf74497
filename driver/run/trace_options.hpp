// The trace window and selection options (--window, --cores, --signals),
// read into a TraceSpec; a mistake is a ConfigError naming the option.
#pragma once

#include "output/trace/trace_window.hpp"

#include <cstdint>
#include <string>

namespace syncsim {

// window: "FROM..TO" in time ("2 us..3 us", "..5us", "1ms.."), or
// "rounds:A..B" (barrier rounds, from 1). cores: "aiv", "aic3", "aiv0-15",
// comma-separated. signals: names from trace_signal_names(), comma-separated.
// Empty strings leave that part whole.
TraceSpec parse_trace_spec(const std::string& window, const std::string& cores,
                           const std::string& signals);

// --max-trace-size: "4GB", "500MB", "2GiB", "1000000" (bytes), "0" (no
// cap); decimal units kB, MB, GB, TB and binary KiB, MiB, GiB, TiB.
std::uint64_t parse_trace_size(const std::string& text);
// The cap when none is given: a few GB, as a disk holds many.
constexpr const char* kDefaultMaxTraceSize = "4GB";

// The --help text's list of signal names.
std::string trace_signal_list();

} // namespace syncsim
