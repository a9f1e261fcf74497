#include "output/trace/trace_event_json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace syncsim {

void append_json_string(std::string& out, std::string_view text) {
    out.push_back('"');
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char esc[8];
                std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(c));
                out += esc;
            } else {
                out.push_back(c);
            }
        }
    }
    out.push_back('"');
}

void append_us(std::string& out, std::uint64_t ns) {
    out += std::to_string(ns / 1000);
    const std::uint64_t frac = ns % 1000;
    if (frac == 0) return;
    char digits[8];
    std::snprintf(digits, sizeof digits, ".%03llu", static_cast<unsigned long long>(frac));
    std::string_view d(digits);
    while (d.back() == '0') d.remove_suffix(1);
    out += d;
}

void append_duration_us(std::string& out, std::uint64_t start_ns, std::uint64_t end_ns,
                        std::uint64_t origin_ns) {
    // ns / 1000.0 is the double nearest the decimal append_us writes (one
    // correctly rounded division), so these are the values a reader parses.
    const double start = static_cast<double>(start_ns) / 1000.0;
    const double end = static_cast<double>(end_ns) / 1000.0;
    const double origin = static_cast<double>(std::min(origin_ns, start_ns)) / 1000.0;
    // As read, and as a reader that first takes the track's origin off
    // every time reads it (speedscope).
    const auto ends_in_time = [&](double dur) {
        return start + dur <= end && (start - origin) + dur <= end - origin;
    };
    const std::uint64_t dur_ns = end_ns - start_ns;
    if (ends_in_time(static_cast<double>(dur_ns) / 1000.0)) {
        append_us(out, dur_ns);
        return;
    }
    // end - start is within an ulp or two of the duration; step below while
    // a sum still rounds above its end (a few steps; 0 always fits).
    double dur = end - start;
    while (dur > 0 && !ends_in_time(dur)) dur = std::nextafter(dur, 0.0);
    char digits[32];
    const auto written = std::to_chars(digits, digits + sizeof digits, dur);
    out.append(digits, written.ptr);
}

void append_args(std::string& out, const TraceArgs& args) {
    out.push_back('{');
    bool first = true;
    for (const TraceArg& a : args) {
        if (!first) out += ", ";
        first = false;
        append_json_string(out, a.key);
        out += ": ";
        if (const auto* s = std::get_if<std::string>(&a.value)) {
            append_json_string(out, *s);
        } else if (const auto* i = std::get_if<std::int64_t>(&a.value)) {
            out += std::to_string(*i);
        } else if (const auto* b = std::get_if<bool>(&a.value)) {
            out += *b ? "true" : "false";
        } else {
            char num[32];
            std::snprintf(num, sizeof num, "%.12g", std::get<double>(a.value));
            out += num;
        }
    }
    out.push_back('}');
}

} // namespace syncsim
