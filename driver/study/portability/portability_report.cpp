// What `syncsim portability` shows per platform, from each run's result:
// rows, and the table, CSV and JSON renderings of them.
#include "config/yaml_view.hpp"
#include "driver/run/utf8.hpp"
#include "driver/study/portability/portability.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "models/report/summary.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace syncsim::portability {

using nlohmann::json;

namespace {

// A table cell longer than this is cut and its full text listed below: a
// config error quotes paths and lines, and would push every column after it
// off the screen.
constexpr std::size_t kMaxOutcomeWidth = 40;
constexpr const char* kNone = "-";

// `j[key]` when `j` is an object that has it, else null: a result of another
// kind or version lacks some sections, and diagnosis.lines/fixes are new.
const json& field(const json& j, const char* key) {
    static const json null;
    return j.is_object() && j.contains(key) ? j[key] : null;
}

std::string text_of(const json& j) {
    return j.is_string() ? j.get<std::string>() : "";
}

// One line of text: a diagnosis that spans lines reads as one in a table row.
std::string one_line(std::string s) {
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
}

// The median round latency: the result's statistics over every round when
// it has them (it lists only the first rounds), else over the rounds listed.
std::optional<double> median_latency_ns(const json& result) {
    const json& median = field(field(field(result, "round_stats"), "latency_ps"), "median");
    if (median.is_number()) return median.get<double>() / 1000.0;
    std::vector<double> latencies;
    const json& rounds = field(result, "rounds");
    if (rounds.is_array())
        for (const json& round : rounds)
            if (field(round, "latency_ps").is_number())
                latencies.push_back(round["latency_ps"].get<double>() / 1000.0);
    if (latencies.empty()) return std::nullopt;
    std::sort(latencies.begin(), latencies.end());
    return latencies[latencies.size() / 2]; // the upper median, as round_stats gives
}

// The first line of the diagnosis; without one, what the outcome says, or for
// a run that completed, its first failed check ("" when all passed).
std::string first_diagnosis(const json& result, const std::string& kind) {
    // The cores' culprits at the end, at a watchdog kill, then the streams'.
    for (const char* key : {"lines", "at_kill", "streams"}) {
        const json& lines = field(field(result, "diagnosis"), key);
        if (lines.is_array() && !lines.empty() && !text_of(lines[0]).empty())
            return one_line(text_of(lines[0]));
    }
    if (kind != "completed") return one_line(text_of(field(field(result, "outcome"), "reason")));
    const json& checks = field(result, "checks");
    if (checks.is_array())
        for (const json& c : checks)
            if (field(c, "ok") == false)
                return one_line("check '" + text_of(field(c, "name")) +
                                "' failed: " + text_of(field(c, "detail")));
    return "";
}

std::optional<Fix> first_fix(const json& result) {
    const json& fixes = field(field(result, "diagnosis"), "fixes");
    if (!fixes.is_array() || fixes.empty()) return std::nullopt;
    Fix fix;
    const json& sets = field(fixes[0], "set");
    if (sets.is_array())
        for (const json& s : sets)
            if (!text_of(s).empty()) fix.sets.push_back(text_of(s));
    fix.why = one_line(text_of(field(fixes[0], "why")));
    if (fix.sets.empty()) return std::nullopt; // nothing a user could type
    return fix;
}

// Whether the shell passes `s` through as one word unquoted.
bool shell_safe(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) || std::string("_-.,:/=+@%").find(char(c)) != std::string::npos;
    });
}

std::string latency_text(const Row& row) {
    if (!row.latency_ns) return kNone;
    return format_time(
        static_cast<std::uint64_t>(std::llround(std::max(0.0, *row.latency_ns) * 1000.0)));
}

std::string checks_text(const Row& row) {
    if (!row.checks_passed) return kNone;
    return std::to_string(*row.checks_passed) + " passed, " + std::to_string(*row.checks_failed) +
           " failed";
}

const char* status_name(RowStatus s) {
    switch (s) {
    case RowStatus::Ran:
        return "ran";
    case RowStatus::DoesNotFit:
        return "does_not_fit";
    case RowStatus::ConfigError:
        return "config_error";
    case RowStatus::Failed:
        return "failed";
    }
    return "failed";
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

} // namespace

