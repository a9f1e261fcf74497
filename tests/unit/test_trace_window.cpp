// Traces written as the run goes: a VCD flushed at a horizon is the same
// file as one held until the end, a window keeps its part (values before it
// dumped at its start), a round window learns its times from closed rows,
// and the trace options reject what they cannot read.
#include "config/yaml_view.hpp"
#include "driver/run/trace_options.hpp"
#include "output/trace/vcd_writer.hpp"
#include "tests/support/run_config.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <sstream>
#include <stdexcept>

using namespace syncsim;

namespace {

struct Change {
    int signal;
    std::uint64_t t, value;
};

// Changes as cores report them: each source in its own time order, the
// sources interleaved, every change at or after the kernel's time `now`.
std::vector<std::pair<std::uint64_t, Change>> interleaved_changes(int signals, int count) {
    std::mt19937 rng(7);
    std::vector<std::pair<std::uint64_t, Change>> out; // (now when reported, change)
    std::vector<std::uint64_t> ahead(static_cast<std::size_t>(signals), 0);
    std::uint64_t now = 0;
    for (int i = 0; i < count; ++i) {
        now += rng() % 3;
        const int s = static_cast<int>(rng() % static_cast<unsigned>(signals));
        auto& t = ahead[static_cast<std::size_t>(s)];
        t = std::max(t, now + rng() % 20); // this source runs up to 20 ps ahead
        out.push_back({now, {s, t, rng() % 4}});
    }
    return out;
}

std::string write_vcd(const std::string& name, bool streaming, const TraceWindow* window,
                      std::size_t* most_held = nullptr) {
    const std::string path = (test::temp_dir() / name).string();
    VcdWriter vcd(path, window);
    std::vector<int> ids;
    for (int s = 0; s < 6; ++s)
        ids.push_back(vcd.add_signal("core" + std::to_string(s), "v", 2, 0));
    std::uint64_t now = 0;
    if (streaming) vcd.set_horizon([&now] { return now; });
    std::size_t held = 0;
    for (const auto& [at, c] : interleaved_changes(6, 20000)) {
        now = at;
        vcd.change(ids[static_cast<std::size_t>(c.signal)], c.t, c.value);
        held = std::max(held, vcd.held());
    }
    vcd.close(now + 100);
    if (most_held) *most_held = held;
    return test::read_text(path);
}

// Timestamps in a VCD must rise (the dump at the start may repeat the first).
bool timestamps_rise(const std::string& vcd) {
    std::istringstream in(vcd);
    long long last = -1;
    int stamps = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '#') continue;
        const long long t = std::stoll(line.substr(1));
        if (t < last || (t == last && stamps > 1)) return false;
        last = t;
        ++stamps;
    }
    return stamps > 2;
}

} // namespace

TEST_CASE("vcd: flushed at the horizon, the file is the one written at the end", "[trace]") {
    OrderedChanges::set_flush_threshold_for_tests(64);
    std::size_t most_held = 0;
    const std::string held_all = write_vcd("all.vcd", false, nullptr);
    const std::string streamed = write_vcd("streamed.vcd", true, nullptr, &most_held);
    OrderedChanges::set_flush_threshold_for_tests(65536);
    CHECK(streamed == held_all);
    CHECK(timestamps_rise(held_all));
    CHECK(most_held < 1000); // of 20,000 changes: memory holds what is not final
}

TEST_CASE("vcd: a change before what was already written is an internal error", "[trace]") {
    VcdWriter vcd((test::temp_dir() / "late.vcd").string());
    const int id = vcd.add_signal("a", "v", 1, 0);
    vcd.change(id, 100, 1);
    vcd.flush(200);
    CHECK_THROWS_AS(vcd.change(id, 150, 0), std::logic_error);
}

TEST_CASE("vcd: a time window dumps the values at its start and stops at its end", "[trace]") {
    TraceSpec spec;
    spec.from_ps = 100;
    spec.to_ps = 300;
    TraceWindow window(spec);
    const std::string path = (test::temp_dir() / "window.vcd").string();
    {
        VcdWriter vcd(path, &window);
        const int a = vcd.add_signal("x", "a", 4, 0);
        const int b = vcd.add_signal("x", "b", 4, 0);
        vcd.change(a, 50, 3);  // before: a is 3 at the start
        vcd.change(b, 80, 1);  // before
        vcd.change(b, 90, 2);  // before, last value wins: b is 2
        vcd.change(a, 200, 5); // inside
        vcd.change(a, 400, 7); // after
        vcd.close(500);
    }
    const std::string text = test::read_text(path);
    CHECK_THAT(text, Catch::Contains("#100\n$dumpvars\nb11 !\nb10 \"\n$end\n#200\nb101 !\n#300\n"));
    CHECK_THAT(text, !Catch::Contains("#400"));
    CHECK_THAT(text, !Catch::Contains("b111 "));
}

