#include "driver/run/expectation.hpp"

#include <algorithm>

namespace syncsim {

using nlohmann::json;

ExpectationCheck check_expectation(const ExperimentConfig& cfg, const std::string& outcome,
                                   const std::vector<HostCheck>& checks,
                                   const WordReader& read_word,
                                   const std::vector<std::string>& stuck,
                                   std::size_t poll_timeouts) {
    ExpectationCheck x;
    const Expectation& e = cfg.expect;
    if (!e.any()) { // a clean run: completed, every check passed, no poll loop gave up
        x.given = false;
        x.add(outcome == "completed" ? "it completed" : "it did not complete",
              outcome == "completed", "outcome " + outcome);
        for (const HostCheck& c : checks)
            if (!c.ok) x.add("check '" + c.name + "' failed", false, c.detail);
        if (poll_timeouts)
            x.add("a poll loop gave up", false,
                  std::to_string(poll_timeouts) + " poll loop(s) gave up at their limit");
        return x;
    }
    if (e.outcome) x.add("outcome " + *e.outcome, outcome == *e.outcome, "outcome " + outcome);
    for (const auto& [name, pass] : e.checks) {
        const std::string& wanted = name; // a lambda may not capture a structured binding in C++17
        auto it = std::find_if(checks.begin(), checks.end(),
                               [&](const HostCheck& c) { return c.name == wanted; });
        if (it == checks.end())
            x.add("check '" + name + "' " + (pass ? "passes" : "fails"), false,
                  "the host program reported no such check");
        else
            x.add("check '" + name + "' " + (pass ? "passes" : "fails"), it->ok == pass,
                  it->detail);
    }
    for (const auto& m : e.memory) {
        const std::string what = m.buffer + "[" + std::to_string(m.index) + " + i*" +
                                 std::to_string(m.stride) + "], i < " + std::to_string(m.count) +
                                 " == " + std::to_string(m.equals) + " (" + m.where + ")";
        std::string detail = "all match";
        bool ok = true;
        for (std::int64_t i = 0; i < m.count && ok; ++i) {
            const std::uint64_t word = static_cast<std::uint64_t>(m.index + i * m.stride);
            std::int32_t v = 0;
            const std::string error =
                read_word ? read_word(m.buffer, word, &v) : "this platform has no named buffers";
            if (!error.empty()) {
                ok = false;
                detail = error;
            } else if (v != m.equals) {
                ok = false;
                detail = m.buffer + "[" + std::to_string(word) + "] = " + std::to_string(v);
            }
        }
        x.add(what, ok, detail);
    }
    if (e.stuck) {
        std::string want, got;
        for (const auto& s : *e.stuck) want += (want.empty() ? "" : ",") + s;
        for (const auto& s : stuck) got += (got.empty() ? "" : ",") + s;
        x.add("stuck cores [" + want + "]", *e.stuck == stuck, "stuck [" + got + "]");
    }
    return x;
}

void summarize_checks(std::ostream& s, const json& checks) {
    if (checks.empty()) return;
    std::size_t passed = 0;
    for (const json& c : checks) passed += c["ok"].get<bool>() ? 1 : 0;
    s << "checks     " << passed << " passed, " << checks.size() - passed << " failed\n";
    for (const json& c : checks)
        if (!c["ok"].get<bool>())
            s << "  FAILED   " << c["name"].get<std::string>() << ": "
              << c["detail"].get<std::string>() << "\n";
}

void summarize_expectation(std::ostream& s, const json& expectation) {
    // Without `expect:` there is nothing to compare with: the checks' lines
    // and the verdict say whether the run was clean.
    if (!expectation.value("given", true)) return;
    s << "expect     " << (expectation["met"].get<bool>() ? "met" : "NOT met") << "\n";
    for (const json& d : expectation["checks"])
        if (!d["met"].get<bool>())
            s << "  MISMATCH " << d["what"].get<std::string>() << ": "
              << d["detail"].get<std::string>() << "\n";
}

namespace {
// What a run that met its expectation shows that a clean one would not.
// Only a run that looks clean (it completed, every check passed) is asked.
std::vector<std::string> unclean_signs(const nlohmann::json& result) {
    std::vector<std::string> signs;
    if (result["outcome"]["kind"] != "completed") return signs;
    if (result.contains("checks"))
        for (const nlohmann::json& check : result["checks"])
            if (!check.value("ok", false)) return signs;
    if (result.contains("barrier_n")) {
        std::string sides;
        for (const auto& [type, ns] : result["barrier_n"].items())
            for (const nlohmann::json& n : ns)
                sides += (sides.empty() ? "" : ", ") + type + " " + std::to_string(n.get<long>());
        signs.push_back("the barrier's participants computed different N (" + sides + ")");
    }
    const auto count = [&result](const char* part, const char* key) -> std::uint64_t {
        return result.contains(part) && result[part].is_object() && result[part].contains(key)
                   ? result[part][key].get<std::uint64_t>()
                   : 0;
    };
    if (const std::uint64_t early = count("round_stats", "released_early"))
        signs.push_back(std::to_string(early) + " release(s) before the round's last arrival");
    if (const std::uint64_t races = count("races", "count"))
        signs.push_back(std::to_string(races) + " GM race pair(s)");
    return signs;
}
} // namespace

std::string verdict_line(const ExpectationCheck& expectation, const nlohmann::json& result) {
    if (expectation.met) {
        const std::vector<std::string> signs = unclean_signs(result);
        std::string but;
        for (const std::string& sign : signs) but += (but.empty() ? "" : "; ") + sign;
        if (!but.empty())
            return std::string(expectation.given ? "verdict    as expected (exit 0), but not a "
                                                   "clean run: "
                                                 : "verdict    completed and every check passed "
                                                   "(exit 0; no expect: given), but not a clean "
                                                   "run: ") +
                   but + "\n";
        return expectation.given
                   ? "verdict    as expected (exit 0)\n"
                   : "verdict    a clean run: it completed and every check passed (exit 0; "
                     "no expect: given)\n";
    }
    std::string first;
    std::size_t failed = 0;
    for (const auto& d : expectation.details)
        if (!d["met"].get<bool>() && failed++ == 0)
            first = d["what"].get<std::string>() + ": " + d["detail"].get<std::string>();
    return std::string(expectation.given
                           ? "verdict    NOT as expected (exit 1): "
                           : "verdict    not a clean run (exit 1; no expect: given): ") +
           first + (failed > 1 ? " (and " + std::to_string(failed - 1) + " more)" : "") + "\n";
}

void require_declared_checks(const std::vector<HostCheck>& reported,
                             const std::vector<std::string>& declared,
                             const std::string& workload) {
    for (const HostCheck& c : reported)
        if (std::find(declared.begin(), declared.end(), c.name) == declared.end())
            throw std::logic_error("workload '" + workload + "' reported the check '" + c.name +
                                   "', which its registry entry does not declare");
}

} // namespace syncsim
