// Traces of part of a long run: --window (time or rounds), --cores and
// --signals cut the VCD, the timeline and the round rows, and what is kept
// is what the whole trace says at those times; FST through vcd2fst; save
// files that refer to their trace relatively, so a run folder can move.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace syncsim;
using Catch::Contains;

namespace {

const std::string kBarrier = "run configs/sweeps/barrier_rounds_base.yaml --set platform=910b1 "
                             "--set workload.params.block_dim=48 --set workload.params.rounds=300 ";

// A VCD read back: each signal's (dotted name) changes in time order, the
// dump at the start included.
struct Vcd {
    std::uint64_t start = 0, end = 0;
    std::map<std::string, std::vector<std::pair<std::uint64_t, std::string>>> changes;

    // The value after every change at or before t (leading zeros dropped:
    // writers pad vectors differently).
    std::string at(const std::string& signal, std::uint64_t t) const {
        std::string v = "?";
        for (const auto& [when, value] : changes.at(signal))
            if (when <= t) v = value;
        const std::size_t one = v.find_first_not_of('0');
        return one == std::string::npos ? "0" : v.substr(one);
    }
};

Vcd read_vcd(const std::string& path) {
    Vcd vcd;
    std::istringstream in(test::read_text(path));
    std::map<std::string, std::string> name_of; // id code -> dotted name
    std::vector<std::string> scope;
    std::uint64_t now = 0;
    bool first_time = true;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string w;
        words >> w;
        if (w == "$scope") {
            std::string kind, name;
            words >> kind >> name;
            scope.push_back(name);
        } else if (w == "$upscope") {
            scope.pop_back();
        } else if (w == "$var") {
            std::string type, width, code, name;
            words >> type >> width >> code >> name;
            std::string dotted;
            for (const auto& s : scope) dotted += s + ".";
            name_of[code] = dotted + name;
        } else if (!w.empty() && w[0] == '#') {
            now = std::stoull(w.substr(1));
            if (first_time) vcd.start = now;
            first_time = false;
            vcd.end = now;
        } else if (!w.empty() && w[0] == 'b') {
            std::string code;
            words >> code;
            vcd.changes[name_of.at(code)].push_back({now, w.substr(1)});
        } else if (!w.empty() && (w[0] == '0' || w[0] == '1') && name_of.count(w.substr(1))) {
            vcd.changes[name_of.at(w.substr(1))].push_back({now, w.substr(0, 1)});
        }
    }
    return vcd;
}

// Field i of a CSV line.
std::uint64_t csv_field(const std::string& line, int i) {
    std::istringstream in(line);
    std::string f;
    for (int k = 0; k <= i; ++k) std::getline(in, f, ',');
    return std::stoull(f);
}

} // namespace

