// --try-fixes: each proposed fix is a point of a small sweep (the config
// with the fix's --set values after the user's), run as a child syncsim; a
// fix resolves the run when the child completes and every check passes.
#include "driver/study/fixes/fixes.hpp"
#include "driver/study/sweep/config_runs.hpp"

#include <filesystem>
#include <iostream>
#include <ostream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// "completed, 3 of 3 checks pass" or what went wrong instead.
std::string verdict_of(const json& row, const fs::path& dir, bool& resolves) {
    resolves = false;
    if (row.value("status", "") != "ran")
        return "did not run: " + row.value("reason", std::string("no result"));
    const json result = json::parse(sweep::read_file(dir / "result.json"));
    const std::string kind = result["outcome"].value("kind", "");
    std::size_t passed = 0, checks = 0;
    for (const json& c : result.value("checks", json::array())) {
        ++checks;
        passed += c.value("ok", false) ? 1 : 0;
    }
    resolves = kind == "completed" && passed == checks;
    return kind + ", " + std::to_string(passed) + " of " + std::to_string(checks) + " checks pass";
}

} // namespace

int try_fixes(const TryFixesOptions& o, const json& fixes, std::ostream& out) {
    if (fixes.empty()) {
        out << "fixes      none proposed: no diagnosis of this run maps to a parameter\n";
        return 0;
    }
    ConfigRuns runs(o.config, "fixes of " + o.config,
                    (fs::path("runs") / "fixes" / fs::path(o.config).stem()).string(), o.jobs,
                    o.syncsim_binary, o.platforms_dir, split_sets(o.sets));
    std::vector<sweep::Point> points;
    for (const json& fix : fixes) // a fix that does not load is reported, not run
        points.push_back(runs.point("", split_sets(fix["set"].get<std::vector<std::string>>())));
    const json rows = runs.run(points);
    int resolving = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        bool resolves = false;
        const std::string verdict = verdict_of(rows[i], points[i].dir, resolves);
        resolving += resolves ? 1 : 0;
        std::string sets;
        for (const json& s : fixes[i]["set"]) sets += " --set " + s.get<std::string>();
        out << "fix tried " << sets << ": " << (resolves ? "resolves the run" : "does not resolve")
            << " (" << verdict << ")\n";
    }
    out << "fixes      " << resolving << " of " << points.size()
        << " proposed fix(es) resolve the run (reruns in " << runs.out << ")\n";
    return resolving;
}

void try_fixes_of_run(const std::string& config, const std::vector<std::string>& sets,
                      const std::string& platforms_dir, const json& result) {
    // Absolute: the reruns start in their own folders.
    const TryFixesOptions o{config, fs::canonical("/proc/self/exe").string(),
                            fs::absolute(platforms_dir).string(), sets, 2};
    try_fixes(o, result.value("diagnosis", json::object()).value("fixes", json::array()),
              std::cout);
}

} // namespace syncsim
