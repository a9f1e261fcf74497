#include "driver/experiment/expect_config.hpp"

#include <algorithm>

namespace syncsim {

Expectation read_expect(const MapView& m, const std::vector<std::string>& declared) {
    m.allow_only({"outcome", "checks", "memory", "stuck"});
    Expectation e;
    if (m.has("outcome")) e.outcome = m.choice("outcome", outcome_kinds());
    const MapView checks = m.map("checks");
    for (const MapView::Entry& c : checks.entries()) {
        const std::string where = c.where + ": key " + quote_short(checks.path_of(c.key));
        if (std::find(declared.begin(), declared.end(), c.key) == declared.end()) {
            std::string known;
            for (const auto& d : declared) known += (known.empty() ? "'" : ", '") + d + "'";
            const std::string hint = nearest_name(c.key, declared);
            throw ConfigError(where + ": the workload reports no check named " +
                              quote_short(c.key) +
                              (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                              " (its checks: " + (known.empty() ? "none" : known) + ")");
        }
        const std::string verdict = c.value.IsScalar() ? c.value.Scalar() : "";
        if (verdict != "pass" && verdict != "fail")
            throw ConfigError(where + ": expected pass or fail, got " + describe_node(c.value));
        e.checks[c.key] = verdict == "pass";
    }
    if (const YAML::Node mem = m.node("memory")) {
        if (!mem.IsSequence()) m.fail("memory", "expected a list of {buffer, index, equals}");
        for (std::size_t i = 0; i < mem.size(); ++i) {
            const MapView item(mem[i], m.file(),
                               m.path_of("memory") + "[" + std::to_string(i) + "]");
            item.allow_only({"buffer", "index", "stride", "count", "equals"});
            MemoryExpectation x;
            x.buffer = item.text("buffer");
            x.index = item.opt_integer("index", 0, 1ll << 40).value_or(0);
            x.stride = item.opt_integer("stride", 1, 1ll << 30).value_or(1);
            x.count = item.opt_integer("count", 1, 1ll << 24).value_or(1);
            x.equals = item.integer("equals", -(1ll << 32), 1ll << 32);
            x.where = item.where();
            e.memory.push_back(x);
        }
    }
    if (const YAML::Node stuck = m.node("stuck")) {
        if (!stuck.IsSequence()) m.fail("stuck", "expected a list of core names, e.g. [aiv3]");
        std::vector<std::string> names;
        for (const auto& s : stuck) {
            if (!s.IsScalar()) m.fail("stuck", "expected a list of core names, e.g. [aiv3]");
            names.push_back(s.Scalar());
        }
        std::sort(names.begin(), names.end());
        e.stuck = names;
    }
    return e;
}

std::int64_t numbered(const std::string& text, const std::string& prefix) {
    if (text.compare(0, prefix.size(), prefix) != 0) return -1;
    return plain_number(text.substr(prefix.size()));
}

void check_stuck_names(const MapView& doc, const ExperimentConfig& cfg,
                       const std::function<bool(const std::string&)>& exists,
                       const std::string& names) {
    if (!cfg.expect.stuck) return;
    const MapView expect = doc.map("expect");
    for (const std::string& name : *cfg.expect.stuck)
        if (!exists(name))
            expect.fail("stuck", quote_short(name) + " is not a " + names + " of platform " +
                                     (cfg.platform_name()));
}

} // namespace syncsim
