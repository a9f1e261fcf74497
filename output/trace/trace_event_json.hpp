// The text of trace-event JSON, written directly: a timeline has an event
// for every core state change and round mark, and building a JSON document
// for each cost more than the simulation. Args are a flat list of a key and
// a string, integer, number or flag, as Perfetto shows them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace syncsim {

using TraceValue = std::variant<std::string, std::int64_t, double, bool>;

struct TraceArg {
    const char* key; // a literal
    TraceValue value;

    TraceArg(const char* k, std::string v) : key(k), value(std::move(v)) {}
    TraceArg(const char* k, const char* v) : key(k), value(std::string(v)) {}
    TraceArg(const char* k, double v) : key(k), value(v) {}
    TraceArg(const char* k, bool v) : key(k), value(v) {}
    template <typename Int,
              typename = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
    TraceArg(const char* k, Int v) : key(k), value(static_cast<std::int64_t>(v)) {}
};
using TraceArgs = std::vector<TraceArg>;

// `text` as a JSON string (quoted; ", \ and control characters escaped).
void append_json_string(std::string& out, std::string_view text);
// Picoseconds to the nearest nanosecond. Perfetto reads a time to the ns
// (llround of microseconds x 1000) and rounds a slice's start and duration
// each on its own, so a slice ending where the next starts could end 1 ns
// after it and be dropped as an overlap: a writer rounds both ends first.
inline std::uint64_t nearest_ns(std::uint64_t ps) {
    return ps / 1000 + (ps % 1000 >= 500 ? 1 : 0);
}
// Nanoseconds as trace-event microseconds, exactly ("1.135", "2", "0.5").
void append_us(std::string& out, std::uint64_t ns);
// A slice's duration from `start_ns` to `end_ns` as microseconds that a
// reader adding ts + dur in doubles (chrome://tracing) ends at or before
// end_ns's own double, so a slice never seems to overlap the one starting
// where it ends; and so does one that first takes every time of the track
// less the track's first, `origin_ns` (speedscope). The exact decimal where
// both hold (nearly always), else the double just below it, in its shortest
// form, which Perfetto still rounds to the same ns ("0.11499999999999999").
void append_duration_us(std::string& out, std::uint64_t start_ns, std::uint64_t end_ns,
                        std::uint64_t origin_ns = 0);
// {"key": value, ...}
void append_args(std::string& out, const TraceArgs& args);

} // namespace syncsim
