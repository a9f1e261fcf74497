// The fixes a diagnosis proposes are rerun before they are printed (issue 43
// item 5): the README's first hang shows as a fix only the one that resolves
// it; a run over the budget, or a budget of 0, marks them untried; reruns
// never land in the current folder, and --try-fixes keeps its own under
// --fixes-out or a temporary folder it names.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

using namespace syncsim;
using Catch::Contains;

namespace fix_trial_test {

const char* const kHang = "configs/a2/hang_hard_aiv_no_meta.yaml";

// A new empty folder to run in; the run is checked to leave it empty.
std::filesystem::path empty_folder(const std::string& name) {
    const auto dir = test::temp_dir() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

test::CommandResult run_in(const std::filesystem::path& dir, const std::string& args) {
    return test::run_in_shell("cd '" + dir.string() + "' && " + SYNCSIM_BINARY + " run " +
                              test::repo_file(kHang) + " " + args);
}

std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
    std::vector<std::string> out;
    for (const std::string& line : test::lines_of(text))
        if (line.rfind(prefix, 0) == 0) out.push_back(line);
    return out;
}

} // namespace fix_trial_test

using namespace fix_trial_test;

TEST_CASE("fix trial: the README's first hang shows only the fix that resolves it as a fix",
          "[cli][heavy]") {
    const auto dir = empty_folder("fix-trial-readme");
    const auto r = run_in(dir, "--json result.json");
    REQUIRE(r.exit_code == 0); // the config expects the deadlock
    const auto fixes = lines_starting(r.output, "fix ");
    REQUIRE(fixes.size() == 1);
    CHECK_THAT(fixes[0], Contains("--set workload.params.meta=mix_aiv_main (a kernel meta") &&
                             Contains("tried: completed, 3 of 3 checks pass)"));
    const auto not_fixes = lines_starting(r.output, "not a fix ");
    REQUIRE(not_fixes.size() == 2);
    CHECK_THAT(not_fixes[0], Contains("--set workload.params.meta=mix_aic_main (tried: deadlock"));
    CHECK_THAT(not_fixes[1], Contains("--set workload.params.target=dav-c220 (tried: deadlock"));
    CHECK(lines_starting(r.output, "fix?").empty());
    // The result says the same, and the reruns left nothing here.
    const auto result = nlohmann::json::parse(test::read_text((dir / "result.json").string()));
    const auto& tried = result["diagnosis"]["fixes"];
    REQUIRE(tried.size() == 3);
    CHECK(tried[0]["tried"]["resolves"] == true);
    CHECK(tried[1]["tried"]["resolves"] == false);
    CHECK(tried[1]["tried"]["outcome"] == "deadlock");
    std::filesystem::remove(dir / "result.json");
    CHECK(std::filesystem::is_empty(dir));
}

TEST_CASE("fix trial: a budget of 0, or a run over the budget, leaves the fixes untried",
          "[cli][heavy]") {
    const auto dir = empty_folder("fix-trial-budget");
    const auto off = run_in(dir, "--fix-budget 0");
    CHECK(lines_starting(off.output, "fix?").size() == 3);
    CHECK_THAT(off.output, Contains("owns an FFTS context; untried: --fix-budget 0)"));
    CHECK(lines_starting(off.output, "not a fix").empty());
    const auto over = run_in(dir, "--fix-budget 100");
    CHECK(lines_starting(over.output, "fix?").size() == 3);
    CHECK_THAT(over.output, Contains("untried: the run took 362 resumptions, over the budget of "
                                     "100 (--fix-budget))"));
    const auto bad = run_in(dir, "--fix-budget -1");
    CHECK(bad.exit_code == 2);
    CHECK_THAT(bad.output, Contains("--fix-budget '-1': a whole number of thread resumptions"));
    CHECK(std::filesystem::is_empty(dir));
}

TEST_CASE("fix trial: --try-fixes keeps its reruns in --fixes-out or a temporary folder, never "
          "in the current one",
          "[cli][heavy]") {
    const auto dir = empty_folder("fix-trial-try");
    const auto out = test::temp_dir() / "fix-trial-reruns";
    std::filesystem::remove_all(out);
    const auto kept = run_in(dir, "--fix-budget 0 --try-fixes --fixes-out '" + out.string() + "'");
    CHECK_THAT(kept.output,
               Contains("fixes      1 of 3 proposed fix(es) resolve the run (reruns in " +
                        out.string() + ")"));
    CHECK(std::filesystem::is_directory(out / "points"));
    const auto temp = run_in(dir, "--fix-budget 0 --try-fixes");
    CHECK_THAT(temp.output,
               Contains("(reruns in " +
                        (std::filesystem::temp_directory_path() / "syncsim-fixes-").string()));
    const auto at = temp.output.find("(reruns in ");
    if (at != std::string::npos) { // the temporary folder, named up to the ')'
        const auto from = at + std::string("(reruns in ").size();
        std::filesystem::remove_all(temp.output.substr(from, temp.output.find(')', from) - from));
    }
    CHECK(std::filesystem::is_empty(dir));
    const auto alone = run_in(dir, "--fixes-out x");
    CHECK(alone.exit_code == 2);
    CHECK_THAT(alone.output, Contains("--fixes-out says where --try-fixes keeps its reruns"));
}

TEST_CASE("fix trial: without GNU parallel the run still reports, its fixes untried with why",
          "[cli][heavy]") {
    // A PATH with a shell and nothing else: the reruns cannot be made.
    const auto bin = empty_folder("fix-trial-no-parallel-bin");
    std::filesystem::create_symlink("/bin/sh", bin / "sh");
    const auto dir = empty_folder("fix-trial-no-parallel");
    const auto r = test::run_in_shell("cd '" + dir.string() + "' && PATH='" + bin.string() + "' " +
                                      SYNCSIM_BINARY + " run " + test::repo_file(kHang));
    CHECK(r.exit_code == 0);
    CHECK(lines_starting(r.output, "fix?").size() == 3);
    CHECK_THAT(r.output, Contains("untried: the reruns could not be made: GNU parallel is not "
                                  "installed"));
    CHECK_THAT(r.output, Contains("verdict    as expected (exit 0)"));
}
