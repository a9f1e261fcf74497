#include "driver/run/trace_options.hpp"

#include "config/yaml_view.hpp"

#include <cctype>
#include <limits>

namespace syncsim {

namespace {

// The items between separators, spaces around each removed (a space inside
// one stays, and makes it no name).
std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = std::min(text.find(separator, start), text.size());
        std::string part = text.substr(start, end - start);
        part.erase(0, std::min(part.find_first_not_of(' '), part.size()));
        part.erase(part.find_last_not_of(' ') + 1);
        parts.push_back(part);
        if (end == text.size()) return parts;
        start = end + 1;
    }
}

bool all_digits(const std::string& s) {
    return plain_number(s) >= 0;
}

void parse_window(const std::string& text, TraceSpec& spec) {
    const std::string where = "--window " + quote_short(text);
    const std::size_t dots = text.find("..");
    if (dots == std::string::npos)
        throw ConfigError(where + ": expected FROM..TO (times, e.g. '2us..3us') or rounds:A..B");
    std::string from = text.substr(0, dots), to = text.substr(dots + 2);
    const std::string kRounds = "rounds:";
    if (from.rfind(kRounds, 0) == 0) {
        from = from.substr(kRounds.size());
        if (!all_digits(from) || !all_digits(to))
            throw ConfigError(where + ": rounds:A..B needs whole round numbers (from 1)");
        spec.by_rounds = true;
        spec.first_round = static_cast<std::uint32_t>(std::stoul(from));
        spec.last_round = static_cast<std::uint32_t>(std::stoul(to));
        if (spec.first_round < 1 || spec.last_round < spec.first_round)
            throw ConfigError(where + ": rounds count from 1 and A must not exceed B");
        return;
    }
    const auto blank = [](const std::string& s) {
        return s.find_first_not_of(' ') == std::string::npos;
    };
    spec.from_ps = blank(from) ? 0 : parse_duration_ps(from, where);
    spec.to_ps = blank(to) ? kNoTime : parse_duration_ps(to, where);
    if (spec.to_ps <= spec.from_ps) throw ConfigError(where + ": the window ends before it starts");
}

void parse_cores(const std::string& text, TraceSpec& spec) {
    for (const std::string& item : split(text, ',')) {
        const std::string where = "--cores " + quote_short(text);
        std::size_t i = 0;
        while (i < item.size() && std::isalpha(static_cast<unsigned char>(item[i]))) ++i;
        TraceSpec::CoreRange r;
        r.type = item.substr(0, i);
        if (r.type != "aic" && r.type != "aiv")
            throw ConfigError(where + ": " + quote_short(item) +
                              " is not a core: aic or aiv, with an index or a range "
                              "(aiv, aic3, aiv0-15)");
        const std::string rest = item.substr(i);
        if (!rest.empty()) {
            const std::size_t dash = rest.find('-');
            const std::string a = rest.substr(0, dash);
            const std::string b = dash == std::string::npos ? a : rest.substr(dash + 1);
            if (!all_digits(a) || !all_digits(b) || std::stoi(b) < std::stoi(a))
                throw ConfigError(where + ": " + quote_short(item) +
                                  " is not an index or a range A-B (no leading zeros)");
            r.first = std::stoi(a);
            r.last = std::stoi(b);
        }
        spec.cores.push_back(r);
    }
}

void parse_signals(const std::string& text, TraceSpec& spec) {
    spec.signals = 0;
    for (const std::string& item : split(text, ',')) {
        bool known = false;
        for (const auto& [name, signal] : trace_signal_names())
            if (item == name) {
                spec.signals |= static_cast<unsigned>(signal);
                known = true;
            }
        if (!known)
            throw ConfigError("--signals " + quote_short(text) + ": " + quote_short(item) +
                              " is none of " + trace_signal_list());
    }
}

} // namespace

std::string trace_signal_list() {
    std::string list;
    for (const auto& [name, signal] : trace_signal_names())
        list += (list.empty() ? "" : ", ") + name;
    return list;
}

TraceSpec parse_trace_spec(const std::string& window, const std::string& cores,
                           const std::string& signals) {
    TraceSpec spec;
    if (!window.empty()) parse_window(window, spec);
    if (!cores.empty()) parse_cores(cores, spec);
    if (!signals.empty()) parse_signals(signals, spec);
    return spec;
}

std::uint64_t parse_trace_size(const std::string& text) {
    static const std::pair<const char*, std::uint64_t> kUnits[] = {
        {"", 1},
        {"B", 1},
        {"kB", 1000},
        {"KB", 1000},
        {"MB", 1000 * 1000},
        {"GB", 1000 * 1000 * 1000},
        {"TB", 1000ull * 1000 * 1000 * 1000},
        {"KiB", 1024},
        {"MiB", 1024 * 1024},
        {"GiB", 1024ull * 1024 * 1024},
        {"TiB", 1024ull * 1024 * 1024 * 1024}};
    const std::size_t digits = text.find_first_not_of("0123456789");
    const std::string number = text.substr(0, digits);
    const std::string unit = digits == std::string::npos ? "" : text.substr(digits);
    for (const auto& [name, scale] : kUnits) {
        if (unit != name || number.empty() || number.size() > 15) continue;
        const std::uint64_t n = std::stoull(number);
        if (n > std::numeric_limits<std::uint64_t>::max() / scale) break; // would not fit
        return n * scale;
    }
    throw ConfigError("--max-trace-size " + quote_short(text) +
                      ": a whole number of bytes with an optional unit (kB, MB, GB, TB, KiB, "
                      "MiB, GiB, TiB), e.g. 4GB; 0 for no cap");
}

} // namespace syncsim
