// The --stats flattening (driver/run/stats_dump.hpp), kernel-free: a small
// schema's annotations, then the built-in schema over every golden result.
#include "driver/run/result_schema.hpp"
#include "driver/run/stats_dump.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace syncsim;
using nlohmann::json;

namespace stats_dump_test {

std::map<std::string, StatsLine> by_path(const json& result, const json& schema) {
    std::map<std::string, StatsLine> out;
    for (const StatsLine& l : stats_lines(result, schema)) out[l.path] = l;
    return out;
}

const json kSchema = json::parse(R"json({
  "type": "object",
  "properties": {
    "time": {"type": "object", "description": "simulated time", "properties": {
      "end_ps": {"type": "integer", "description": "when the run ended", "unit": "ps"}}},
    "inputs": {"type": "object", "description": "left out", "x-stats": "skip"},
    "cores": {"type": "array", "description": "each core", "x-stats-key": "core",
              "items": {"$ref": "#/$defs/core"}},
    "log": {"type": "array", "description": "the log", "items": {"type": "string"}},
    "span": {"type": "array", "description": "from, to", "x-stats-key": "#",
             "items": {"type": "integer", "description": "a time", "unit": "ps"}},
    "checks": {"type": "array", "description": "checks", "x-stats-key": "name",
               "items": {"type": "object", "properties": {
                 "name": {"type": "string", "description": "its name"},
                 "ok": {"type": "boolean", "description": "passed"}}}},
    "figures": {"type": "object", "description": "by name", "additionalProperties": {
      "type": "object", "properties": {
        "value": {"type": "number", "description": "the figure", "x-unit-from": "unit",
                  "x-meaning-from": "what"},
        "unit": {"type": "string", "x-stats": "skip"},
        "what": {"type": "string", "x-stats": "skip"}}}},
    "last": {"oneOf": [{"$ref": "#/$defs/core"}, {"type": "null", "description": "none"}],
             "description": "the last core"}
  },
  "$defs": {"core": {"type": "object", "description": "a core", "properties": {
    "core": {"type": "string", "description": "its name"},
    "polls": {"type": "integer", "description": "polls it made", "unit": "polls"}}}}
})json");

TEST_CASE("stats dump: a schema's annotations say how a result flattens", "[stats]") {
    const json result = json::parse(R"json({
      "time": {"end_ps": 1500}, "inputs": {"a": 1},
      "cores": [{"core": "aiv0", "polls": 3}, {"core": "aiv1", "polls": 0}],
      "log": ["a", "b", "c"], "span": [10, 20],
      "checks": [{"name": "sum == 4 (all)", "ok": true}, {"name": "sum == 4 (all)", "ok": false}],
      "figures": {"gap_ns": {"value": 2.5, "unit": "ns", "what": "the gap"}},
      "last": null, "extra": 7
})json");
    const auto lines = by_path(result, kSchema);
    CHECK(lines.at("time.end_ps").value == "1500");
    CHECK(lines.at("time.end_ps").unit == "ps");
    CHECK(lines.at("time.end_ps").meaning == "when the run ended");
    CHECK(lines.count("inputs.a") == 0); // x-stats: skip
    // Elements under their key; the key field itself is the path.
    CHECK(lines.at("cores.aiv1.polls").value == "0");
    CHECK(lines.at("cores.aiv1.polls").unit == "polls");
    CHECK(lines.count("cores.aiv0.core") == 0);
    // A list without a key gives its length.
    CHECK(lines.at("log::count").value == "3");
    CHECK(lines.at("log::count").unit == "entries");
    CHECK(lines.at("span.1").value == "20");
    // A name with spaces and signs becomes one path part; a repeat is numbered.
    CHECK(lines.at("checks.sum_4_all.ok").value == "true");
    CHECK(lines.at("checks.sum_4_all#2.ok").value == "false");
    // A record that carries its own unit and meaning.
    CHECK(lines.at("figures.gap_ns.value").unit == "ns");
    CHECK(lines.at("figures.gap_ns.value").meaning == "the gap");
    CHECK(lines.count("figures.gap_ns.unit") == 0);
    // A plugin's own unit and meaning stay on one line, the unit one word.
    json odd = result;
    odd["figures"]["gap_ns"] = {{"value", 1}, {"unit", "n s"}, {"what", "line\nbreak"}};
    const auto odd_lines = by_path(odd, kSchema);
    CHECK(odd_lines.at("figures.gap_ns.value").unit == "n_s");
    CHECK(odd_lines.at("figures.gap_ns.value").meaning == "line break");
    // oneOf: the alternative of the value's type; text values quoted; a
    // field the schema lacks is said to be so, not dropped.
    CHECK(lines.at("last").value == "null");
    CHECK(lines.at("extra").meaning == kUndescribed);
    CHECK(lines.at("extra").unit == "-");
}

TEST_CASE("stats dump: the text has a header and one aligned line per figure", "[stats]") {
    const json result = {{"schema_version", 1},
                         {"syncsim", "9.9"},
                         {"time", {{"end_ps", 5}}},
                         {"log", json::array({"x"})}};
    const std::string text = stats_text(result, kSchema);
    CHECK(text.rfind("# syncsim 9.9 statistics: ? on ?\n# result schema 1 ", 0) == 0);
    std::istringstream in(text);
    std::string line;
    std::set<std::size_t> hash_columns;
    int figures = 0;
    while (std::getline(in, line)) {
        if (line.rfind("# ", 0) == 0) continue;
        ++figures;
        CHECK(std::regex_match(line, std::regex(R"(\S+ +\S.* +\S+ +# .+)")));
        hash_columns.insert(line.find(" # "));
    }
    CHECK(figures == 4);
    CHECK(hash_columns.size() == 1);
    CHECK(text.find("log::count ") != std::string::npos);
}

// Every figure of every golden result has a meaning in the built-in schema:
// a field added to the result without one fails here (and the schema check
// in scripts/check_result_schema.py refuses it as an unknown property).
TEST_CASE("stats dump: the built-in schema describes every figure of every golden result",
          "[stats]") {
    const json& schema = result_schema();
    CHECK(schema["properties"]["schema_version"]["const"] == kResultSchemaVersion);
    int results = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(test::repo_file("tests/golden"))) {
        if (entry.path().extension() != ".json") continue;
        ++results;
        std::ifstream in(entry.path());
        const json result = json::parse(in);
        CHECK(result.value("schema_version", 0) == kResultSchemaVersion);
        for (const StatsLine& l : stats_lines(result, schema)) {
            INFO(entry.path().string() << ": " << l.path);
            CHECK(l.meaning != kUndescribed);
        }
    }
    CHECK(results >= 100);
}

} // namespace stats_dump_test