TEST_CASE("trace window: rounds 100..102 of 300 keep those rounds, as the whole trace has them",
          "[trace]") {
    const std::string dir = test::temp_dir().string();
    REQUIRE(test::run_syncsim(kBarrier + "--vcd " + dir + "/all.vcd --rounds " + dir + "/all.csv")
                .exit_code == 0);
    const auto r = test::run_syncsim(
        kBarrier + "--vcd " + dir + "/w.vcd --timeline " + dir + "/w.json --rounds " + dir +
        "/w.csv --window rounds:100..102 " + "--cores aiv0-3,aiv40 --signals state,round,rounds");
    REQUIRE(r.exit_code == 0);
    const auto all_rows = test::lines_of(test::read_text(dir + "/all.csv"));
    const auto rows = test::lines_of(test::read_text(dir + "/w.csv"));
    REQUIRE(rows.size() == 4); // header + rounds 100, 101, 102
    CHECK_THAT(r.output, Contains("traces     window rounds 100 .. 102: 16.310 us .. 16.798 us"));
    CHECK(rows[1] == all_rows[100]);
    CHECK(rows[3] == all_rows[102]);
    const std::uint64_t from = csv_field(rows[1], 5), to = csv_field(rows[3], 8);

    const Vcd whole = read_vcd(dir + "/all.vcd"), part = read_vcd(dir + "/w.vcd");
    CHECK(part.start == from);
    CHECK(part.end == to);
    // Only the chosen cores and kinds of signal; each core's state and round.
    CHECK(part.changes.size() == 5 * 2 + 1);
    CHECK(part.changes.count("syncsim.aiv.aiv40.state") == 1);
    CHECK(part.changes.count("syncsim.aiv.aiv4.state") == 0);
    CHECK(part.changes.count("syncsim.aiv.aiv0.ffts_flag0") == 0);
    // Every value the window shows is the whole trace's value at that time.
    std::size_t compared = 0;
    for (const auto& [signal, changes] : part.changes)
        for (const auto& [t, value] : changes) {
            INFO(signal << " at " << t);
            CHECK(t >= from);
            CHECK(t <= to);
            CHECK(part.at(signal, t) == whole.at(signal, t));
            ++compared;
        }
    CHECK(compared > 5 * 3 * 2); // at least an arrival and a release per core and round

    // The timeline: only those cores, nothing outside the window.
    const auto tl = nlohmann::json::parse(test::read_text(dir + "/w.json"));
    std::set<int> tids;
    int arrivals = 0;
    for (const auto& e : tl["traceEvents"]) {
        if (e["ph"] == "M") continue;
        tids.insert(e["tid"].get<int>());
        const double ts = e["ts"].get<double>() * 1e6, dur = e.value("dur", 0.0) * 1e6;
        // Times are to the ns: within 500 ps of the window.
        CHECK(ts >= static_cast<double>(from) - 500.5);
        CHECK(ts + dur <= static_cast<double>(to) + 500.5);
        const std::string name = e["name"];
        if (name.rfind("arrive round ", 0) == 0) {
            const int round = std::stoi(name.substr(13));
            CHECK(round >= 100); // a core released early from 102 may arrive at 103 inside
            if (round <= 102) ++arrivals;
        }
    }
    CHECK(tids.size() == 5);
    CHECK(arrivals == 5 * 3);
}

TEST_CASE("trace window: a time window cuts slices and dumps the state at its start", "[trace]") {
    const std::string dir = test::temp_dir().string();
    REQUIRE(test::run_syncsim(kBarrier + "--vcd " + dir + "/all.vcd").exit_code == 0);
    REQUIRE(test::run_syncsim(kBarrier + "--vcd " + dir + "/t.vcd --timeline " + dir +
                              "/t.json --window 5us..6us")
                .exit_code == 0);
    const Vcd whole = read_vcd(dir + "/all.vcd"), part = read_vcd(dir + "/t.vcd");
    CHECK(part.start == 5000000);
    CHECK(part.end == 6000000);
    for (const auto& [signal, changes] : part.changes)
        for (const auto& [t, value] : changes) {
            INFO(signal << " at " << t);
            CHECK(part.at(signal, t) == whole.at(signal, t));
        }
    const auto tl = nlohmann::json::parse(test::read_text(dir + "/t.json"));
    bool cut_at_start = false;
    for (const auto& e : tl["traceEvents"])
        if (e["ph"] == "X") {
            CHECK(e["ts"].get<double>() >= 5.0);
            CHECK(e["ts"].get<double>() + e["dur"].get<double>() <= 6.0 + 1e-9);
            cut_at_start = cut_at_start || e["ts"].get<double>() == 5.0;
        }
    CHECK(cut_at_start); // a slice open at 5 us starts there
}

TEST_CASE("trace window: flushing at every few changes writes the same VCD as flushing rarely",
          "[trace]") {
    const std::string dir = test::temp_dir().string();
    for (const std::string config :
         {"configs/a5/hard_mix_1_2.yaml", "configs/a5/soft_aiv_rounds_sweep.yaml",
          "configs/foundation/pipe_deadlock.yaml", "configs/a2/atomic_add_faults.yaml"}) {
        INFO(config);
        ::unsetenv("SYNCSIM_TRACE_FLUSH_EVERY");
        const auto rare_run = test::run_syncsim("run " + config + " --vcd " + dir + "/rare.vcd");
        ::setenv("SYNCSIM_TRACE_FLUSH_EVERY", "1", 1);
        const auto often_run = test::run_syncsim("run " + config + " --vcd " + dir + "/often.vcd");
        ::unsetenv("SYNCSIM_TRACE_FLUSH_EVERY");
        CHECK(often_run.exit_code == rare_run.exit_code);
        CHECK(often_run.exit_code < 2); // 3 would be a change behind the horizon
        CHECK(often_run.output == rare_run.output.substr(0, rare_run.output.find("\nwall")) +
                                      often_run.output.substr(often_run.output.find("\nwall")));
        const std::string rare = test::read_text(dir + "/rare.vcd");
        CHECK(rare.size() > 1000);
        CHECK(rare == test::read_text(dir + "/often.vcd"));
    }
}

