// `syncsim run --stats FILE`: the result flattened to one line per figure,
// `PATH VALUE UNIT # MEANING`, as gem5's stats.txt is, so that two runs
// compare with diff. The schema (result_schema.hpp) gives each figure's unit
// and meaning and says how a field flattens: `x-stats: skip` leaves it out
// (the inputs: config, platform), an array with `x-stats-key` lists each
// element under that field's value (`#`: its position), any other array
// gives its length as PATH::count.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace syncsim {

struct StatsLine {
    std::string path;
    std::string value; // as JSON writes it: a text is quoted
    std::string unit;  // "-" for none
    std::string meaning;
};

// Said of a field the schema does not describe (a test keeps it from
// happening on every shipped config).
inline constexpr const char* kUndescribed = "not described by the result schema";

// Every figure of `result`, in the result's key order, described by `schema`.
std::vector<StatsLine> stats_lines(const nlohmann::json& result, const nlohmann::json& schema);
// The file --stats writes: a header naming the run, then the lines, aligned.
std::string stats_text(const nlohmann::json& result, const nlohmann::json& schema);

} // namespace syncsim
