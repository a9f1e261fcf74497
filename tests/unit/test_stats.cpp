// Statistics as models declare them (models/report/stats.hpp) and as the
// result writes them: each at its dotted path, typed, absent ones left out.
#include "driver/stats_json.hpp"

#include <catch2/catch.hpp>

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
