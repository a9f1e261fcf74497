// The GTKWave view, kernel-free: round markers stay at most 26 and spread
// over a run of any length, the zoom fits the trace into the pane, the name
// column fits the widest label, and a VCD event is written at every trigger.
#include "output/trace/gtkwave_layout.hpp"
#include "output/trace/vcd_writer.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>

using namespace syncsim;

TEST_CASE("round marks: every round of a short run, 26 spread over a long one") {
    RoundMarks few;
    for (std::uint32_t r = 1; r <= 5; ++r) few.add(r, r * 1000);
    REQUIRE(few.chosen().size() == 5);
    CHECK(few.chosen().front().round == 1);

    RoundMarks many;
    for (std::uint32_t r = 1; r <= 40000; ++r) many.add(r, r * 1000ull);
    const auto marks = many.chosen();
    REQUIRE(marks.size() == RoundMarks::kMarkers);
    CHECK(marks.front().round == 1);
    CHECK(marks.back().round > 35000); // the end of the run is marked too
    for (std::size_t i = 1; i < marks.size(); ++i) CHECK(marks[i].at_ps > marks[i - 1].at_ps);
}

TEST_CASE("the view's zoom fits the trace and the name column its widest label") {
    for (const std::uint64_t span : {1000ull, 2637000ull, 13072796ull, 5000000000ull}) {
        std::ostringstream g;
        write_gtkwave_view(g, {100, 100 + span, 30, {{1, 200}, {2, 300}}});
        const std::string text = g.str();
        std::istringstream in(text);
        std::string line;
        double zoom = 0;
        int width = 0;
        while (std::getline(in, line)) {
            if (line.rfind("[signals_width] ", 0) == 0) width = std::stoi(line.substr(16));
            if (line.rfind("*", 0) == 0) zoom = std::stod(line.substr(1));
        }
        CHECK(width >= 30 * 9); // 30 characters
        // 2^-zoom / 200 time units per save-file unit: the trace fits the pane.
        const double pane_units = 1600 - width - 110;
        CHECK(span <= std::pow(2.0, -zoom) / 200 * pane_units);
        CHECK(text.find("[markername] Around 1\n") != std::string::npos);
        CHECK(text.find("[markername] Bround 2\n") != std::string::npos);
    }
}

TEST_CASE("a VCD event is written at each trigger, a wire only when it changes") {
    const std::string path = (test::temp_dir() / "events.vcd").string();
    {
        VcdWriter vcd(path);
        const int wire = vcd.add_signal("x", "count", 4, 0);
        const int set = vcd.add_event("x", "count_set");
        vcd.change(wire, 10, 1); // a flag set and taken in one instant
        vcd.change(set, 10, 1);
        vcd.change(wire, 10, 0);
        vcd.change(set, 20, 1);
        vcd.close(30);
    }
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    CHECK(text.find("$var event 1 \" count_set $end") != std::string::npos);
    CHECK(text.find("#10\n1\"\n#20\n1\"\n") != std::string::npos);
    CHECK(text.find("b1 !") == std::string::npos); // the wire never showed 1
}

TEST_CASE("a group with no row is not written, and a very long name still leaves a pane") {
    GtkwaveGroups g;
    g.begin("AIC");
    g.end("AIC");
    CHECK(g.text().empty());
    g.begin("AIV");
    g.row("aiv0_state", "syncsim.aiv.aiv0.state[2:0]", "2024", 7);
    g.end("AIV");
    CHECK(g.text().find("-AIV\n@2024\n+{aiv0_state}") != std::string::npos);

    std::ostringstream save;
    write_gtkwave_view(save, {0, 1000000, 5000, {}});
    CHECK(save.str().find("inf") == std::string::npos);
    CHECK(save.str().find("[signals_width] 800\n") != std::string::npos);
}
