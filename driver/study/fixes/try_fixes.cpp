// Reruns of the proposed fixes: each fix is a point of a small sweep (the
// config with the fix's --set values after the user's), run as a child
// syncsim; a fix resolves the run when the child completes and every check
// passes. Before the summary they run within a budget of resumptions, in a
// temporary folder; --try-fixes runs them to their end where it is told.
#include "driver/run/interrupts.hpp"
#include "driver/study/fixes/fixes.hpp"
#include "driver/study/sweep/config_runs.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <ostream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// How one rerun ended.
struct FixRerun {
    std::string failure; // why it gave no result; empty when it did
    std::string kind;    // its outcome
    std::size_t passed = 0, checks = 0;

    bool resolves() const { return failure.empty() && kind == "completed" && passed == checks; }
    // "completed, 3 of 3 checks pass" or why it did not run.
    std::string verdict() const {
        if (!failure.empty()) return "did not run: " + failure;
        return kind + ", " + std::to_string(passed) + " of " + std::to_string(checks) +
               " checks pass";
    }
};

FixRerun rerun_of(const json& row, const fs::path& dir) {
    FixRerun r;
    if (row.value("status", "") != "ran") {
        r.failure = row.value("reason", std::string("no result"));
        return r;
    }
    const json result = json::parse(sweep::read_file(dir / "result.json"));
    r.kind = result["outcome"].value("kind", "");
    for (const json& c : result.value("checks", json::array())) {
        ++r.checks;
        r.passed += c.value("ok", false) ? 1 : 0;
    }
    return r;
}

// Reruns each fix (its --set values, then `extra`) in `out_dir`.
std::vector<FixRerun> rerun_fixes(const TryFixesOptions& o, const json& fixes,
                                  const std::string& out_dir, const SetList& extra, bool announce) {
    ConfigRuns runs(o.config, "fixes of " + o.config, out_dir, o.jobs, o.syncsim_binary,
                    o.platforms_dir, split_sets(o.sets));
    runs.options.announce = announce;
    std::vector<sweep::Point> points;
    for (const json& fix : fixes) { // a fix that does not load is reported, not run
        SetList sets = split_sets(fix["set"].get<std::vector<std::string>>());
        sets.insert(sets.end(), extra.begin(), extra.end());
        points.push_back(runs.point("", sets));
    }
    const json rows = runs.run(points);
    std::vector<FixRerun> out;
    for (std::size_t i = 0; i < points.size(); ++i) out.push_back(rerun_of(rows[i], points[i].dir));
    return out;
}

// A new folder under the system's temporary one.
std::string make_temp_folder(const char* prefix) {
    std::string pattern = (fs::temp_directory_path() / (std::string(prefix) + "XXXXXX")).string();
    if (!mkdtemp(pattern.data()))
        throw ConfigError("cannot create a temporary folder under " +
                          fs::temp_directory_path().string());
    return pattern;
}

} // namespace

int try_fixes(const TryFixesOptions& o, const json& fixes, const std::string& out_dir,
              std::ostream& out) {
    if (fixes.empty()) {
        out << "fixes      none proposed: no diagnosis of this run maps to a parameter\n";
        return 0;
    }
    const std::vector<FixRerun> reruns = rerun_fixes(o, fixes, out_dir, {}, true);
    int resolving = 0;
    for (std::size_t i = 0; i < reruns.size(); ++i) {
        const bool resolves = reruns[i].resolves();
        resolving += resolves ? 1 : 0;
        std::string sets;
        for (const json& s : fixes[i]["set"]) sets += " --set " + s.get<std::string>();
        out << "fix tried " << sets << ": " << (resolves ? "resolves the run" : "does not resolve")
            << " (" << reruns[i].verdict() << ")\n";
    }
    out << "fixes      " << resolving << " of " << reruns.size()
        << " proposed fix(es) resolve the run (reruns in " << out_dir << ")\n";
    return resolving;
}

void try_fixes_of_run(const std::string& config, const std::vector<std::string>& sets,
                      const std::string& platforms_dir, const json& result,
                      const std::string& out_dir) {
    const json fixes = result.value("diagnosis", json::object()).value("fixes", json::array());
    // Absolute: the reruns start in their own folders.
    const TryFixesOptions o{config, fs::canonical("/proc/self/exe").string(),
                            fs::absolute(platforms_dir).string(), sets, 2};
    const std::string dir =
        fixes.empty() ? "" : (out_dir.empty() ? make_temp_folder("syncsim-fixes-") : out_dir);
    try_fixes(o, fixes, dir, std::cout);
}

void mark_untried(json& fixes, const std::string& why) {
    for (json& fix : fixes) fix["untried"] = why;
}

void trial_fixes(const FixTrial& trial, std::uint64_t run_resumptions, json& fixes) {
    if (trial.budget == 0) return mark_untried(fixes, "--fix-budget 0");
    if (run_resumptions > trial.budget)
        return mark_untried(fixes, "the run took " + std::to_string(run_resumptions) +
                                       " resumptions, over the budget of " +
                                       std::to_string(trial.budget) + " (--fix-budget)");
    // The binding bound: the budget, or the config's own limit when lower.
    const bool own_limit = trial.run_max_events < trial.budget;
    const std::uint64_t bound = own_limit ? trial.run_max_events : trial.budget;
    const std::string limit = std::to_string(bound) + " resumptions (" +
                              (own_limit ? "the config's limits.max_events" : "--fix-budget") + ")";
    std::vector<FixRerun> reruns;
    std::string dir;
    std::error_code ignored;
    try {
        dir = make_temp_folder("syncsim-fix-trial-");
        reruns = rerun_fixes(trial.runs, fixes, dir, {{"limits.max_events", std::to_string(bound)}},
                             false);
    } catch (const StudyInterrupted&) {
        if (!dir.empty()) fs::remove_all(dir, ignored);
        return mark_untried(fixes, "interrupted");
    } catch (const std::exception& e) { // no GNU parallel, a full disk: the run still reports
        if (!dir.empty()) fs::remove_all(dir, ignored);
        return mark_untried(fixes, std::string("the reruns could not be made: ") + e.what());
    }
    fs::remove_all(dir, ignored);
    // Outcomes a machine or a signal decides are not the fix's verdict.
    static const char* const kCutShort[] = {"event_limit", "wall_limit", "interrupted"};
    for (std::size_t i = 0; i < reruns.size(); ++i) {
        const FixRerun& r = reruns[i];
        const bool cut =
            std::find(std::begin(kCutShort), std::end(kCutShort), r.kind) != std::end(kCutShort);
        if (!r.failure.empty())
            fixes[i]["untried"] = "the rerun did not run: " + r.failure;
        else if (r.kind == "event_limit")
            fixes[i]["untried"] = "the rerun did not end within " + limit;
        else if (cut)
            fixes[i]["untried"] = "the rerun was cut short (" + r.kind + ")";
        else
            fixes[i]["tried"] = {{"resolves", r.resolves()},
                                 {"outcome", r.kind},
                                 {"checks_passed", r.passed},
                                 {"checks", r.checks}};
    }
}

} // namespace syncsim