Row row_from_result(const std::string& platform, const json& result) {
    Row row;
    row.platform = platform;
    row.status = RowStatus::Ran;
    row.outcome = text_of(field(field(result, "outcome"), "kind"));
    row.latency_ns = median_latency_ns(result);
    const json& checks = field(result, "checks");
    if (checks.is_array() && !checks.empty()) {
        int passed = 0;
        for (const json& c : checks) passed += field(c, "ok") == true ? 1 : 0;
        row.checks_passed = passed;
        row.checks_failed = static_cast<int>(checks.size()) - passed;
    }
    row.diagnosis = first_diagnosis(result, row.outcome);
    row.fix = first_fix(result);
    return row;
}

std::string fix_text(const Row& row) {
    if (!row.fix) return kNone;
    std::string out;
    for (const std::string& s : row.fix->sets)
        out += (out.empty() ? "--set " : " --set ") + (shell_safe(s) ? s : shell_quote(s));
    return out;
}

// The free-text diagnosis goes last, so however long it is, the columns
// before it stay aligned.
void write_table(std::ostream& out, const std::vector<Row>& rows) {
    const std::vector<std::string> header = {"platform", "outcome",      "barrier latency",
                                             "checks",   "proposed fix", "diagnosis"};
    std::vector<std::vector<std::string>> cells;
    std::vector<std::string> notes; // the full text of each cut outcome
    for (const Row& r : rows) {
        std::string outcome = r.outcome;
        if (outcome.size() > kMaxOutcomeWidth) {
            notes.push_back(r.platform + ": " + outcome);
            outcome = outcome.substr(0, utf8_cut(outcome, kMaxOutcomeWidth - 3)) + "...";
        }
        cells.push_back({r.platform, outcome, latency_text(r), checks_text(r), fix_text(r),
                         r.diagnosis.empty() ? kNone : r.diagnosis});
    }
    std::vector<std::size_t> width(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) {
        width[c] = header[c].size();
        for (const auto& line : cells) width[c] = std::max(width[c], line[c].size());
    }
    const auto print = [&](const std::vector<std::string>& line) {
        for (std::size_t c = 0; c + 1 < line.size(); ++c)
            out << std::left << std::setw(static_cast<int>(width[c] + 2)) << line[c];
        out << line.back() << "\n";
    };
    print(header);
    for (const auto& line : cells) print(line);
    if (notes.empty()) return;
    out << "\noutcomes in full:\n";
    for (const std::string& n : notes) out << "  " << n << "\n";
}

void write_csv(std::ostream& out, const std::vector<Row>& rows) {
    out << "platform,status,outcome,barrier_latency_ns,checks_passed,checks_failed,diagnosis,"
           "fix,fix_why\n";
    for (const Row& r : rows) {
        std::ostringstream latency;
        if (r.latency_ns) latency << std::setprecision(12) << *r.latency_ns;
        out << csv_field(r.platform) << "," << status_name(r.status) << "," << csv_field(r.outcome)
            << "," << latency.str() << ","
            << (r.checks_passed ? std::to_string(*r.checks_passed) : "") << ","
            << (r.checks_failed ? std::to_string(*r.checks_failed) : "") << ","
            << csv_field(r.diagnosis) << "," << csv_field(r.fix ? fix_text(r) : "") << ","
            << csv_field(r.fix ? r.fix->why : "") << "\n";
    }
}

json rows_json(const std::string& config, const std::vector<std::string>& sets,
               const std::vector<Row>& rows) {
    json platforms = json::array();
    for (const Row& r : rows) {
        json p{{"platform", r.platform},
               {"status", status_name(r.status)},
               {"outcome", r.outcome},
               {"barrier_latency_ns", r.latency_ns ? json(*r.latency_ns) : json(nullptr)},
               {"checks", nullptr},
               {"diagnosis", r.diagnosis.empty() ? json(nullptr) : json(r.diagnosis)},
               {"fix", nullptr}};
        if (r.checks_passed)
            p["checks"] = {{"passed", *r.checks_passed}, {"failed", *r.checks_failed}};
        if (r.fix) p["fix"] = {{"set", r.fix->sets}, {"why", r.fix->why}, {"command", fix_text(r)}};
        platforms.push_back(p);
    }
    json out{{"config", config}, {"sets", sets}, {"platforms", platforms}};
    make_valid_utf8(out);
    return out;
}

} // namespace syncsim::portability
