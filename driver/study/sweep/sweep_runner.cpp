// Running a set of points: each a directory with its rerun.sh (the config
// with its --set values under `timeout`), all run by GNU parallel. Sweeps and
// sensitivity runs share it.
#include "config/yaml_view.hpp"
#include "driver/run/interrupts.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "driver/study/sweep/study_progress.hpp"
#include "driver/study/sweep/sweep.hpp"
#include "driver/study/sweep/sweep_point.hpp"
#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>

namespace syncsim::sweep {

namespace fs = std::filesystem;
using nlohmann::json;

std::uint64_t fnv1a(const std::string& text, std::uint64_t h) {
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

std::string hex64(std::uint64_t v) {
    std::ostringstream os;
    os << std::hex << std::setw(16) << std::setfill('0') << v;
    return os.str();
}

std::vector<std::string> sets_of(const Point& p) {
    std::vector<std::string> sets;
    for (const auto& [key, value] : p.values) sets.push_back(key + "=" + value);
    return sets;
}

// "block_dim_48-mode_soft-1a2b3c4d": readable, and unique by the hash of the
// full parameters (two values that read alike after cleaning stay apart).
std::string slug(const Point& p) {
    std::ostringstream os;
    std::string all;
    for (const auto& [key, value] : p.values) {
        const std::string last = key.substr(key.rfind('.') + 1);
        os << last << "_" << value << "-";
        all += key + "=" + value + "\n";
    }
    std::string out = os.str().substr(0, 80);
    for (char& c : out)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    return out + hex64(fnv1a(all)).substr(0, 8);
}

// rerun.sh runs the point under `timeout`, first removing what an earlier
// run left (so a stale result is never collected as fresh), and records how
// it ended in status.txt: "exit N", "signal N" or "timeout", with the key.
void write_point(const SweepOptions& o, const SweepSpec& s, const Point& p) {
    fs::create_directories(p.dir);
    std::ofstream sets(fs::path(p.dir) / "sets.txt");
    for (const std::string& set : sets_of(p)) sets << set << "\n";
    std::ofstream sh(fs::path(p.dir) / "rerun.sh");
    sh << "#!/bin/sh\n# Reruns this sweep point; writes result.json, perf.json, summary.txt,\n"
          "# stderr.txt and status.txt here.\n";
    sh << "cd \"$(dirname \"$0\")\" || exit 3\n";
    sh << "rm -f result.json perf.json result.json.part perf.json.part summary.txt stderr.txt "
          "status.txt\n";
    sh << "timeout --kill-after=10 " << s.timeout_s << " " << shell_quote(o.syncsim_binary)
       << " --platforms " << shell_quote(o.platforms_dir) << " run "
       << shell_quote(fs::absolute(s.base).string());
    for (const std::string& set : sets_of(p)) sh << " --set " << shell_quote(set);
    // The plugin by its absolute path, so the point reruns from anywhere.
    if (!p.plugin.empty()) sh << " --set " << shell_quote("workload.plugin=" + p.plugin);
    // A point tries no fixes of its own: the study, or the run that proposed
    // them, is what asks.
    sh << " --fix-budget 0 --json result.json.part --perf perf.json.part > summary.txt "
          "2> stderr.txt\n";
    sh << "rc=$?\n";
    sh << "if [ \"$rc\" -eq 124 ]; then how=\"timeout\"\n"
          "elif [ \"$rc\" -gt 128 ]; then how=\"signal $((rc - 128))\"\n"
          "else how=\"exit $rc\"; fi\n";
    // Exit 1 is an outcome other than the config expects: a result, not a failure.
    sh << "if [ \"$rc\" -le 1 ]; then mv result.json.part result.json && "
          "mv perf.json.part perf.json || how=\"exit 3\"; fi\n";
    sh << "echo \"$how key " << p.key << "\" > status.txt\n";
    sh << "case \"$how\" in \"exit 0\" | \"exit 1\") exit 0 ;; esac\n";
    sh << "[ \"$rc\" -le 1 ] && exit 3\nexit \"$rc\"\n";
    sh.close();
    fs::permissions(fs::path(p.dir) / "rerun.sh",
                    fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add);
}

namespace {
std::size_t lines_in(const fs::path& file) {
    std::ifstream in(file);
    std::size_t n = 0;
    for (std::string line; std::getline(in, line);) n += line.empty() ? 0 : 1;
    return n;
}
// The jobs GNU parallel's log lists as ended, however they ended.
std::size_t jobs_logged(const fs::path& joblog) {
    const std::size_t lines = lines_in(joblog);
    return lines > 0 ? lines - 1 : 0; // the header
}
// The jobs GNU parallel's log says ended with exit 0 (its 7th column).
std::size_t jobs_finished(const fs::path& joblog) {
    std::ifstream in(joblog);
    std::size_t n = 0;
    std::string line;
    std::getline(in, line); // the header
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string field;
        for (int column = 0; column < 7 && std::getline(fields, field, '\t'); ++column) {
        }
        n += field == "0" ? 1 : 0;
    }
    return n;
}
} // namespace

void run_points(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
                const std::string& jobs, const std::string& joblog) {
    if (!have_command("parallel --version"))
        throw ConfigError(
            "GNU parallel is not installed: apt-get install parallel (scripts/setup.sh does)");
    // A point's own `timeout` stops it; parallel's timeout is a backstop.
    std::ostringstream cmd;
    cmd << "parallel --will-cite --jobs " << o.jobs << " --joblog "
        << shell_quote((fs::path(out) / joblog).string()) << " --timeout " << spec.timeout_s + 30
        << " --retries " << spec.retries + 1 << " --halt never";
    if (!o.sshlogin.empty()) cmd << " --sshlogin " << shell_quote(o.sshlogin);
    cmd << " :::: " << shell_quote((fs::path(out) / jobs).string());
    const std::size_t total = lines_in(fs::path(out) / jobs);
    if (o.announce)
        std::cout << "running " << total << (total == 1 ? " run: " : " runs: ") << cmd.str() << "\n"
                  << std::flush;
    int rc = 0;
    if (study_progress().on) {
        StudyProgressLine line([&] { return jobs_logged(fs::path(out) / joblog); }, total);
        rc = run_shell_interruptibly(cmd.str(), [&line] { line.show(); });
    } else {
        rc = run_shell_interruptibly(cmd.str());
    }
    if (const int signal = Activity::interrupt_requested())
        throw StudyInterrupted(jobs_finished(fs::path(out) / joblog),
                               lines_in(fs::path(out) / jobs), signal);
    if (rc != 0 && o.announce)
        std::cout << "parallel reports " << (WIFEXITED(rc) ? WEXITSTATUS(rc) : rc)
                  << " failed job(s)\n";
}

json run_batch(const SweepOptions& o, const SweepSpec& spec, const std::string& out,
               const std::vector<Point>& points, bool reuse, const std::string& jobs,
               const std::string& joblog) {
    OutputFile jobs_file((fs::path(out) / jobs).string(), "job list");
    int to_run = 0;
    // Points with the same values share a folder (a refit end may be a
    // consistent point, or both ends of a value one point): each folder runs
    // once, as two runs writing it at once would spoil each other's files,
    // and every such point reads its result.
    std::set<std::string> folders;
    for (const Point& p : points) {
        if (!p.impossible.empty() || (reuse && has_current_result(p))) continue;
        if (!folders.insert(p.dir).second) continue;
        write_point(o, spec, p);
        jobs_file.stream() << "sh " << shell_quote((fs::path(p.dir) / "rerun.sh").string()) << "\n";
        ++to_run;
    }
    jobs_file.close();
    if (to_run > 0) run_points(o, spec, out, jobs, joblog);
    return collect(spec, points)["points"];
}

} // namespace syncsim::sweep