TEST_CASE("trace window: a round window the run never reaches says so", "[trace]") {
    const auto r =
        test::run_syncsim("run configs/sweeps/barrier_rounds_base.yaml --vcd " +
                          (test::temp_dir() / "n.vcd").string() + " --window rounds:3000..3001");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.output, Contains("traces     window rounds 3000 .. 3001: never reached"));
}

TEST_CASE("trace window: the save file refers to its trace and filters relatively", "[trace]") {
    namespace fs = std::filesystem;
    const fs::path run = test::temp_dir() / "run_folder";
    fs::create_directories(run);
    REQUIRE(test::run_syncsim("run configs/quickstart.yaml --vcd " + (run / "q.vcd").string())
                .exit_code == 0);
    const std::string save = test::read_text((run / "q.gtkw").string());
    CHECK_THAT(save, Contains("[dumpfile] \"q.vcd\"\n[savefile] \"q.gtkw\"\n"));
    CHECK_THAT(save, Contains("^1 q.states.txt\n"));
    CHECK_THAT(save, !Contains(test::temp_dir().string()));
}

TEST_CASE("trace window: an .fst trace goes through vcd2fst and holds the VCD's changes",
          "[trace]") {
    const std::string dir = test::temp_dir().string();
    REQUIRE(test::run_syncsim(kBarrier + "--vcd " + dir + "/x.vcd").exit_code == 0);
    const auto r = test::run_syncsim(kBarrier + "--vcd " + dir + "/x.fst");
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.output, !Contains("vcd2fst")); // the converter's chatter is not the summary's
    CHECK_THAT(test::read_text(dir + "/x.gtkw"), Contains("[dumpfile] \"x.fst\""));
    const std::string back = dir + "/back.vcd";
    REQUIRE(std::system(("fst2vcd " + dir + "/x.fst > " + back + " 2>/dev/null").c_str()) == 0);
    const Vcd original = read_vcd(dir + "/x.vcd"), converted = read_vcd(back);
    REQUIRE(converted.changes.size() == original.changes.size());
    for (const auto& [signal, changes] : original.changes) {
        INFO(signal);
        REQUIRE(converted.changes.count(signal) == 1);
        for (const auto& change : changes)
            CHECK(converted.at(signal, change.first) == original.at(signal, change.first));
    }
}

TEST_CASE("trace window: options that cannot apply are refused with exit 2", "[trace]") {
    const std::string dir = test::temp_dir().string();
    for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
             {"run configs/quickstart.yaml --window 1us..2us",
              "--window selects what traces keep: it needs --vcd, --timeline or --rounds"},
             {"run configs/quickstart.yaml --vcd " + dir + "/b.vcd --cores aiv72",
              "--cores: aiv72 is not a core of 950pr, which has 72 aiv cores (aiv0-71)"},
             {"run configs/quickstart.yaml --vcd " + dir + "/b.vcd --window 2us",
              "--window '2us': expected FROM..TO"},
             {"run configs/quickstart.yaml --vcd " + dir + "/b.vcd --signals colour",
              "'colour' is none of state, round"},
             {"run configs/vortex/dogfood_bar.yaml --vcd " + dir + "/b.vcd --cores aiv0",
              "--cores and --signals are for Ascend platforms"},
             {"run configs/quickstart.yaml --vcd " + dir + "/b.vcd --window ''",
              "--window needs a value"}}) {
        INFO(args);
        const auto r = test::run_syncsim(args);
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.output, Contains(message));
    }
}

TEST_CASE("trace window: a vortex trace takes a time window", "[trace]") {
    const std::string dir = test::temp_dir().string();
    const auto r = test::run_syncsim("run configs/vortex/dogfood_bar.yaml --vcd " + dir +
                                     "/v.vcd --window 100ns..300ns");
    REQUIRE(r.exit_code == 0);
    const Vcd v = read_vcd(dir + "/v.vcd");
    CHECK(v.start == 100000);
    CHECK(v.end == 300000);
}