TEST_CASE("trace window: rounds A..B span the first launch's round A first arrival to B's last "
          "release",
          "[trace]") {
    TraceSpec spec;
    spec.by_rounds = true;
    spec.first_round = 2;
    spec.last_round = 3;
    TraceWindow window(spec);
    RoundRow row;
    row.launch = 1;
    row.count = row.released = 4;
    const auto close = [&](std::uint64_t launch, std::uint32_t round, std::uint64_t first,
                           std::uint64_t last) {
        row.launch = launch;
        row.round = round;
        row.first_arrival = first;
        row.last_arrival = first + 5;
        row.last_release = last;
        window.round_closed(row);
    };
    close(1, 1, 10, 40);
    CHECK_FALSE(window.from_known());
    close(2, 2, 45, 60); // launch 2 closes round 2 first: it is the one shown
    CHECK(window.from() == 45);
    CHECK_FALSE(window.to_known());
    close(1, 2, 50, 70); // another launch's round 2: ignored
    close(1, 3, 75, 90);
    CHECK_FALSE(window.to_known());
    close(2, 3, 80, 95);
    CHECK(window.to() == 95);
}

TEST_CASE("trace options: windows, cores and signals are read or refused by name", "[trace]") {
    const TraceSpec t = parse_trace_spec("2 us..3us", "aiv0-3,aic", "state,rounds");
    CHECK(t.from_ps == 2000000);
    CHECK(t.to_ps == 3000000);
    CHECK(t.selects("aiv", 3));
    CHECK_FALSE(t.selects("aiv", 4));
    CHECK(t.selects("aic", 17));
    CHECK(t.selects(TraceSignal::State));
    CHECK_FALSE(t.selects(TraceSignal::FftsFlags));
    const TraceSpec open_end = parse_trace_spec("1ms..", "", "");
    CHECK(open_end.to_ps == kNoTime);
    const TraceSpec r = parse_trace_spec("rounds:10000..10010", "", "");
    CHECK(r.by_rounds);
    CHECK(r.last_round == 10010);
    for (const auto& [window, cores, signals, message] :
         std::vector<std::tuple<std::string, std::string, std::string, std::string>>{
             {"2us", "", "", "expected FROM..TO"},
             {"3us..2us", "", "", "ends before it starts"},
             {"2 parsecs..3us", "", "", "is not a duration"},
             {"rounds:0..3", "", "", "rounds count from 1"},
             {"rounds:5..x", "", "", "whole round numbers"},
             {"", "vec3", "", "'vec3' is not a core"},
             {"", "aiv5-2", "", "is not an index or a range"},
             {"", "", "state,colour", "'colour' is none of state, round"}}) {
        INFO(window << " | " << cores << " | " << signals);
        try {
            parse_trace_spec(window, cores, signals);
            FAIL("accepted");
        } catch (const ConfigError& e) {
            CHECK_THAT(e.what(), Catch::Contains(message));
        }
    }
}

TEST_CASE("trace size cap: bytes with decimal or binary units, 0 for none, a clear refusal") {
    CHECK(parse_trace_size("4GB") == 4'000'000'000ull);
    CHECK(parse_trace_size("500MB") == 500'000'000ull);
    CHECK(parse_trace_size("2GiB") == 2ull * 1024 * 1024 * 1024);
    CHECK(parse_trace_size("1000") == 1000);
    CHECK(parse_trace_size("0") == 0);
    CHECK(parse_trace_size("64kB") == 64'000);
    for (const char* bad :
         {"", "GB", "4 GB", "-1", "4gb", "1.5GB", "9999999999999999GB", "999999999999TB"})
        CHECK_THROWS_WITH(parse_trace_size(bad),
                          Catch::Contains("a whole number of bytes with an optional unit"));
}
