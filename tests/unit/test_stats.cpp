// Statistics as models declare them (models/report/stats.hpp) and as the
// result writes them: each at its dotted path, typed, absent ones left out.
#include "driver/run/stats_json.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace syncsim;
using nlohmann::json;

TEST_CASE("stats: groups write each statistic at its path, typed, and leave out absent ones",
          "[stats]") {
    std::uint64_t messages = 3;
    StatsGroup hub("hub");
    hub.add("hub.messages", "messages", "messages received", [&] { return messages; });
    hub.add("hub.errors", "records", "errors",
            [] { return ReportValue::List{record().with("core", "aiv0").with("time_ps", 5)}; });
    hub.add("hub.note", "", "only when there is one", [] { return ReportValue(); });
    StatsGroup l2("l2");
    l2.add("l2.queue_cycles", "cycles", "waits", [] { return 2.5; });
    l2.add("l2.served", "", "whether any", [] { return true; });
    l2.add("left_out", "records", "a key at the root", [] { return -1; });
    StatsRegistry registry;
    registry.add(hub);
    registry.add(l2);
    messages = 7; // read when the result is written, not when declared
    json out = json::object();
    write_stats(registry, out);
    const json want = json::parse(R"({
        "hub": {"messages": 7, "errors": [{"core": "aiv0", "time_ps": 5}]},
        "l2": {"queue_cycles": 2.5, "served": true},
        "left_out": -1})");
    CHECK(out == want);
    CHECK(out["hub"]["messages"].is_number_unsigned());
    CHECK(out["left_out"].is_number_integer());
    // A record built in steps keeps every field.
    RecordBuilder steps = record().with("a", 1);
    steps.with("b", "two");
    steps.with("c", ReportValue::List{3u, 4u});
    CHECK(to_json(ReportValue(std::move(steps).fields())) ==
          json::parse(R"({"a": 1, "b": "two", "c": [3, 4]})"));
    for (const StatsGroup* g : registry.groups())
        for (const Statistic& s : g->stats()) CHECK_FALSE(s.meaning.empty());
}

TEST_CASE("stats: none is a null the result keeps, absent is left out", "[stats]") {
    StatsGroup g("g");
    g.add("g.deadline_ps", "ps", "none: it never times out", [] { return ReportValue::none(); });
    g.add("g.absent", "", "left out", [] { return ReportValue(); });
    StatsRegistry registry;
    registry.add(g);
    json out = json::object();
    write_stats(registry, out);
    REQUIRE(out["g"].contains("deadline_ps"));
    CHECK(out["g"]["deadline_ps"].is_null());
    CHECK_FALSE(out["g"].contains("absent"));
    CHECK(to_json(record().with("d", ReportValue::none())) == json::parse(R"({"d": null})"));
}

TEST_CASE("stats: summary parts print by place, then in the groups' order", "[stats]") {
    StatsGroup cores("cores"), scheduler("scheduler"), hub("hub");
    hub.summary(SummaryPart::Ffts, [](SummaryOut& out) { out.os() << "ffts\n"; });
    scheduler.summary(SummaryPart::NotDone, [](SummaryOut& out) {
        if (out.opened(SummaryPart::NotDone)) out.os() << "  launch\n";
    });
    cores.summary(SummaryPart::Finish, [](SummaryOut& out) { out.os() << "finished\n"; });
    cores.summary(SummaryPart::NotDone, [](SummaryOut& out) {
        out.open(SummaryPart::NotDone);
        out.os() << "not done\n";
        out.left_out(20, 12, "cores");
    });
    StatsRegistry registry;
    registry.add(hub);
    registry.add(cores);
    registry.add(scheduler);
    std::ostringstream s;
    SummaryOut out(s);
    write_summary(registry, out, SummaryPart::NotDone, SummaryPart::Ffts);
    CHECK(s.str() ==
          "not done\n  ... and 8 more cores (the JSON result has all)\n  launch\nffts\n");
    std::ostringstream first;
    SummaryOut finish(first);
    write_summary(registry, finish, SummaryPart::Finish, SummaryPart::Finish);
    CHECK(first.str() == "finished\n");
    // Without the heading, a part that goes under it prints nothing.
    std::ostringstream alone;
    SummaryOut bare(alone);
    StatsRegistry only_scheduler;
    only_scheduler.add(scheduler);
    write_summary(only_scheduler, bare, SummaryPart::Finish, SummaryPart::Ffts);
    CHECK(alone.str().empty());
    CHECK(format_time(1234567) == "1.235 us");
}
